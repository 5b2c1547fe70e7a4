import {
  COUPON_NOT_FOUND_MESSAGE,
  couponDeduction,
  couponRefusal,
  type OrderKind,
} from '@pcb/contract';
import type { Tx } from '../../db/client';
import { AppError } from '../../http/errors';
import type { MemberRebateRepository } from './member-rebate.repository';

export const ZERO_TOTAL_COUPON_MESSAGE = '订单应付金额为0，无需使用优惠券';

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
 * What paying does with coupons (decision 0061), in the payment's transaction: a coupon taken
 * for an order (the database's conditional update decides, so a coupon pays one order however
 * many payments race for it), and given back once when the paid order is cancelled.
 */
export function createCouponPayments(deps: { repository: MemberRebateRepository }) {
  const { repository } = deps;
  return {
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
      if (!taken) {
        // Why not, read after the update (in this transaction: what it saw, or newer).
        const row = await repository.coupon(couponId, tx);
        if (!row || row.memberId !== order.memberId) {
          throw new AppError(404, COUPON_NOT_FOUND_MESSAGE, { field: 'couponId' });
        }
        const reason = couponRefusal(
          {
            serviceType: row.serviceType,
            amount: row.amountFen,
            minOrderAmount: row.minOrderFen,
            validFrom: row.validFrom,
            validTo: row.validTo,
            used: row.usedOrderId !== null,
          },
          { serviceType: order.kind, amount: order.total, at },
        );
        throw new AppError(400, reason ?? '该优惠券不可用', { field: 'couponId' });
      }
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

    /** A cancelled order's coupon back to its member, once (`coupon_use.returned_at`). */
    async returnIn(tx: Tx, orderId: number, at: Date): Promise<number> {
      const use = await repository.returnUse(tx, orderId, at);
      return use?.amountFen ?? 0;
    },
  };
}

export type CouponPayments = ReturnType<typeof createCouponPayments>;
