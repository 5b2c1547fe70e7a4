import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** A bank transfer received for the order: 待付款 → 生产中. */
export const useRecordOrderPayment = () =>
  useEndpointMutation(StaffOrder.RecordPayment, { invalidates: orderDeskQueries });
