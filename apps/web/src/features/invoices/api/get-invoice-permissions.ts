import { MemberInvoice } from '@pcb/contract/member-invoice';
import { useEndpointQuery } from '../../../lib/api';

/** Which invoice types I may use (专票 once the enterprise certification is approved). */
export const useInvoicePermissions = () =>
  // Certification may have been approved meanwhile: asked again on every visit.
  useEndpointQuery(MemberInvoice.GetInvoicePermissions, {}, { staleTime: 0 });
