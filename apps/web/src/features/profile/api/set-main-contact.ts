import { MemberContact } from '@pcb/contract/member-contact';
import { useEndpointMutation } from '../../../lib/endpoint-query';

export const useSetMainContact = () =>
  useEndpointMutation(MemberContact.SetMainContact, {
    invalidates: [MemberContact.GetList, MemberContact.GetMainContact],
    toInput: (id: number) => ({ id }),
  });
