import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** 已发货 → 已完成. */
export const useCompleteOrder = () =>
  useEndpointMutation(StaffOrder.Complete, { invalidates: orderDeskQueries });
