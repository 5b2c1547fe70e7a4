import { MemberReceiver } from '@pcb/contract/member-receiver';
import { useEndpointMutation } from '../../../lib/api';

/** Everything a change of an address (or of the default) may change. */
const receiverAnswers = [
  MemberReceiver.GetPagedList,
  MemberReceiver.Get,
  MemberReceiver.getDefaultOrLast,
];

export const useCreateReceiver = () =>
  useEndpointMutation(MemberReceiver.Create, { invalidates: receiverAnswers, awaitRefetch: false });

export const useUpdateReceiver = () =>
  useEndpointMutation(MemberReceiver.Update, { invalidates: receiverAnswers, awaitRefetch: false });

/** The list shows the new default once this resolves. */
export const useSetDefaultReceiver = () =>
  useEndpointMutation(MemberReceiver.UpdateDefault, {
    invalidates: receiverAnswers,
    toInput: (id: number) => ({ id }),
  });

/** The list shows the address gone (and a promoted default) once this resolves. */
export const useDeleteReceiver = () =>
  useEndpointMutation(MemberReceiver.Delete, {
    invalidates: receiverAnswers,
    toInput: (id: number) => ({ id }),
  });
