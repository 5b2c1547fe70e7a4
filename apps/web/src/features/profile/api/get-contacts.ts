import { MemberContact } from '@pcb/contract/member-contact';
import { useEndpointQuery } from '../../../lib/api';

/** All the member's order contacts (main first within each type). */
export const useContacts = () => useEndpointQuery(MemberContact.GetList, {}, { staleTime: 0 });
