import { MemberContact } from '@pcb/contract/member-contact';
import type { DefineRoute } from '../../http/define-route';
import type { MemberContactService } from './member-contact.service';

export function registerMemberContactRoutes(route: DefineRoute, contacts: MemberContactService) {
  route(MemberContact.GetList, async ({ input, requireMember }) =>
    contacts.list(requireMember().id, input.userType),
  );
  route(MemberContact.GetMainContact, async ({ input, requireMember }) =>
    contacts.getMain(requireMember().id, input.contactUserType),
  );
  route(MemberContact.SetMainContact, async ({ input, requireMember }) =>
    contacts.setMain(requireMember().id, input.id),
  );
  route(MemberContact.Create, async ({ input, requireMember }) =>
    contacts.create(requireMember().id, input),
  );
  route(MemberContact.Update, async ({ input, requireMember }) => {
    const { id, ...change } = input;
    return contacts.update(requireMember().id, id, change);
  });
  route(MemberContact.Delete, async ({ input, requireMember }) =>
    contacts.delete(requireMember().id, input.id),
  );
}
