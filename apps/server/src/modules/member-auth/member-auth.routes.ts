import type { FastifyRequest } from 'fastify';
import { api } from '@pcb/contract';
import type { DefineRoute } from '../../http/define-route';
import type { MemberService } from '../member/member.module';
import type { AccountSecurityService } from './account-security.service';
import type { MemberAuthService } from './member-auth.service';

/** The browser's device cookie, and whether a new one may only travel over HTTPS. */
const deviceOf = (request: FastifyRequest) => ({
  cookie: request.headers.cookie,
  secure: request.protocol === 'https',
});

export function registerMemberAuthRoutes(
  route: DefineRoute,
  auth: MemberAuthService,
  security: AccountSecurityService,
  members: MemberService,
): void {
  route(api.MemberAuth.Login, async ({ input, ip, request, reply }) => {
    const { accessToken, deviceCookie } = await auth.login(input, ip, deviceOf(request));
    reply.header('set-cookie', deviceCookie);
    return { accessToken };
  });

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

  route(api.MemberAuth.SendLoginMessage, async ({ input, ip }) => auth.sendLoginMessage(input, ip));

  route(api.MemberAuth.SmsLogin, async ({ input, ip, request, reply }) => {
    const { accessToken, deviceCookie } = await auth.smsLogin(input, ip, deviceOf(request));
    reply.header('set-cookie', deviceCookie);
    return { accessToken };
  });

  route(api.MemberAuth.Logout, async ({ requireMember }) => auth.logout(requireMember()));

  route(api.MemberAuth.LogoutAll, async ({ requireOwnAccount }) =>
    auth.logoutAll(requireOwnAccount()),
  );

  route(api.MemberAuth.SendChangePasswordMessage, async ({ input, ip, member }) =>
    security.sendChangePasswordMessage(input, ip, member),
  );

  route(api.MemberAuth.ChangePassword, async ({ input, ip, member }) =>
    security.changePassword(input, ip, member),
  );

  route(api.MemberAuth.SendChangePaymentPasswordMessage, async ({ input, ip, requireOwnAccount }) =>
    security.sendChangePaymentPasswordMessage(input, ip, requireOwnAccount().id),
  );

  route(api.MemberAuth.ChangePaymentPassword, async ({ input, ip, requireOwnAccount }) =>
    security.changePaymentPassword(input, ip, requireOwnAccount().id),
  );

  route(api.MemberAuth.SendOldMobileMessage, async ({ input, ip, requireOwnAccount }) =>
    security.sendOldMobileMessage(input, ip, requireOwnAccount().id),
  );

  route(api.MemberAuth.checkOldMobileMessage, async ({ input, ip, requireOwnAccount }) =>
    security.checkOldMobileMessage(input, ip, requireOwnAccount().id),
  );

  route(api.MemberInfo.SendChangeMobileMessage, async ({ input, ip, requireOwnAccount }) =>
    security.sendChangeMobileMessage(input, ip, requireOwnAccount().id),
  );

  route(api.MemberInfo.ChangeMobile, async ({ input, ip, requireOwnAccount }) =>
    security.changeMobile(input, ip, requireOwnAccount().id),
  );
}
