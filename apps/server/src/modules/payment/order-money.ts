import type { Tx } from '../../db/client';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';
import type { Clock } from '../../lib/clock';
import type { JobQueue } from '../../lib/jobs/job';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { CreditPayer } from './credit-payer';
import type { CouponPayments } from '../member-rebate/member-rebate.module';
import { accounts, type Ledger } from './ledger.repository';
import type { OrderMoneyRef } from './payable-orders';
import { paymentMessages } from './payment-messages';
import { closeJob, closeJobKey } from './payment-jobs';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow } from './payment.table';
import type { Refunds } from './refunds';

/** Why we closed an attempt (kept on the row). */
export type CloseReason =
  'replaced' | 'orderLeft' | 'expired' | 'providerClosed' | 'createFailed' | 'billRepaid';

export const ORDER_CANCELLED_REFUND_REASON = '订单取消退款';

export interface OfflinePayment {
  order: OrderMoneyRef;
  amount: number;
  offlinePaymentId: number;
  bankReference: string;
}

/** An offline transfer pays the order in the ledger (`bank` → the order), and is its payment. */
export async function recordOfflinePaymentIn(
  tx: Tx,
  deps: { ledger: Ledger; repository: PaymentRepository },
  payment: OfflinePayment,
  at: Date,
): Promise<void> {
  const { order, amount } = payment;
  await deps.ledger.ensureOrder(tx, order.id, order.memberId);
  await deps.ledger.post(tx, {
    kind: 'orderPay',
    ref: `orderPay:${order.id}`,
    memberId: order.memberId,
    orderId: order.id,
    orderNo: order.orderNo,
    note: `对公转账，流水号${payment.bankReference}`,
    at,
    legs: [
      { key: accounts.bank, amount: -amount },
      { key: accounts.order(order.id), amount },
    ],
  });
  await deps.repository.insertOrderPayment(tx, {
    orderId: order.id,
    memberId: order.memberId,
    method: 'offline',
    totalFen: amount,
    offlineFen: amount,
    offlinePaymentId: payment.offlinePaymentId,
    paidAt: at,
  });
}

/**
 * What the order's own moves do to its money (decision 0051), in their transactions:
 *
 * - leaving 待付款 any way (paid, edited back to review, cancelled) closes the online payments
 *   still open for it and gives their held balance back (the provider is told by a job);
 * - a cancelled order that was paid is refunded to where each part came from — balance and gift
 *   balance at once, an online part through its provider, an offline transfer to the balance —
 *   exactly once: the payment row's `refunded_at`, the ledger's `orderRefund:<id>` and the
 *   order account that cannot go below zero each refuse a second time;
 * - an offline transfer finance records pays the order in the ledger (`bank` → the order).
 */
