import { MemberInvoice } from '@pcb/contract/member-invoice';
import { useEndpointQuery } from '../../../lib/api';

/** One of my invoice profiles, to edit it. */
export const useInvoice = (id: number, enabled: boolean) =>
  useEndpointQuery(MemberInvoice.Get, { id }, { enabled, staleTime: 0 });
