import { MemberContact } from '@pcb/contract/member-contact';
import { useEndpointMutation } from '../../../lib/api';

/** Deleting the main contact makes the earliest left of its type the main one (server). */
export const useDeleteContact = () =>
  useEndpointMutation(MemberContact.Delete, {
    invalidates: [MemberContact.GetList, MemberContact.GetMainContact],
    toInput: (id: number) => ({ id }),
  });
