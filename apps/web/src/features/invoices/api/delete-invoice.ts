import { MemberInvoice } from '@pcb/contract/member-invoice';
import { useEndpointMutation } from '../../../lib/api';

/** Deletes a profile; when it was the default, the server promotes another. */
export const useDeleteInvoice = () =>
  useEndpointMutation(MemberInvoice.Delete, {
    // The list (and the promoted one's badge), the default, and the promoted one's answer.
    invalidates: [MemberInvoice.GetList, MemberInvoice.GetDefault, MemberInvoice.Get],
    toInput: (id: number) => ({ id }),
  });
