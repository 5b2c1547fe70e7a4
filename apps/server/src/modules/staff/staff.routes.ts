import { StaffAccount } from '@pcb/contract/staff-account';
import { StaffAuth } from '@pcb/contract/staff-auth';
import type { DefineRoute } from '../../http/define-route';
import type { StaffAccountService } from './staff-account.service';
import type { StaffAuthService } from './staff-auth.service';

export function registerStaffRoutes(
  route: DefineRoute,
  auth: StaffAuthService,
  accounts: StaffAccountService,
): void {
  // The session cookie, and the device cookie that gives this browser tries of its own.
  route(StaffAuth.Login, async ({ input, ip, request, reply }) => {
    const { result, cookies } = await auth.login(input, ip, request.headers.cookie);
    if (cookies) reply.header('set-cookie', cookies);
    return result;
  });
  route(StaffAuth.VerifyTotp, async ({ input, ip, request, reply }) => {
    const { session, cookies } = await auth.verifyTotp(input, ip, request.headers.cookie);
    reply.header('set-cookie', cookies);
    return session;
  });
  route(StaffAuth.EnrollTotp, async ({ input, ip, request, reply }) => {
    const { session, cookies } = await auth.enrollTotp(input, ip, request.headers.cookie);
    reply.header('set-cookie', cookies);
    return session;
  });
  route(StaffAuth.Me, async ({ requireStaff }) => auth.me(requireStaff()));
  route(StaffAuth.Logout, async ({ write, reply }) => {
    reply.header('set-cookie', await auth.logout(write()));
    return { ok: true as const };
  });
  route(
    StaffAuth.ChangePassword,
    async ({ input, write }) => auth.changePassword(write(), input.oldPassword, input.newPassword),
    {
      beforeWrite: ({ input, requireStaff }) =>
        auth.proveOldPassword(requireStaff(), input.oldPassword),
    },
  );

  route(StaffAccount.List, async ({ input }) => accounts.list(input.keyword, input));
  route(StaffAccount.Create, async ({ input, write }) => accounts.create(write(), input));
  route(StaffAccount.Update, async ({ input, write }) => accounts.update(write(), input));
  route(StaffAccount.ResetPassword, async ({ input, write }) =>
    accounts.resetPassword(write(), input.id, input.password),
  );
  route(StaffAccount.ResetTotp, async ({ input, write }) => accounts.resetTotp(write(), input.id));
}
