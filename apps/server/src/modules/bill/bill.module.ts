import type { Platform } from '../../platform';
import { reviewNamesOf } from '../../lib/review-queue';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { MemberInvoiceApi } from '../member-invoice/member-invoice.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { StaffApi } from '../staff/staff.module';
import type { UploadApi } from '../upload/upload.module';
import { createBillRepository } from './bill.repository';
import { registerBillRoutes } from './bill.routes';
import { seedBills } from './bill.seed';
import { createBillService, SELLER } from './bill.service';

/**
 * Bills and the invoicing centre (开票中心, decisions 0067–0069): bills follow paid orders
 * (written by the database in the payment's statement), members request invoices, finance
 * issues or rejects them, InvoiceMail sends the PDF.
 */
export const billModule = appModule({
  seed: seedBills,
  create: (
    {
      db,
      now,
      storage,
      store,
      config,
      invoiceMail,
      invoiceMailOutbox,
      logError,
    }: Pick<
      Platform,
      | 'db'
      | 'now'
      | 'storage'
      | 'store'
      | 'config'
      | 'invoiceMail'
      | 'invoiceMailOutbox'
      | 'logError'
    >,
    modules: {
      member: MemberApi;
      staff: StaffApi;
      memberMessage: MemberMessageApi;
      memberInvoice: MemberInvoiceApi;
      upload: UploadApi;
    },
  ) => {
    const bills = createBillService({
      db,
      repository: createBillRepository(db),
      invoices: modules.memberInvoice,
      messages: modules.memberMessage,
      uploads: modules.upload,
      storage,
      store,
      mailer: invoiceMail,
      names: reviewNamesOf(modules.member, modules.staff),
      isProduction: config.isProduction,
      seller: SELLER,
      now,
      logError,
    });
    return {
      api: {},
      routes: (route) =>
        registerBillRoutes(route, bills, {
          mail: invoiceMailOutbox,
          isProduction: config.isProduction,
          uploads: modules.upload,
        }),
    };
  },
});
