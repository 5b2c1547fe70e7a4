import { PcbEdit } from '@pcb/contract/order-quote';
import { useEndpointMutation } from '../../../lib/api';
import { orderWriteInvalidates } from './order-calls';

/** Prices new parameters for a PCB order beside its current price; changes nothing. */
export const useCalcEditOrder = () =>
  useEndpointMutation(PcbEdit.CalcEditOrder, { invalidates: [] });

/**
 * Saves the new parameters at the price CalcEditOrder showed (409 when the price or the order
 * changed meanwhile); the order goes back to 待审核.
 */
export const useEditOrder = () =>
  useEndpointMutation(PcbEdit.EditOrder, { invalidates: orderWriteInvalidates('pcb') });
