import { StaffOrder } from '@pcb/contract/staff-order';
import { useEndpointMutation } from '../../../lib/api';

/**
 * The full receiver, for shipping. A write (it is audited), which changes no order: nothing
 * but the audit log (added by the client) is fetched again.
 */
export const useRevealOrderReceiver = () =>
  useEndpointMutation(StaffOrder.RevealReceiver, { invalidates: [] });
