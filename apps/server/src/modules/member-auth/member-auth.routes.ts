import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { MemberService } from '../member/member.service';
import type { MemberAuthService } from './member-auth.service';

export function registerMemberAuthRoutes(
  route: DefineRoute,
  auth: MemberAuthService,
  members: MemberService,
): void {
  route(api.MemberAuth.Login, async ({ input, ip }) => auth.login(input, ip));

  route(api.MemberAuth.SendRegisterMessage, async ({ input, ip }) =>
    auth.sendRegisterMessage(input, ip),
  );

  route(api.MemberAuth.Register, async ({ input, ip }) => auth.register(input, ip));

  route(api.MemberAuth.SignMbAgreement, async ({ requireMember, ip }) =>
    members.signAgreement(requireMember().id, ip),
  );

  route(api.MemberAuth.Activate, async ({ requireMember }) => {
    await members.activate(requireMember().id);
    return { activated: true as const };
  });
}
