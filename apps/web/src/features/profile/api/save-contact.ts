import { MemberContact } from '@pcb/contract/member-contact';
import { useEndpointMutation } from '../../../lib/api';

const changes = [MemberContact.GetList, MemberContact.GetMainContact];

export const useCreateContact = () =>
  useEndpointMutation(MemberContact.Create, { invalidates: changes });

export const useUpdateContact = () =>
  useEndpointMutation(MemberContact.Update, { invalidates: changes });
