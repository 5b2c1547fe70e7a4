import type { OnlinePayment, OrderPaidWith } from '@pcb/contract';
import type { Db, Tx } from '../../db/client';
import type { AuthMember } from '../../http/auth';
import type { Clock } from '../../lib/clock';
import type { Platform } from '../../platform';
import { appModule, type SeedTx } from '../app-module';
import type { MemberAuthApi } from '../member-auth/member-auth.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { MemberRebateApi } from '../member-rebate/member-rebate.module';
import type { MemberApi } from '../member/member.module';
import type { StaffApi } from '../staff/staff.module';
import type { WechatApi } from '../wechat/wechat.module';
import { createAdjustments } from './adjustment.service';
import { createBankCredits, type BankCredits } from './bank-credit';
import {
  creditBillSlot,
  creditPayerSlot,
  type CreditBillPayee,
  type CreditPayer,
} from './credit-payer';
import { createBillPayments, type BillPaymentInput } from './bill-payments';
import { createFinanceRepository } from './finance.repository';
import { registerFinanceRoutes } from './finance.routes';
import { createFinanceService } from './finance.service';
import { createLedger, type Ledger } from './ledger.repository';
import { createMiniProgramPay } from './mini-program-pay.service';
import { createMoneyService } from './money.service';
import { registerNotifyRoutes } from './notify.routes';
import { createOnlinePayments } from './online-payments';
import { createOrderMoney, recordOfflinePaymentIn, type OfflinePayment } from './order-money';
import type { OrderMoneyRef, PayableOrder, PayableOrders } from './payable-orders';
import { createPayService, payOrderFromIn } from './pay.service';
import { createPayTokens } from './pay-tokens';
import {
  closeJob,
  expireJob,
  PAYMENT_SWEEP_SCHEDULE,
  paymentSweepJob,
  refundJob,
} from './payment-jobs';
import { createPaymentRepository } from './payment.repository';
import { registerPaymentRoutes } from './payment.routes';
import { seedPayments } from './payment.seed';
import { createRechargeService } from './recharge.service';
import { createReconciler, type Reconciler } from './reconcile';
import { createRefunds } from './refunds';
import { createRequestIds } from './request-ids';
import { createSettlement } from './settlement';

export type { OrderMoneyRef, PayableOrder, PayableOrders } from './payable-orders';
export type { CreditBillPayee, CreditBillRef, CreditPayer } from './credit-payer';
export { BILL_NOT_FOUND } from './bill-payments';
export { accounts, createLedger, LedgerShortfall, type Ledger } from './ledger.repository';

/**
 * For the demo seed (which moves its orders with the staff services on its own transaction):
 * offline payments recorded into the ledger as the module records them.
 */
export const seedOfflinePayments = (
  tx: SeedTx,
  now: Clock,
): Pick<PaymentApi['orders'], 'offlinePaidIn'> => {
  const db = tx as unknown as Db;
  const books = { ledger: createLedger(db), repository: createPaymentRepository(db) };
  return {
    offlinePaidIn: (inner, payment) => recordOfflinePaymentIn(inner, books, payment, now()),
  };
};

/**
 * For the demo seed (product decisions §6): pays a demo order waiting for payment on credit
 * (月结) the way `Pay` does — the ledger's `orderPay`, the payment row, the credit order, 待付款 →
 * 生产中 — without the code texted to a bound mobile (nobody is there to read it). The order
 * side (`orders`, on the seed's transaction) and the credit module's `paidIn` come from their
 * modules' seed helpers; the clock dates each payment.
 */
