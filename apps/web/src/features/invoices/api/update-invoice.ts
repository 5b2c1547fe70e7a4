import { MemberInvoice } from '@pcb/contract/member-invoice';
import { useEndpointMutation } from '../../../lib/api';

/** Replaces a profile's fields (and makes it the default when asked). */
export const useUpdateInvoice = () =>
  useEndpointMutation(MemberInvoice.Update, {
    invalidates: [MemberInvoice.GetList, MemberInvoice.GetDefault, MemberInvoice.Get],
  });
