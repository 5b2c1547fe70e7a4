import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { MemberService } from './member.service';

export function registerMemberRoutes(route: DefineRoute, members: MemberService): void {
  // The view was read with the token check: no second read.
  route(api.MemberInfo.Get, async ({ requireMember }) => requireMember().profile);

  route(api.MemberAdmin.Get, async ({ requireMember }) =>
    members.getAccountManager(requireMember().id),
  );
}
