import { MemberContact } from '@pcb/contract/member-contact';
import { useEndpointMutation } from '../../../lib/api';

export const useSetMainContact = () =>
  useEndpointMutation(MemberContact.SetMainContact, {
    invalidates: [MemberContact.GetList, MemberContact.GetMainContact],
    toInput: (id: number) => ({ id }),
  });
