import type { OrderKind } from '@pcb/contract/order-life';
import { useEndpointMutation } from '../../../lib/api';
import { payCalls, payInvalidates } from './pay-calls';

/**
 * Pays an order (`Pcb/Pay`, `Smt/Pay`, `Stencil/Pay`): the amount is the server's; the page
 * sends the method, the password and the online channel with the attempt's request id.
 */
export const usePayOrder = (kind: OrderKind) =>
  useEndpointMutation(payCalls[kind].pay, {
    invalidates: payInvalidates(kind),
    // The sheet moves on with the answer; the screens behind it refresh on their own time.
    awaitRefetch: false,
  });
