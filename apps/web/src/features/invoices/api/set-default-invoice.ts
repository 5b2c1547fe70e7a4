import { MemberInvoice } from '@pcb/contract/member-invoice';
import { useEndpointMutation } from '../../../lib/api';

/** Makes a profile the default; the former default is no longer one. */
export const useSetDefaultInvoice = () =>
  useEndpointMutation(MemberInvoice.SetDefault, {
    // The list's badges and order, the default, and both profiles' own answers.
    invalidates: [MemberInvoice.GetList, MemberInvoice.GetDefault, MemberInvoice.Get],
    toInput: (id: number) => ({ id }),
  });
