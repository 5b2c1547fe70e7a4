import { MemberInvoice } from '@pcb/contract/member-invoice';
import { useEndpointQuery } from '../../../lib/api';

/** My invoice profiles, the default first. */
export const useInvoiceList = () => useEndpointQuery(MemberInvoice.GetList, {});
