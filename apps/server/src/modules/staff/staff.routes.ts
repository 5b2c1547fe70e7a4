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
  route(StaffAuth.Login, async ({ input, ip, reply }) => {
    const { result, cookie } = await auth.login(input, ip);
    if (cookie) reply.header('set-cookie', cookie);
    return result;
  });
  route(StaffAuth.VerifyTotp, async ({ input, ip, reply }) => {
    const { session, cookie } = await auth.verifyTotp(input, ip);
    reply.header('set-cookie', cookie);
    return session;
  });
  route(StaffAuth.EnrollTotp, async ({ input, ip, reply }) => {
    const { session, cookie } = await auth.enrollTotp(input, ip);
    reply.header('set-cookie', cookie);
    return session;
  });
  route(StaffAuth.Me, async ({ requireStaff }) => auth.me(requireStaff()));
  route(StaffAuth.Logout, async ({ write, reply }) => {
    reply.header('set-cookie', await auth.logout(write()));
    return { ok: true as const };
  });
  route(StaffAuth.ChangePassword, async ({ input, write }) =>
    auth.changePassword(write(), input.oldPassword, input.newPassword),
  );

  route(StaffAccount.List, async ({ input }) =>
    accounts.list(input.keyword, input.page, input.pageSize),
  );
  route(StaffAccount.Create, async ({ input, write }) => accounts.create(write(), input));
  route(StaffAccount.Update, async ({ input, write }) => accounts.update(write(), input));
  route(StaffAccount.ResetPassword, async ({ input, write }) =>
    accounts.resetPassword(write(), input.id, input.password),
  );
  route(StaffAccount.ResetTotp, async ({ input, write }) => accounts.resetTotp(write(), input.id));
}