export function createOrderMoney(deps: {
  repository: PaymentRepository;
  ledger: Ledger;
  refunds: Refunds;
  jobs: JobQueue;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  credit: () => CreditPayer;
  coupons: Pick<CouponPayments, 'returnIn' | 'releaseIn'>;
  now: Clock;
}) {
  const { repository, ledger } = deps;

  /**
   * Closes a locked open attempt and releases its hold; `atProvider`: a job then closes it at
   * the provider too (an attempt the provider closed or expired needs none).
   */
  async function closeAttemptIn(
    tx: Tx,
    attempt: PaymentAttemptRow,
    reason: CloseReason,
    atProvider: boolean,
  ): Promise<void> {
    if (attempt.status !== 'open') return;
    const at = deps.now();
    const held = attempt.hold === 'held';
    await repository.updateAttempt(tx, attempt.id, {
      status: 'closed',
      closeReason: reason,
      hold: held ? 'released' : attempt.hold,
      updatedAt: at,
    });
    if (held) {
      await ledger.post(tx, {
        kind: 'release',
        ref: `release:${attempt.id}`,
        memberId: attempt.memberId,
        orderId: attempt.orderId,
        orderNo: attempt.orderNo,
        attemptId: attempt.id,
        note: '在线支付未完成，冻结余额退回',
        at,
        legs: [
          { key: accounts.hold(attempt.memberId), amount: -attempt.balanceFen },
          { key: accounts.balance(attempt.memberId), amount: attempt.balanceFen },
        ],
      });
    }
    // The coupon held for it is free again (decision 0064).
    if (attempt.couponId !== null) await deps.coupons.releaseIn(tx, attempt.id);
    if (atProvider) {
      await deps.jobs.add(
        closeJob,
        { attemptId: attempt.id },
        { key: closeJobKey(attempt.id), keyMode: 'dedupe', tx },
      );
    }
  }

  /** Closes every online payment still open for the order (the caller holds its lock). */
  async function closeOpenAttemptsIn(tx: Tx, orderId: number, reason: CloseReason) {
    for (const attempt of await repository.lockOpenAttempts(tx, orderId)) {
      await closeAttemptIn(tx, attempt, reason, true);
    }
  }

  /**
   * Refunds a cancelled order's payment, if it was paid; once. Its locks follow the payments'
   * order (decision 0051): the order (the caller's), its coupon and a 月结 bill (a payment takes
   * its coupon and a repayment its bill before any account), the ledger accounts, then the
   * payment row, whose triggers update the member's month (`member_paid_month`) and the invoice
   * bill, as a payment does after locking its accounts. Marked before the accounts were
   * locked, a cancel held the member's month while it waited for the balance, which a payment
   * held while it waited for the month: a deadlock (decision 0058, "Stop 30").
   */
  async function refundOrderIn(tx: Tx, order: OrderMoneyRef): Promise<void> {
    const payment = await repository.lockOrderPayment(tx, order.id);
    if (!payment || payment.refundedAt !== null) return;
    const at = deps.now();
    const channel = payment.channel as PaymentChannel | null;
    // The coupon back to its member (decision 0061), its row locked before any account.
    if (payment.couponFen > 0) await deps.coupons.returnIn(tx, order.id, at);
    // 月结 (decision 0060): back to the credit line, or to the balance once its bill was repaid.
    const creditBack =
      payment.creditFen > 0
        ? await deps
            .credit()
            .refundIn(tx, { id: order.id, memberId: payment.memberId }, payment.creditFen, at)
        : null;
    const creditToBalance = creditBack === 'balance' ? payment.creditFen : 0;
    const legs = [
      { key: accounts.order(order.id), amount: -payment.totalFen },
      // An offline transfer comes back as balance (decision 0051): finance pays it out on
      // request, as any balance.
      {
        key: accounts.balance(payment.memberId),
        amount: payment.balanceFen + payment.offlineFen + creditToBalance,
      },
      { key: accounts.gift(payment.memberId), amount: payment.giftFen },
      ...(creditBack === 'credit'
        ? [{ key: accounts.credit(payment.memberId), amount: payment.creditFen }]
        : []),
      // A coupon's deduction goes back to the coupon account, the coupon to its member (0061).
      { key: accounts.coupon, amount: payment.couponFen },
      ...(channel && payment.onlineFen > 0
        ? [{ key: accounts.refundPending(channel), amount: payment.onlineFen }]
        : []),
    ];
    await ledger.ensureMember(tx, payment.memberId);
    const moved = legs.filter((leg) => leg.amount !== 0).map((leg) => leg.key);
    if (moved.length > 0) await ledger.lock(tx, moved);
    // The row is locked and was not refunded: the mark cannot miss.
    if (!(await repository.markRefunded(tx, order.id, at))) {
      throw new Error(`order ${order.id}: its locked payment was refunded meanwhile`);
    }
    await ledger.post(tx, {
      kind: 'orderRefund',
      ref: `orderRefund:${order.id}`,
      memberId: payment.memberId,
      orderId: order.id,
      orderNo: order.orderNo,
      attemptId: payment.attemptId,
      note: ORDER_CANCELLED_REFUND_REASON,
      at,
      legs,
    });
    if (channel && payment.onlineFen > 0 && payment.attemptId !== null) {
      const attempt = await repository.lockAttempt(tx, payment.attemptId);
      if (!attempt) throw new Error(`order ${order.id}: its payment attempt is missing`);
      await deps.refunds.createIn(tx, attempt, {
        orderId: order.id,
        reason: ORDER_CANCELLED_REFUND_REASON,
      });
    }
    if (payment.totalFen > 0) {
      await deps.messages.sendIn(
        tx,
        paymentMessages.orderRefunded(payment.memberId, order, {
          balance: payment.balanceFen + payment.offlineFen + creditToBalance,
          credit: creditBack === 'credit' ? payment.creditFen : 0,
          gift: payment.giftFen,
          online: payment.onlineFen,
          channel,
        }),
      );
    }
  }

  return {
    closeAttemptIn,
    closeOpenAttemptsIn,

    /** The lifecycle's status-change hook (decision 0048's), in the move's transaction. */
    async onStatusChange(tx: Tx, before: OrderMoneyRef, after: OrderMoneyRef): Promise<void> {
      if (before.status === 'awaitingPayment' && after.status !== 'awaitingPayment') {
        await closeOpenAttemptsIn(tx, after.id, 'orderLeft');
      }
      if (after.status === 'cancelled' && before.status !== 'cancelled') {
        await refundOrderIn(tx, after);
      }
    },

    /** Finance recorded an offline transfer for the order (in that transaction, before `act`). */
    offlinePaidIn: (tx: Tx, payment: OfflinePayment) =>
      recordOfflinePaymentIn(tx, { ledger, repository }, payment, deps.now()),
  };
}

export type OrderMoney = ReturnType<typeof createOrderMoney>;
