import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** Shipped in one or more parcels: 生产中 (packed) → 已发货. */
export const useShipOrder = () =>
  useEndpointMutation(StaffOrder.Ship, { invalidates: orderDeskQueries });
