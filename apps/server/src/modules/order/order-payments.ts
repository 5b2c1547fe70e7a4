import { yuan } from '@pcb/pricing';
import type { PayableOrder, PayableOrders } from '../payment/payment.module';
import type { Tx } from '../../db/client';
import type { OrderLifecycle } from './order-lifecycle';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import { orderMessages } from './order-messages';
import type { OrderRow } from './order.table';

const payableOf = (row: OrderRow): PayableOrder => ({
  id: row.id,
  orderNo: row.orderNo,
  kind: row.kind,
  memberId: row.memberId,
  status: row.status,
  total: row.total,
  revision: row.revision,
  deletedAt: row.deletedAt,
});

/**
 * The order's side of paying, handed to the payment module (decision 0051): its row under the
 * lock every order action takes, and 待付款 → 生产中 through the lifecycle's `pay`, logged and
 * told to the member in the payment's transaction.
 */
export function createPayableOrders(deps: {
  lifecycle: OrderLifecycle;
  repository: OrderLifecycleRepository;
}): PayableOrders {
  const { lifecycle } = deps;
  /**
   * The rows `lock` read, by transaction: `markPaid` in the same transaction moves the row the
   * payment already holds instead of reading it again. The move's conditional update still
   * checks the status, and the message is written from the row the update answers.
   */
  const lockedIn = new WeakMap<Tx, Map<number, OrderRow>>();
  return {
    async find(id) {
      const row = await deps.repository.find(id);
      return row ? payableOf(row) : null;
    },

    async lock(tx, id) {
      const row = await deps.repository.lock(tx, id);
      if (!row) return null;
      const rows = lockedIn.get(tx) ?? new Map<number, OrderRow>();
      lockedIn.set(tx, rows.set(id, row));
      return payableOf(row);
    },

    async markPaid(tx, order, by, payment) {
      const held = lockedIn.get(tx)?.get(order.id);
      const row = held && !held.deletedAt ? held : await lifecycle.lock(tx, order.id);
      const after = await lifecycle.act(
        tx,
        row,
        'pay',
        by.kind === 'member' ? { kind: 'member', member: by.member } : { kind: 'system' },
        { note: `付款${yuan(payment.amount)}（${payment.how}）` },
      );
      await lifecycle.notifier.notifyIn(tx, orderMessages.paid(after, payment.amount, payment.how));
    },

    async idOfNumber(orderNo) {
      return (await deps.repository.findByNo(orderNo))?.id ?? null;
    },

    async refsOf(ids) {
      const rows = await deps.repository.refsOf(ids);
      return new Map(
        rows.map((r) => [r.id, { orderNo: r.orderNo, cancelledBy: r.cancelledBy ?? null }]),
      );
    },
  };
}
