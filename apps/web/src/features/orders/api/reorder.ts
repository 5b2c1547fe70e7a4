import { PcbLife } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';
import { orderWriteInvalidates } from './order-calls';

/** 返单: a new PCB order with the same parameters and file (engineering fee waived). */
export const useReorder = () =>
  useEndpointMutation(PcbLife.Reorder, { invalidates: orderWriteInvalidates('pcb') });
