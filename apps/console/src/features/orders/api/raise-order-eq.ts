import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** An engineering question (text, suggested answers, uploaded images): 待确认. */
export const useRaiseOrderEq = () =>
  useEndpointMutation(StaffOrder.RaiseEq, { invalidates: orderDeskQueries });