export const seedCreditPayments = (
  tx: SeedTx,
  now: Clock,
  deps: {
    orders: Pick<PayableOrders, 'lock' | 'markPaid'>;
    credit: Pick<CreditPayer, 'paidIn'>;
  },
) => {
  const db = tx as unknown as Db;
  const books = {
    repository: createPaymentRepository(db),
    ledger: createLedger(db),
    orders: () => deps.orders,
    coupons: {
      useIn: () => {
        throw new Error('the demo seed pays on credit without a coupon');
      },
    },
    credit: () => deps.credit,
    now,
  };
  return {
    /** The order (locked again here, as `Pay` locks it) paid on credit by its member. */
    async payIn(order: Pick<PayableOrder, 'id'>, member: Pick<AuthMember, 'id' | 'mainMemberId'>) {
      const locked = await deps.orders.lock(tx, order.id);
      if (!locked || locked.status !== 'awaitingPayment' || locked.memberId !== member.id) {
        throw new Error(`demo seed: order ${order.id} is not waiting for its member's payment`);
      }
      return payOrderFromIn(books, tx, member, locked, 'credit', undefined);
    },
  };
};

/** What the order module uses of payments (decision 0051). */
export interface PaymentApi {
  orders: {
    /** The order module hands over its side when it is built (the module list is one way). */
    connect: (orders: PayableOrders) => void;
    /** In the transaction of every status change: closes payments under way, refunds cancels. */
    onStatusChange: (tx: Tx, before: OrderMoneyRef, after: OrderMoneyRef) => Promise<void>;
    /** An offline transfer finance recorded pays the order in the ledger (its transaction). */
    offlinePaidIn: (tx: Tx, payment: OfflinePayment) => Promise<void>;
    /** How the order was paid (支付记录), with its coupon by name; null when not paid. */
    paidWith: (orderId: number) => Promise<OrderPaidWith | null>;
    /**
     * What the member paid for the order with their own money (fen: the total less the coupon
     * and the gift balance; decision 0073's points), in the caller's transaction; null when
     * unpaid or refunded.
     */
    memberPaidIn: (tx: Tx, orderId: number) => Promise<number | null>;
  };
  /**
   * 月结 (decision 0059): the credit module connects its side, and posts to the ledger; a
   * bill's online repayment (decision 0065) is started here and settled by the provider's word.
   */
  credit: {
    connect: (payer: CreditPayer) => void;
    connectBills: (payee: CreditBillPayee) => void;
    /**
     * In a balance repayment's transaction, the bill locked: closes its online repayment still
     * open (a job closes it at the provider; paid there late, the money is refunded: decision
     * 0065); how many were closed.
     */
    closeBillAttemptsIn: (tx: Tx, billId: number) => Promise<number>;
    repayOnline: (
      member: AuthMember,
      input: BillPaymentInput,
      ip: string,
    ) => Promise<OnlinePayment>;
    ledger: Ledger;
  };
  /** Bank transfers to virtual accounts credited to balances, in the caller's transaction (0055). */
  bankTransfers: BankCredits;
  /** Every difference the books or the providers show (`npm run reconcile`). */
  reconcile: Reconciler['run'];
  /** The background jobs' work, callable at once (a job run by hand; the tests' worker). */
  work: PaymentWork;
  /** Finance's counts on the console home (decision 0054): work waiting on a provider. */
  financeCounts: () => Promise<{ refundsPending: number; paymentsPending: number }>;
}

export interface PaymentWork {
  /** Asks the provider to refund, or how the refund stands; the refund's status after. */
  refund: (refundId: number) => Promise<'pending' | 'success' | 'failed'>;
  /** Closes at the provider an attempt we closed (settles it if it was paid meanwhile). */
  close: (attemptId: number) => Promise<unknown>;
  /** An attempt whose time is up: settled if paid, else closed with its hold released. */
  expire: (attemptId: number) => Promise<unknown>;
  /** Expired attempts and pending refunds a job lost; how many were taken. */
  sweep: () => Promise<{ expired: number; refunds: number }>;
}

/** How often the sweep takes expired payments and pending refunds, and how many at most. */
const SWEEP_BATCH = 200;
const REFUND_RECHECK_MS = 10 * 60_000;
const EXPIRY_GRACE_MS = 2 * 60_000;

