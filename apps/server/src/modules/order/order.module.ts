import { ORDER_STATE_RATE_LIMITED_MESSAGE } from '@pcb/contract';
import { createMemberOrderTotals } from './member-order-totals';
import { createAddressLimit } from '../../http/address-limit';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { AuditApi } from '../audit/audit.module';
import type { StaffApi } from '../staff/staff.module';
import { DEMO_FACTORY_STAFF } from '../staff/staff.module';
import { createDemoFactory, registerDemoFactory } from './demo-factory';
import {
  createUnpaidOrders,
  registerUnpaidOrderJobs,
  unpaidPolicy,
  unpaidTimers,
} from './unpaid-orders';
import type { MemberPointApi } from '../member-point/member-point.module';
import type { MemberContactApi } from '../member-contact/member-contact.module';
import type { MemberInvoiceApi } from '../member-invoice/member-invoice.module';
import type { MemberReceiverApi } from '../member-receiver/member-receiver.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { MemberGradeApi } from '../member-grade/member-grade.module';
import type { MemberApi } from '../member/member.module';
import type { PriceSheetApi } from '../price-sheet/price-sheet.module';
import type { PaymentApi } from '../payment/payment.module';
import type { UploadApi } from '../upload/upload.module';
import { createEqService } from './eq.service';
import { createMemberOrderService } from './member-order.service';
import { createOrderLifecycle } from './order-lifecycle';
import { createOrderLifecycleRepository } from './order-lifecycle.repository';
import { registerOrderLifecycleRoutes } from './order-lifecycle.routes';
import { createOrderStateService } from './order-state.service';
import { createOrderViews } from './order-views';
import { offlinePaymentLookup } from './offline-payment-lookup';
import { createOrderParcelRecords } from './order-parcels';
import { createPayableOrders } from './order-payments';
import { createOrderRepository } from './order.repository';
import { registerOrderRoutes } from './order.routes';
import { seedOrders } from './order.seed';
import { createOrderService } from './order.service';
import { createQuoteService } from './quote.service';
import { createStaffOrderLifecycleService } from './staff-order-lifecycle.service';
import { createStaffOrderService } from './staff-order.service';

export { shanghaiDay } from './order.service';
export {
  demoOrdersForCredit,
  seedCompleteDemoOrder,
  seedPayableOrders,
  type DemoCreditRole,
} from './order.seed';
export type { OfflinePaymentLookup } from './offline-payment-lookup';
import type { OrderNotifier } from './order-notifier';
export type { MemberNotice, MessageCategory, OrderNotifier } from './order-notifier';

export const QUOTE_RATE_LIMITED_MESSAGE = '计价请求过于频繁，请稍后再试';

