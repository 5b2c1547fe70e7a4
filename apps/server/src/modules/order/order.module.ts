import { createAddressLimit } from '../../http/address-limit';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberContactApi } from '../member-contact/member-contact.module';
import type { MemberInvoiceApi } from '../member-invoice/member-invoice.module';
import type { MemberReceiverApi } from '../member-receiver/member-receiver.module';
import type { MemberApi } from '../member/member.module';
import type { PriceSheetApi } from '../price-sheet/price-sheet.module';
import type { UploadApi } from '../upload/upload.module';
import { createOrderRepository } from './order.repository';
import { registerOrderRoutes } from './order.routes';
import { seedOrders } from './order.seed';
import { createOrderService } from './order.service';
import { createQuoteService } from './quote.service';
import { createStaffOrderService } from './staff-order.service';

export { shanghaiDay } from './order.service';

export const QUOTE_RATE_LIMITED_MESSAGE = '计价请求过于频繁，请稍后再试';

/**
 * Quotes and orders of PCB, SMT and stencils (decision 0028): CalcPrice with the published
 * sheet (a budget per client address), the one-line summaries, placing an order (repriced by the server, 409 when the page's
 * price is stale, idempotent per request id), and the staff's list of new orders.
 */
export const orderModule = appModule({
  seed: seedOrders,
  create: (
    {
      db,
      now,
      storage,
      store,
      config,
    }: Pick<Platform, 'db' | 'now' | 'storage' | 'store' | 'config'>,
    deps: {
      member: MemberApi;
      upload: UploadApi;
      memberInvoice: MemberInvoiceApi;
      memberReceiver: MemberReceiverApi;
      memberContact: MemberContactApi;
      priceSheet: PriceSheetApi;
    },
  ) => {
    const repository = createOrderRepository(db);
    const quotes = createQuoteService({
      priceSheets: deps.priceSheet,
      receivers: deps.memberReceiver,
      now,
    });
    const orders = createOrderService({
      repository,
      priceSheets: deps.priceSheet,
      receivers: deps.memberReceiver,
      contacts: deps.memberContact,
      invoices: deps.memberInvoice,
      uploads: deps.upload,
      now,
    });
    const staffOrders = createStaffOrderService({
      repository,
      member: deps.member,
      storage,
      now,
    });
    // Quotes are anyone's (no login): one budget per client address for the three kinds.
    const limitQuotes = createAddressLimit({
      store,
      now,
      name: 'quote',
      perMinute: config.rateLimits.quotesPerMinute,
      message: QUOTE_RATE_LIMITED_MESSAGE,
    });
    return {
      routes: (route) => registerOrderRoutes(route, { quotes, limitQuotes }, orders, staffOrders),
    };
  },
});