/**
 * Money (issue 20, decision 0051): the double-entry ledger, paying orders (balance, gift
 * balance, Alipay and WeChat Pay, balance with the rest online), top-up, the member's logs,
 * refunds on cancel, the providers' notifies and look-ups, finance's adjustments and the
 * reconciliation. Listed above the order module, which refunds and records offline payments
 * through it and connects its own side (`PayableOrders`) when it is built.
 */
export const paymentModule = appModule({
  // The mini-program hand-off's token opens a payment.
  redact: ['paymentPassword', 'wxOpenId', 'payToken'],
  seed: seedPayments,
  create: (
    {
      db,
      now,
      jobs,
      log,
      config,
      payments,
      deriveKey,
    }: Pick<Platform, 'db' | 'now' | 'jobs' | 'log' | 'config' | 'payments' | 'deriveKey'>,
    deps: {
      member: MemberApi;
      memberAuth: MemberAuthApi;
      memberMessage: MemberMessageApi;
      wechat: WechatApi;
      staff: StaffApi;
      memberRebate: MemberRebateApi;
    },
  ) => {
    let payableOrders: PayableOrders | null = null;
    const orders = (): PayableOrders => {
      if (!payableOrders) throw new Error('payment: the order module has not connected its orders');
      return payableOrders;
    };
    const origin = () => config.publicOrigins[0]!;
    const repository = createPaymentRepository(db);
    const ledger = createLedger(db);
    const messages = { sendIn: deps.memberMessage.sendIn };
    const credit = creditPayerSlot();
    const bills = creditBillSlot();
    const notifyUrl = (channel: 'alipay' | 'wechat') => `${origin()}/api/payment-notify/${channel}`;
    const refunds = createRefunds({
      repository,
      ledger,
      payments,
      jobs,
      messages,
      notifyUrl,
      now,
      log,
    });
    const coupons = deps.memberRebate.payments;
    const orderMoney = createOrderMoney({
      repository,
      ledger,
      refunds,
      jobs,
      messages,
      credit: credit.get,
      coupons,
      now,
    });
    const settlement = createSettlement({
      repository,
      ledger,
      orders,
      orderMoney,
      refunds,
      coupons,
      bills: bills.get,
      payments,
      messages,
      now,
      log,
    });
    const payTokens = createPayTokens(deriveKey('payment-mini-program-token'), now);
    const online = createOnlinePayments({
      repository,
      payments,
      wechat: deps.wechat,
      payTokens,
      settlement: () => settlement,
      jobs,
      origin,
      now,
      log,
    });
    const requests = createRequestIds({ repository, now });
    const pay = createPayService({
      repository,
      ledger,
      orders,
      orderMoney,
      online,
      requests,
      coupons,
      verifyPaymentPassword: deps.memberAuth.verifyPaymentPassword,
      credit: credit.get,
      now,
      log,
    });
    const billPayments = createBillPayments({
      repository,
      online,
      orderMoney,
      requests,
      bills: bills.get,
    });
    const recharge = createRechargeService({ repository, ledger, online, requests });
    const miniProgramPay = createMiniProgramPay({
      repository,
      wechatPay: () => payments.wechat,
      wechat: deps.wechat,
      payTokens,
      notifyUrl: notifyUrl('wechat'),
      origin,
      now,
      log,
    });
    const money = createMoneyService({ repository, ledger, settlement, log });
    const adjustments = createAdjustments({
      ledger,
      members: deps.member.members,
      messages,
      now,
    });
    const reconciler = createReconciler({ db, payments, now });
    const finance = createFinanceService({
      repository: createFinanceRepository(db),
      ledger,
      orders,
      member: deps.member,
      staff: deps.staff,
    });
    const work: PaymentWork = {
      refund: (refundId) => refunds.process(refundId),
      close: (attemptId) => settlement.closeAtProvider(attemptId),
      expire: (attemptId) => settlement.expire(attemptId),
      async sweep() {
        const at = now().getTime();
        const failures: unknown[] = [];
        const expired = await repository.expiredOpen(new Date(at - EXPIRY_GRACE_MS), SWEEP_BATCH);
        for (const { id } of expired) {
          await settlement.expire(id).catch((error: unknown) => failures.push(error));
        }
        const pending = await repository.pendingRefunds(
          new Date(at - REFUND_RECHECK_MS),
          SWEEP_BATCH,
        );
        for (const { id } of pending) {
          await refunds.process(id).catch((error: unknown) => failures.push(error));
        }
        // One failure does not stop the others; the sweep then fails, to be retried.
        if (failures.length > 0) throw failures[0];
        return { expired: expired.length, refunds: pending.length };
      },
    };

    return {
      api: {
        orders: {
          connect: (connected) => {
            payableOrders = connected;
            deps.memberRebate.connectOrders(connected);
          },
          onStatusChange: orderMoney.onStatusChange,
          offlinePaidIn: orderMoney.offlinePaidIn,
          async memberPaidIn(tx, orderId) {
            const payment = await repository.orderPayment(orderId, tx);
            if (!payment || payment.refundedAt) return null;
            return payment.totalFen - payment.couponFen - payment.giftFen;
          },
          async paidWith(orderId) {
            const payment = await repository.orderPayment(orderId);
            if (!payment) return null;
            const use = payment.couponFen > 0 ? await coupons.useOf(orderId) : null;
            return {
              method: payment.method,
              total: payment.totalFen,
              balance: payment.balanceFen,
              gift: payment.giftFen,
              online: payment.onlineFen,
              offline: payment.offlineFen,
              credit: payment.creditFen,
              coupon: payment.couponFen,
              channel: (payment.channel as 'alipay' | 'wechat' | null) ?? null,
              couponName: use?.name ?? null,
              couponReturned: use?.returnedAt != null,
              paidAt: payment.paidAt.toISOString(),
              refundedAt: payment.refundedAt?.toISOString() ?? null,
            };
          },
        },
        credit: {
          connect: credit.connect,
          connectBills: bills.connect,
          async closeBillAttemptsIn(tx, billId) {
            const open = await repository.lockOpenBillAttempts(tx, billId);
            for (const attempt of open) {
              await orderMoney.closeAttemptIn(tx, attempt, 'billRepaid', true);
            }
            return open.length;
          },
          repayOnline: billPayments.start,
          ledger,
        },
        bankTransfers: createBankCredits({ ledger }),
        reconcile: reconciler.run,
        work,
        financeCounts: finance.workCounts,
      } satisfies PaymentApi,
      routes: (route) => {
        registerPaymentRoutes(route, {
          pay,
          recharge,
          miniProgramPay,
          money,
          adjustments,
          reconciler,
        });
        registerFinanceRoutes(route, finance);
      },
      rawRoutes: (app) => registerNotifyRoutes(app, { payments, settlement, refunds, repository }),
      jobs: (registry) => {
        registry.handle(refundJob, async ({ refundId, round }, run) => {
          const status = await work.refund(refundId);
          if (status === 'pending') await refunds.pollLater(refundId, round);
          else run.log.info({ refundId, status }, 'payment: refund settled');
        });
        registry.handle(closeJob, async ({ attemptId }) => {
          await work.close(attemptId);
        });
        registry.handle(expireJob, async ({ attemptId }, run) => {
          run.log.info({ attemptId, outcome: await work.expire(attemptId) }, 'payment: expired');
        });
        registry.handle(paymentSweepJob, async (_payload, run) => {
          const swept = await work.sweep();
          if (swept.expired + swept.refunds > 0) run.log.info(swept, 'payment: swept');
        });
        registry.schedule(paymentSweepJob, PAYMENT_SWEEP_SCHEDULE);
      },
    };
  },
});