/**
 * Quotes and orders of PCB, SMT and stencils (decision 0028): CalcPrice with the published
 * sheet (a budget per client address), the one-line summaries, placing an order (repriced by the server, 409 when the page's
 * price is stale, idempotent per request id); and the order's life (decision 0042): the
 * member's calls, engineering questions, the public look-up, the staff's desk and actions.
 * Order events reach the member as site messages (the member-message module's, in the event's
 * transaction; tests may pass their own `orderNotifier`).
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
      orderNotifier,
      jobs,
    }: Pick<Platform, 'db' | 'now' | 'storage' | 'store' | 'config' | 'orderNotifier' | 'jobs'>,
    deps: {
      audit: AuditApi;
      staff: StaffApi;
      member: MemberApi;
      upload: UploadApi;
      memberInvoice: MemberInvoiceApi;
      memberReceiver: MemberReceiverApi;
      memberContact: MemberContactApi;
      priceSheet: PriceSheetApi;
      memberMessage: MemberMessageApi;
      payment: PaymentApi;
      memberGrade: MemberGradeApi;
      memberPoint: MemberPointApi;
    },
  ) => {
    // Order events reach the member as site messages, written in the event's transaction.
    const notifier: OrderNotifier = orderNotifier ?? {
      notifyIn: async (tx, notice) => {
        await deps.memberMessage.sendIn(tx, notice);
      },
    };
    const repository = createOrderRepository(db);
    const lifecycleRepository = createOrderLifecycleRepository(db);
    const policy = unpaidPolicy(config.orders.unpaidCancelDays);
    const timers = unpaidTimers(jobs, policy);
    const lifecycle = createOrderLifecycle({
      repository: lifecycleRepository,
      orders: repository,
      notifier,
      now,
      onStatusChange: async (tx, before, after) => {
        // While an order waits in 待付款, its reminder-then-cancel job waits with it.
        await timers(tx, before, after);
        // Payments under way close when it leaves 待付款; a paid order cancelled is refunded.
        await deps.payment.orders.onStatusChange(tx, before, after);
        // A completed order earns points once, by what was paid (decision 0073).
        if (after.status === 'completed') {
          const paidFen = await deps.payment.orders.memberPaidIn(tx, after.id);
          if (paidFen !== null) {
            await deps.memberPoint.earnForOrderIn(tx, {
              id: after.id,
              orderNo: after.orderNo,
              memberId: after.memberId,
              paidFen,
            });
          }
        }
      },
    });
    deps.payment.orders.connect(
      createPayableOrders({ lifecycle, repository: lifecycleRepository }),
    );
    const unpaid = createUnpaidOrders({
      lifecycle,
      repository: lifecycleRepository,
      jobs,
      policy,
      now,
    });
    const staffLifecycle = createStaffOrderLifecycleService({
      lifecycle,
      repository: lifecycleRepository,
      uploads: deps.upload,
      payments: deps.payment.orders,
      financeCounts: deps.payment.financeCounts,
      now,
    });
    const factory = createDemoFactory({
      paceMs: config.demoFactory?.paceMs ?? null,
      jobs,
      staff: staffLifecycle,
      repository: lifecycleRepository,
      record: deps.audit.record,
      isDemoMember: deps.member.isDemo,
      actor: () => deps.staff.actorByUserName(DEMO_FACTORY_STAFF.userName),
      now,
    });
    const views = createOrderViews({ storage, now, paidWith: deps.payment.orders.paidWith });
    const quotes = createQuoteService({
      priceSheets: deps.priceSheet,
      receivers: deps.memberReceiver,
      grades: deps.memberGrade,
      now,
    });
    const orders = createOrderService({
      repository,
      priceSheets: deps.priceSheet,
      receivers: deps.memberReceiver,
      contacts: deps.memberContact,
      invoices: deps.memberInvoice,
      uploads: deps.upload,
      grades: deps.memberGrade,
      now,
      onPlaced: factory.startIn,
    });
    const staffOrders = createStaffOrderService({
      repository,
      lifecycle: lifecycleRepository,
      views,
      member: deps.member,
      storage,
      now,
    });
    const members = createMemberOrderService({
      lifecycle,
      repository: lifecycleRepository,
      orders: repository,
      views,
      receivers: deps.memberReceiver,
      uploads: deps.upload,
      priceSheets: deps.priceSheet,
      grades: deps.memberGrade,
      now,
      onPlaced: factory.startIn,
    });
    const eqs = createEqService({
      lifecycle,
      repository: lifecycleRepository,
      views,
      uploads: deps.upload,
      now,
    });
    // The public look-up answers anyone: one budget per client address.
    const limitStates = createAddressLimit({
      store,
      now,
      name: 'orderState',
      perMinute: config.rateLimits.orderStatesPerMinute,
      message: ORDER_STATE_RATE_LIMITED_MESSAGE,
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
      api: {
        parcels: createOrderParcelRecords(db),
        offlinePayments: offlinePaymentLookup,
        memberTotals: createMemberOrderTotals(db),
      },
      routes: (route) => {
        registerOrderRoutes(route, { quotes, limitQuotes }, orders, staffOrders);
        registerOrderLifecycleRoutes(route, {
          members,
          eqs,
          states: createOrderStateService({ repository: lifecycleRepository }),
          limitStates,
          staff: staffLifecycle,
        });
      },
      jobs: (registry) => {
        registerUnpaidOrderJobs(registry, unpaid);
        registerDemoFactory(registry, factory);
      },
    };
  },
});
