import { orderKinds, orderStatuses } from '@pcb/contract';
import { workQueueKeys } from '@pcb/contract/staff-order';
import { isDay, isText, oneOf, useUrlFilters, type FiltersOf } from '../../lib/use-url-filters';

/** The desk's filters; absent ones are not sent (no status: the server's default for the role). */
const deskFilters = {
  status: oneOf(['all', ...orderStatuses]),
  kind: oneOf(orderKinds),
  queue: oneOf(workQueueKeys),
  keyword: isText(40),
  dateFrom: isDay,
  dateTo: isDay,
};

export type DeskFilters = FiltersOf<typeof deskFilters>;

/**
 * The desk's filters, kept in the address so the console home can link to a queue
 * (`/orders?queue=toShipToday`) and Back returns to the filter; unknown values drop.
 */
export const useDeskFilters = () => useUrlFilters(deskFilters);
