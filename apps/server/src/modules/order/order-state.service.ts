import { createHash, timingSafeEqual } from 'node:crypto';
import { ORDER_STATE_NOT_FOUND_MESSAGE, type PublicOrderState } from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { OrderLifecycleRepository } from './order-lifecycle.repository';
import { publicStateOf } from './order-views';

const digest = (value: string) => createHash('sha256').update(value).digest();
/** Compared against when there is no order, so a wrong number costs what a wrong mobile does. */
const NO_ORDER_MOBILE = digest('no order');

/**
 * The public look-up of /orderState (decision 0042): the order number and its receiver's mobile
 * show a masked view. A wrong number and a wrong mobile take the same path (one query, one
 * constant-time comparison) and get the same 404; the route limits tries per address.
 */
export function createOrderStateService(deps: { repository: OrderLifecycleRepository }) {
  return {
    async query(orderNo: string, mobile: string): Promise<PublicOrderState> {
      const row = await deps.repository.findByNo(orderNo);
      const live = row !== null && row.deletedAt === null;
      const expected = live ? digest(row.receiver.mobile) : NO_ORDER_MOBILE;
      const matches = timingSafeEqual(expected, digest(mobile));
      if (!live || !matches) throw new AppError(404, ORDER_STATE_NOT_FOUND_MESSAGE);
      const [process, steps, parcels] = await Promise.all([
        deps.repository.process(row.id),
        deps.repository.steps(row.id),
        deps.repository.parcels(row.id),
      ]);
      return publicStateOf(row, { process, steps, parcels });
    },
  };
}

export type OrderStateService = ReturnType<typeof createOrderStateService>;
