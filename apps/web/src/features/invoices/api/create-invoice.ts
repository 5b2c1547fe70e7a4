import { MemberInvoice } from '@pcb/contract/member-invoice';
import { useEndpointMutation } from '../../../lib/api';

/** Adds a profile (the first one becomes the default). */
export const useCreateInvoice = () =>
  useEndpointMutation(MemberInvoice.Create, {
    // The list, and the default when this one took it; a former default's own answer.
    invalidates: [MemberInvoice.GetList, MemberInvoice.GetDefault, MemberInvoice.Get],
  });
