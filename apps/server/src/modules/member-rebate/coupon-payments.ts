import {
  COUPON_NOT_FOUND_MESSAGE,
  couponDeduction,
  couponRefusal,
  type OrderKind,
} from '@pcb/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { MemberRebateRepository } from './member-rebate.repository';
import type { MemberCouponRow } from './member-rebate.table';

export const ZERO_TOTAL_COUPON_MESSAGE = '订单应付金额为0，无需使用优惠券';
/** A coupon held by another order's online payment under way (decision 0064). */
export const COUPON_HELD_MESSAGE = '该优惠券正用于另一笔未完成的在线支付，请稍后再试';

/** The order a coupon pays towards, as the payment reads it under its lock. */
export interface CouponOrder {
  id: number;
  orderNo: string;
  kind: OrderKind;
  memberId: number;
  /** The payable total, fen. */
  total: number;
}

/**
 * What paying does with coupons (decisions 0061, 0064), in the payment's transaction: a coupon
 * taken for an order (the database's conditional update decides, so a coupon pays one order
 * however many payments race for it) — at once for the balance, the gift balance and 月结; held
 * by an online payment's attempt until the provider confirms it (then used) or the attempt ends
 * (then released) — and given back once when the paid order is cancelled.
 */
export function createCouponPayments(deps: { repository: MemberRebateRepository }) {
  const { repository } = deps;

  const refusalOf = (row: MemberCouponRow, order: CouponOrder, at: Date): string | null =>
    couponRefusal(
      {
        serviceType: row.serviceType,
        amount: row.amountFen,
        minOrderAmount: row.minOrderFen,
        validFrom: row.validFrom,
        validTo: row.validTo,
        used: row.usedAt !== null,
      },
      { serviceType: order.kind, amount: order.total, at },
    ) ?? (row.heldAttemptId !== null ? COUPON_HELD_MESSAGE : null);

  /** Why the coupon was not taken, read after the update (in this transaction: what it saw). */
  async function refuse(tx: Tx, order: CouponOrder, couponId: number, at: Date): Promise<never> {
    const row = await repository.coupon(couponId, tx);
    if (!row || row.memberId !== order.memberId) {
      throw new AppError(404, COUPON_NOT_FOUND_MESSAGE, { field: 'couponId' });
    }
    throw new AppError(400, refusalOf(row, order, at) ?? '该优惠券不可用', { field: 'couponId' });
  }

  return {
    /**
     * Takes the member's coupon for the order; the fen it takes off. A coupon that is not the
     * member's is 404; one that cannot pay this order is 400 with why.
     */
    /**
     * Takes the member's coupon for the order; the fen it takes off. A coupon that is not the
     * member's is 404; one that cannot pay this order is 400 with why.
     */
    async useIn(tx: Tx, order: CouponOrder, couponId: number, at: Date): Promise<number> {
      if (order.total <= 0)
        throw new AppError(400, ZERO_TOTAL_COUPON_MESSAGE, { field: 'couponId' });
      const taken = await repository.take(tx, {
        couponId,
        memberId: order.memberId,
        orderId: order.id,
        orderNo: order.orderNo,
        serviceType: order.kind,
        total: order.total,
        at,
      });
      if (!taken) return refuse(tx, order, couponId, at);
      const amount = couponDeduction({ amount: taken.amountFen }, order.total);
      await repository.insertUse(tx, {
        orderId: order.id,
        orderNo: order.orderNo,
        memberId: order.memberId,
        couponId,
        amountFen: amount,
        usedAt: at,
      });
      return amount;
    },

    /**
     * What the coupon would take off the order if it can pay it now (decision 0064: the online
     * payment's amount is the total less this); refused as `useIn` refuses.
     */
    async deductionFor(tx: Tx, order: CouponOrder, couponId: number, at: Date): Promise<number> {
      if (order.total <= 0)
        throw new AppError(400, ZERO_TOTAL_COUPON_MESSAGE, { field: 'couponId' });
      const row = await repository.coupon(couponId, tx);
      if (!row || row.memberId !== order.memberId || refusalOf(row, order, at) !== null) {
        return refuse(tx, order, couponId, at);
      }
      return couponDeduction({ amount: row.amountFen }, order.total);
    },

    /**
     * Holds the coupon for an online payment of the order (decision 0064): one conditional
     * update, so of many payments racing for it one holds it; the others are refused.
     */
    async holdIn(
      tx: Tx,
      order: CouponOrder,
      couponId: number,
      attemptId: number,
      at: Date,
    ): Promise<void> {
      const held = await repository.hold(tx, {
        couponId,
        memberId: order.memberId,
        attemptId,
        serviceType: order.kind,
        total: order.total,
        at,
      });
      if (!held) await refuse(tx, order, couponId, at);
    },

    /**
     * Whether the attempt's coupon can pay its order now (the settlement, under the order's and
     * the attempt's locks; the coupon's row is locked here, before any ledger account): held by
     * the attempt, or — its hold given back when the attempt was replaced or expired — free and
     * still good for the order.
     */
    async capturableIn(
      tx: Tx,
      order: CouponOrder,
      couponId: number,
      attemptId: number,
      at: Date,
    ): Promise<boolean> {
      const row = await repository.lockCoupon(tx, couponId);
      if (!row || row.memberId !== order.memberId || row.usedAt !== null) return false;
      if (row.heldAttemptId === attemptId) return true;
      return row.heldAttemptId === null && refusalOf(row, order, at) === null;
    },

    /** The coupon used for the order the attempt paid, with its deduction kept (`coupon_use`). */
    async captureIn(
      tx: Tx,
      order: CouponOrder,
      use: { couponId: number; attemptId: number; amount: number },
      at: Date,
    ): Promise<void> {
      const row = await repository.capture(tx, {
        couponId: use.couponId,
        attemptId: use.attemptId,
        orderId: order.id,
        orderNo: order.orderNo,
        at,
      });
      if (!row) throw new Error(`coupon ${use.couponId}: not capturable for order ${order.id}`);
      await repository.insertUse(tx, {
        orderId: order.id,
        orderNo: order.orderNo,
        memberId: order.memberId,
        couponId: use.couponId,
        amountFen: use.amount,
        usedAt: at,
      });
    },

    /** An attempt that closed without paying gives its coupon back (nothing if it held none). */
    releaseIn: (tx: Tx, attemptId: number): Promise<void> => repository.release(tx, attemptId),

    /** The coupon the order used, by name, and whether it went back (the payment's record). */
    useOf: (orderId: number) => repository.useOf(orderId),

    /** A cancelled order's coupon back to its member, once (`coupon_use.returned_at`). */
    async returnIn(tx: Tx, orderId: number, at: Date): Promise<number> {
      const use = await repository.returnUse(tx, orderId, at);
      return use?.amountFen ?? 0;
    },
  };
}

export type CouponPayments = ReturnType<typeof createCouponPayments>;
