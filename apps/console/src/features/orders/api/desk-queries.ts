import { ApiError } from '@pcb/client';
import { StaffOrder } from '@pcb/contract/staff-order';
import { invalidateEndpoints } from '../../../lib/api';

/** What every action on an order changes: the drawer, the list, its chips and the queues. */
export const orderDeskQueries = [
  StaffOrder.Get,
  StaffOrder.List,
  StaffOrder.GetStatusCounts,
  StaffOrder.GetWorkQueue,
];

/**
 * A refusal of an action. A 409 says the order is no longer where the screen showed it
 * (another staff member or the member acted first): the drawer and list are fetched again, so
 * the buttons match the order's state while its reason is shown.
 */
export function refreshOnConflict(error: unknown): void {
  if (error instanceof ApiError && error.status === 409) void invalidateEndpoints(orderDeskQueries);
}
