import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointQuery } from '../../../lib/api';
import { payCalls } from './pay-calls';

/**
 * The order as the server has it now (the same answer as its detail's): the amount due is its
 * `total`, never a figure the page worked out. Asked again each time the sheet opens.
 */
export const useOrderToPay = (kind: OrderKind, id: number, options: { enabled?: boolean } = {}) =>
  useEndpointQuery(payCalls[kind].detail, { id }, { enabled: options.enabled, staleTime: 0 });
