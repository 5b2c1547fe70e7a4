import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { MemberService } from './member.service';

export function registerMemberRoutes(route: DefineRoute, members: MemberService): void {
  route(api.MemberInfo.Get, async ({ requireMember }) => members.getInfo(requireMember().id));

  route(api.MemberAdmin.Get, async ({ requireMember }) =>
    members.getAccountManager(requireMember().id),
  );
}
