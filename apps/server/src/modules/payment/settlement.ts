import { paymentChannelNames } from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import type { FastifyBaseLogger } from 'fastify';
import type { Tx } from '../../db/client';
import type {
  PaymentChannel,
  PaymentProvider,
  ProviderTransaction,
} from '../../integrations/payment/payment-provider';
import type { Clock } from '../../lib/clock';
import type { MemberMessageApi } from '../member-message/member-message.module';
import { accounts, type Ledger } from './ledger.repository';
import type { CloseReason, OrderMoney } from './order-money';
import type { PayableOrder, PayableOrders } from './payable-orders';
import { paymentMessages } from './payment-messages';
import type { PaymentRepository } from './payment.repository';
import type { PaymentAttemptRow } from './payment.table';
import type { Refunds } from './refunds';
import type { CouponPayments } from '../member-rebate/member-rebate.module';
import type { CreditBillPayee, CreditBillRef } from './credit-payer';

export const DUPLICATE_REFUND_REASON = '重复付款退款';

/**
 * What a provider's report did: `rejected` (not ours, another merchant's, the wrong amount: logged,
 * nothing changed), `pending`, `closed`, `duplicate` (already settled: nothing changed),
 * `applied` (it paid the order or credited the top-up), `refunded` (the order could no longer
 * take it: the money goes back).
 */
export type SettleOutcome =
  'rejected' | 'pending' | 'closed' | 'duplicate' | 'applied' | 'refunded';

/**
 * Settles what a provider reports of a payment, from its verified notify or our own query
 * (decision 0051); the browser's return never gets here. Every report is checked against our
 * attempt (merchant, amount, channel), then, under the order's lock and the attempt's, applied
 * once: a provider transaction is credited at most once (`receipt:<channel>:<outTradeNo>`), an
 * order is paid at most once (`order_payment`). Money for an order that was paid another way,
 * cancelled or changed meanwhile is refunded through the provider.
 */
