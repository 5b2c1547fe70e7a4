import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { StaffApi } from '../staff/staff.module';
import { createVirtualAccountRepository } from './virtual-account.repository';
import { registerVirtualAccountRoutes } from './virtual-account.routes';
import { seedVirtualAccounts } from './virtual-account.seed';
import { createVirtualAccountService } from './virtual-account.service';

/** Members' dedicated bank accounts for offline transfers (DirectConnection), opened by finance. */
export const virtualAccountModule = appModule({
  seed: seedVirtualAccounts,
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    { member, staff }: { member: MemberApi; staff: StaffApi },
  ) => {
    const accounts = createVirtualAccountService({
      repository: createVirtualAccountRepository(db),
      member,
      staff,
      now,
    });
    return { routes: (route) => registerVirtualAccountRoutes(route, accounts) };
  },
});
