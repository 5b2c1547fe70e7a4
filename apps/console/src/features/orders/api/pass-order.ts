import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';
import { orderDeskQueries } from './desk-queries';

/** 审核通过：待审核 → 待付款. */
export const usePassOrder = () =>
  useEndpointMutation(StaffOrder.Pass, { invalidates: orderDeskQueries });
