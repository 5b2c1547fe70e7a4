import { MemberReceiver } from '@pcb/contract/member-receiver';
import { useEndpointQuery } from '../../../lib/api';

/** One of the member's addresses, as the server holds it now (the route's copy may be old). */
export const useReceiver = (id: number | null) =>
  useEndpointQuery(MemberReceiver.Get, { id: id ?? 0 }, { enabled: id !== null, staleTime: 0 });
