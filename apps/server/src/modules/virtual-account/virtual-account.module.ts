import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { StaffApi } from '../staff/staff.module';
import {
  createVirtualAccountRepository,
  type VirtualAccountRepository,
} from './virtual-account.repository';
import { registerVirtualAccountRoutes } from './virtual-account.routes';
import { seedVirtualAccounts } from './virtual-account.seed';
import { createVirtualAccountService } from './virtual-account.service';

/** What other modules use of virtual accounts. */
export interface VirtualAccountApi {
  /**
   * The member each of these account numbers belongs to (absent: nobody's), on the caller's
   * transaction when given: a bank transfer's receiving account names its member.
   */
  ownersOf: VirtualAccountRepository['ownersOf'];
}

/** Members' dedicated bank accounts for offline transfers (DirectConnection), opened by finance. */
export const virtualAccountModule = appModule({
  seed: seedVirtualAccounts,
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    { member, staff }: { member: MemberApi; staff: StaffApi },
  ) => {
    const repository = createVirtualAccountRepository(db);
    const accounts = createVirtualAccountService({
      repository,
      member,
      staff,
      now,
    });
    return {
      api: { ownersOf: repository.ownersOf } satisfies VirtualAccountApi,
      routes: (route) => registerVirtualAccountRoutes(route, accounts),
    };
  },
});
