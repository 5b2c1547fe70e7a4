import { StaffMember } from '@pcb/contract/staff-member';
import type { DefineRoute } from '../../http/define-route';
import type { MemberConsoleService } from '../member/member.module';
import type { WechatApi } from '../wechat/wechat.module';

export function registerStaffMemberRoutes(
  route: DefineRoute,
  members: MemberConsoleService,
  wechat: WechatApi,
): void {
  route(StaffMember.Search, async ({ input }) => members.search(input, input));
  route(StaffMember.Get, async ({ input }) => ({
    ...(await members.get(input.id)),
    wechatBindings: await wechat.countActiveBindings(input.id),
  }));
  route(StaffMember.Reveal, async ({ input, write }) =>
    members.reveal(write(), input.id, input.field),
  );
  route(StaffMember.SetStatus, async ({ input, write }) => members.setStatus(write(), input));
  route(StaffMember.ListManagers, async () => members.listManagers());
  route(StaffMember.AssignManager, async ({ input, write }) =>
    members.assignManager(write(), input),
  );
}
