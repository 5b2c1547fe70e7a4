import type { OrderKind, OrderStatus } from '@pcb/contract';
import type { Tx } from '../../db/client';
import type { AuthMember } from '../../http/auth';

/** What paying reads of an order (the order module's row has these fields). */
export interface PayableOrder {
  id: number;
  orderNo: string;
  kind: OrderKind;
  memberId: number;
  status: OrderStatus;
  /** The payable total, fen. */
  total: number;
  /** Moves with every change of what was ordered (an edit, an accepted price). */
  revision: number;
  deletedAt: Date | null;
}

/** An order as finance's lists name it (decision 0054). */
export interface OrderRef {
  orderNo: string;
  /** Who cancelled it, as its process log shows (会员, a staff member's name, 系统); else null. */
  cancelledBy: string | null;
}

/**
 * The order module's side of paying (decision 0051). The payment module is listed above the
 * order module (the order's cancels refund through it, its offline payments post to the
 * ledger), so the order module hands this over when it is built: `payment.orders.connect(…)`.
 */
export interface PayableOrders {
  /** The order as it is now (no lock: a first look before the payment's own checks). */
  find(id: number): Promise<PayableOrder | null>;
  /** The order, locked for the rest of the transaction; null when there is none. */
  lock(tx: Tx, id: number): Promise<PayableOrder | null>;
  /**
   * 待付款 → 生产中 through the lifecycle's `pay` (logged; the member is told). `by` the member
   * when their balance paid it there and then, the system when a provider's notify or our
   * query did.
   */
  markPaid(
    tx: Tx,
    order: PayableOrder,
    by: { kind: 'member'; member: Pick<AuthMember, 'id' | 'mainMemberId'> } | { kind: 'system' },
    payment: { amount: number; how: string },
  ): Promise<void>;
  /** The id of the order with this number, deleted or not; null when there is none. */
  idOfNumber(orderNo: string): Promise<number | null>;
  /** These orders' numbers and who cancelled them, by id (finance's lists, decision 0054). */
  refsOf(ids: readonly number[]): Promise<Map<number, OrderRef>>;
}

/** An order as the lifecycle's status-change hook sees it, before and after. */
export type OrderMoneyRef = Pick<
  PayableOrder,
  'id' | 'orderNo' | 'kind' | 'memberId' | 'status' | 'total'
>;
