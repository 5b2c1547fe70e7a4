import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { WechatApi } from '../wechat/wechat.module';
import { registerStaffMemberRoutes } from './staff-member.routes';

/**
 * The console's member screens (StaffMember): the member module's rules, with what other
 * modules know of the member (WeChat bindings) added to the detail.
 */
export const staffMemberModule = appModule({
  create: (_platform: object, { member, wechat }: { member: MemberApi; wechat: WechatApi }) => ({
    routes: (route) => registerStaffMemberRoutes(route, member.console, wechat),
  }),
});