export function createSettlement(deps: {
  repository: PaymentRepository;
  ledger: Ledger;
  orders: () => PayableOrders;
  orderMoney: OrderMoney;
  refunds: Refunds;
  coupons: Pick<CouponPayments, 'capturableIn' | 'captureIn'>;
  bills: () => CreditBillPayee;
  payments: Partial<Record<PaymentChannel, PaymentProvider>>;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
  log: FastifyBaseLogger;
}) {
  const { repository, ledger } = deps;

  const reject = (reason: string, details: Record<string, unknown>): SettleOutcome => {
    deps.log.warn(details, `payment: ${reason}; nothing changed`);
    return 'rejected';
  };

  /** Whether the attempt's money may still pay its order now (the caller holds the locks). */
  async function payable(tx: Tx, attempt: PaymentAttemptRow, order: PayableOrder | null) {
    if (!order || order.deletedAt !== null || order.status !== 'awaitingPayment') return false;
    if (order.revision !== attempt.orderRevision || order.total !== attempt.orderTotal)
      return false;
    return (await repository.lockOrderPayment(tx, order.id)) === null;
  }

  async function applyToOrder(
    tx: Tx,
    attempt: PaymentAttemptRow,
    order: PayableOrder,
    txn: ProviderTransaction & { providerTradeNo: string },
  ): Promise<boolean> {
    const channel = attempt.channel as PaymentChannel;
    const at = deps.now();
    const held = attempt.hold === 'held';
    const balancePart = attempt.balanceFen;
    const coupon = attempt.couponFen;
    // The coupon first (its row locked before any account, as a payment takes it): held for
    // this attempt, or free again and still good for the order (decision 0064).
    if (
      attempt.couponId !== null &&
      !(await deps.coupons.capturableIn(tx, order, attempt.couponId, attempt.id, at))
    ) {
      return false;
    }
    // The balance part comes from the hold, or again from the balance when the hold was given
    // back meanwhile (the attempt had been replaced or had expired); short of it, no payment.
    const balanceSource = held ? accounts.hold(order.memberId) : accounts.balance(order.memberId);
    await ledger.ensureAccounts(tx, {
      member: order.memberId,
      order: { id: order.id, memberId: order.memberId },
    });
    const locked = await ledger.lock(tx, [
      accounts.clearing(channel),
      accounts.order(order.id),
      ...(balancePart > 0 ? [balanceSource] : []),
    ]);
    if (balancePart > 0 && locked.get(balanceSource)!.balance < balancePart) return false;

    await ledger.post(tx, {
      kind: 'receipt',
      ref: `receipt:${channel}:${attempt.outTradeNo}`,
      memberId: order.memberId,
      orderId: order.id,
      orderNo: order.orderNo,
      attemptId: attempt.id,
      note: `${paymentChannelNames[channel]}付款`,
      at,
      legs: [
        { key: accounts.clearing(channel), amount: -attempt.onlineFen },
        { key: accounts.order(order.id), amount: attempt.onlineFen },
      ],
    });
    if (balancePart > 0 || coupon > 0) {
      await ledger.post(tx, {
        kind: 'orderPay',
        ref: `orderPay:${order.id}`,
        memberId: order.memberId,
        orderId: order.id,
        orderNo: order.orderNo,
        attemptId: attempt.id,
        note: [
          ...(balancePart > 0 ? [held ? '余额（支付时冻结）' : '余额'] : []),
          ...(coupon > 0 ? ['优惠券'] : []),
        ].join('＋'),
        at,
        legs: [
          ...(balancePart > 0 ? [{ key: balanceSource, amount: -balancePart }] : []),
          ...(coupon > 0 ? [{ key: accounts.coupon, amount: -coupon }] : []),
          { key: accounts.order(order.id), amount: balancePart + coupon },
        ],
      });
    }
    if (attempt.couponId !== null) {
      await deps.coupons.captureIn(
        tx,
        order,
        { couponId: attempt.couponId, attemptId: attempt.id, amount: coupon },
        at,
      );
    }
    await repository.updateAttempt(tx, attempt.id, {
      status: 'paid',
      settlement: 'applied',
      providerTradeNo: txn.providerTradeNo,
      paidAt: txn.paidAt ?? at,
      hold: balancePart > 0 ? 'captured' : attempt.hold,
      updatedAt: at,
    });
    await repository.insertOrderPayment(tx, {
      orderId: order.id,
      memberId: order.memberId,
      method: balancePart > 0 ? 'balanceOnline' : 'online',
      totalFen: order.total,
      balanceFen: balancePart,
      onlineFen: attempt.onlineFen,
      couponFen: coupon,
      channel,
      attemptId: attempt.id,
      paidAt: at,
    });
    const how = [
      ...(balancePart > 0 ? [`余额${yuan(balancePart)}`] : []),
      ...(coupon > 0 ? [`优惠券${yuan(coupon)}`] : []),
      balancePart > 0 || coupon > 0
        ? `${paymentChannelNames[channel]}${yuan(attempt.onlineFen)}`
        : paymentChannelNames[channel],
    ].join('＋');
    await deps.orders().markPaid(tx, order, { kind: 'system' }, { amount: order.total, how });
    return true;
  }

  /**
   * A bill's online repayment (decision 0065), under the bill's lock and the attempt's: repays
   * the bill if it still asks exactly this sum, once (the bill's conditional update and the
   * receipt's ref); false when it was repaid meanwhile or changed (the money goes back).
   */
  async function applyToBill(
    tx: Tx,
    attempt: PaymentAttemptRow,
    bill: CreditBillRef | null,
    txn: ProviderTransaction & { providerTradeNo: string },
  ): Promise<boolean> {
    if (!bill || bill.memberId !== attempt.memberId || bill.isPaid) return false;
    if (bill.outstanding !== attempt.onlineFen) return false;
    const channel = attempt.channel as PaymentChannel;
    const at = deps.now();
    if (!(await deps.bills().repaidIn(tx, bill.id, attempt.onlineFen, at, channel))) return false;
    await ledger.ensureMember(tx, attempt.memberId);
    await ledger.ensureCredit(tx, attempt.memberId);
    await ledger.post(tx, {
      kind: 'creditRepay',
      ref: `receipt:${channel}:${attempt.outTradeNo}`,
      memberId: attempt.memberId,
      attemptId: attempt.id,
      note: `月结账单${bill.period}还款（${paymentChannelNames[channel]}）`,
      at,
      legs: [
        { key: accounts.clearing(channel), amount: -attempt.onlineFen },
        { key: accounts.credit(attempt.memberId), amount: attempt.onlineFen },
      ],
    });
    await repository.updateAttempt(tx, attempt.id, {
      status: 'paid',
      settlement: 'applied',
      providerTradeNo: txn.providerTradeNo,
      paidAt: txn.paidAt ?? at,
      updatedAt: at,
    });
    return true;
  }

  /** The money came, but for nothing it can pay: back through the provider. */
  async function refundDuplicate(
    tx: Tx,
    attempt: PaymentAttemptRow,
    order: PayableOrder | null,
    txn: ProviderTransaction & { providerTradeNo: string },
  ) {
    const channel = attempt.channel as PaymentChannel;
    const at = deps.now();
    if (attempt.status === 'open') {
      // Its held balance goes back first; the attempt is then settled as paid-and-refunded.
      await deps.orderMoney.closeAttemptIn(tx, attempt, 'orderLeft', false);
    }
    await ledger.post(tx, {
      kind: 'duplicate',
      ref: `receipt:${channel}:${attempt.outTradeNo}`,
      memberId: attempt.memberId,
      orderId: attempt.orderId,
      orderNo: attempt.orderNo,
      attemptId: attempt.id,
      note: `${paymentChannelNames[channel]}付款未能入账，原路退回`,
      at,
      legs: [
        { key: accounts.clearing(channel), amount: -attempt.onlineFen },
        { key: accounts.refundPending(channel), amount: attempt.onlineFen },
      ],
    });
    const paid = await repository.updateAttempt(tx, attempt.id, {
      status: 'paid',
      settlement: 'refunded',
      providerTradeNo: txn.providerTradeNo,
      paidAt: txn.paidAt ?? at,
      updatedAt: at,
    });
    await deps.refunds.createIn(tx, paid, { orderId: null, reason: DUPLICATE_REFUND_REASON });
    await deps.messages.sendIn(
      tx,
      paymentMessages.duplicate(attempt.memberId, order, channel, attempt.onlineFen),
    );
  }

  async function settlePaid(
    attemptId: number,
    txn: ProviderTransaction & { providerTradeNo: string },
  ): Promise<SettleOutcome> {
    const first = await repository.attempt(attemptId);
    if (!first) return 'rejected';
    return repository.transaction(async (tx) => {
      // The order's lock first, as every payment and cancellation takes it (a bill's likewise).
      const order = first.orderId === null ? null : await deps.orders().lock(tx, first.orderId);
      const bill = first.billId === null ? null : await deps.bills().lockIn(tx, first.billId);
      const attempt = (await repository.lockAttempt(tx, attemptId))!;
      if (attempt.status === 'paid') {
        if (attempt.providerTradeNo !== txn.providerTradeNo) {
          return reject('a second provider transaction for one payment', {
            outTradeNo: attempt.outTradeNo,
            ours: attempt.providerTradeNo,
            theirs: txn.providerTradeNo,
          });
        }
        return 'duplicate';
      }
      const channel = attempt.channel as PaymentChannel;
      if (attempt.purpose === 'recharge') {
        const at = deps.now();
        await ledger.ensureMember(tx, attempt.memberId);
        await ledger.post(tx, {
          kind: 'recharge',
          ref: `receipt:${channel}:${attempt.outTradeNo}`,
          memberId: attempt.memberId,
          attemptId: attempt.id,
          note: `${paymentChannelNames[channel]}充值`,
          at,
          legs: [
            { key: accounts.clearing(channel), amount: -attempt.onlineFen },
            { key: accounts.balance(attempt.memberId), amount: attempt.onlineFen },
          ],
        });
        await repository.updateAttempt(tx, attempt.id, {
          status: 'paid',
          settlement: 'applied',
          providerTradeNo: txn.providerTradeNo,
          paidAt: txn.paidAt ?? at,
          updatedAt: at,
        });
        await deps.messages.sendIn(
          tx,
          paymentMessages.recharged(attempt.memberId, channel, attempt.onlineFen),
        );
        return 'applied';
      }
      if (attempt.purpose === 'bill') {
        if (await applyToBill(tx, attempt, bill, txn)) return 'applied';
        await refundDuplicate(tx, attempt, null, txn);
        return 'refunded';
      }
      if ((await payable(tx, attempt, order)) && (await applyToOrder(tx, attempt, order!, txn))) {
        return 'applied';
      }
      await refundDuplicate(tx, attempt, order, txn);
      return 'refunded';
    });
  }

  /** Closes an attempt the provider reports closed (or that expired unpaid). */
  async function close(attemptId: number, reason: CloseReason): Promise<'closed'> {
    const first = await repository.attempt(attemptId);
    if (!first || first.status !== 'open') return 'closed';
    await repository.transaction(async (tx) => {
      if (first.orderId !== null) await deps.orders().lock(tx, first.orderId);
      const attempt = await repository.lockAttempt(tx, attemptId);
      if (attempt) await deps.orderMoney.closeAttemptIn(tx, attempt, reason, false);
    });
    return 'closed';
  }

  async function settle(
    channel: PaymentChannel,
    txn: ProviderTransaction,
    source: 'notify' | 'query',
  ): Promise<SettleOutcome> {
    const provider = deps.payments[channel];
    const details = { channel, source, outTradeNo: txn.outTradeNo, merchantId: txn.merchantId };
    if (!provider) return reject('a report for a channel without a provider', details);
    if (txn.channel !== channel || txn.merchantId !== provider.merchantId) {
      return reject('a report for another merchant or channel', details);
    }
    const attempt = await repository.attemptByOutTradeNo(txn.outTradeNo);
    if (!attempt || attempt.channel !== channel) {
      return reject('a report of a payment we never asked for', details);
    }
    if (txn.status === 'pending') return 'pending';
    if (txn.status === 'closed') {
      return attempt.status === 'open' ? close(attempt.id, 'providerClosed') : 'closed';
    }
    if (txn.amountFen !== attempt.onlineFen) {
      return reject('a paid amount that is not the amount asked', {
        ...details,
        asked: attempt.onlineFen,
        reported: txn.amountFen,
      });
    }
    if (!txn.providerTradeNo) return reject('a payment without the provider’s number', details);
    return settlePaid(attempt.id, { ...txn, providerTradeNo: txn.providerTradeNo });
  }

  return {
    settle,
    close,

    /** Asks the provider about the attempt and settles what it says; its outcome. */
    async query(attempt: PaymentAttemptRow): Promise<SettleOutcome | null> {
      const provider = deps.payments[attempt.channel as PaymentChannel];
      if (!provider) return null;
      const answer = await provider.query(attempt.outTradeNo);
      if (!answer) return null;
      return settle(attempt.channel as PaymentChannel, answer, 'query');
    },

    /**
     * An attempt whose time is up: paid after all (settled), or closed at the provider and
     * here (its hold released). A provider that cannot be reached throws: the job tries again.
     */
    async expire(attemptId: number): Promise<SettleOutcome> {
      const attempt = await repository.attempt(attemptId);
      if (!attempt || attempt.status !== 'open') return 'closed';
      const provider = deps.payments[attempt.channel as PaymentChannel];
      if (!provider) return close(attempt.id, 'expired');
      const answer = await provider.query(attempt.outTradeNo);
      if (answer?.status === 'paid') {
        return settle(attempt.channel as PaymentChannel, answer, 'query');
      }
      await provider.close(attempt.outTradeNo);
      return close(attempt.id, 'expired');
    },

    /**
     * An attempt we closed (replaced, its order left 待付款) is closed at the provider too. When
     * the provider refuses because it was paid meanwhile, the payment is settled (it pays the
     * order if the order can still take it, else it is refunded).
     */
    async closeAtProvider(attemptId: number): Promise<SettleOutcome> {
      const attempt = await repository.attempt(attemptId);
      if (!attempt || attempt.status === 'paid') return 'closed';
      const provider = deps.payments[attempt.channel as PaymentChannel];
      if (!provider) return 'closed';
      try {
        await provider.close(attempt.outTradeNo);
        return 'closed';
      } catch (error) {
        const answer = await provider.query(attempt.outTradeNo);
        if (answer?.status === 'paid') {
          return settle(attempt.channel as PaymentChannel, answer, 'query');
        }
        throw error;
      }
    },
  };
}

export type Settlement = ReturnType<typeof createSettlement>;
