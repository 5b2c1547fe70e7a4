import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { MemberProfileService } from './member-profile.service';
import type { MemberService } from './member.service';

export function registerMemberRoutes(
  route: DefineRoute,
  members: MemberService,
  profiles: MemberProfileService,
): void {
  // The view was read with the token check; only the grade is read here (decision 0071).
  route(api.MemberInfo.Get, async ({ requireMember }) =>
    members.withGrade(requireMember().profile),
  );

  route(api.MemberInfo.update, async ({ input, requireOwnAccount }) =>
    profiles.update(requireOwnAccount().id, input),
  );

  route(api.MemberAdmin.Get, async ({ requireMember }) =>
    members.getAccountManager(requireMember().id),
  );
}
