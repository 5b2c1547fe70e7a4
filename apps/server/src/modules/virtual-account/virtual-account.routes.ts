import { DirectConnection } from '@pcb/contract/direct-connection';
import { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import type { DefineRoute } from '../../http/define-route';
import type { VirtualAccountService } from './virtual-account.service';

export function registerVirtualAccountRoutes(
  route: DefineRoute,
  accounts: VirtualAccountService,
): void {
  route(DirectConnection.GetVirtualAccountListByMemberId, async ({ input, requireMember }) =>
    accounts.listOwn(requireMember().id, input.mbid),
  );
  route(StaffVirtualAccount.List, async ({ input }) => accounts.list(input.memberId, input));
  route(StaffVirtualAccount.Create, async ({ input, write }) => accounts.create(write(), input));
}
