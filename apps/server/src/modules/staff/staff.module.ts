import type { StaffRef, StaffRole } from '@pcb/contract';
import { createDeviceTrust } from '../../http/device-trust';
import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { AuditApi } from '../audit/audit.module';
import { createStaffAccountService } from './staff-account.service';
import { createStaffAuthService, type StaffAuthService } from './staff-auth.service';
import { createStaffLoginThrottle } from './staff-login-throttle';
import { createStaffRepository } from './staff.repository';
import { registerStaffRoutes } from './staff.routes';
import { seedStaff } from './staff.seed';
import { createTotp } from './totp';

export {
  DEMO_FACTORY_STAFF,
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  DEMO_TOTP_SECRETS,
  staffActorByUserName,
  staffIdByUserName,
  type StaffActor,
} from './staff.seed';
import type { StaffActor } from './staff.seed';
export { STAFF_IDLE_TIMEOUT_SECONDS } from './staff-auth.service';

export interface StaffApi {
  /** The staff session of a cookie (decision 0020); the route helper calls it. */
  authenticate: StaffAuthService['authenticate'];
  /**
   * How lists name the staff of their rows (decided by, created by), in one query; null ids
   * (nobody yet) are skipped. `staff.namesOf(ids).get(id)`.
   */
  namesOf: (ids: Iterable<number | null>) => Promise<Map<number, StaffRef>>;
  /** Active staff holding a role (the sales staff who can be account managers). */
  activeIdsWithRole: (role: StaffRole) => Promise<number[]>;
  /** An account as an actor of writes outside a request (the demo factory's), whatever its status. */
  actorByUserName: (userName: string) => Promise<StaffActor | null>;
}

/** Staff accounts, roles, logins with a second factor, and sessions: the console's people. */
export const staffModule = appModule({
  redact: ['oldPassword', 'newPassword', 'challenge', 'code'],
  seed: seedStaff,
  create: (
    {
      config,
      db,
      store,
      now,
      deriveKey,
    }: Pick<Platform, 'config' | 'db' | 'store' | 'now' | 'deriveKey'>,
    { audit }: { audit: AuditApi },
  ) => {
    const repository = createStaffRepository(db);
    const auth = createStaffAuthService({
      db,
      repository,
      store,
      totp: createTotp(deriveKey('staff-totp-secret')),
      throttle: createStaffLoginThrottle(store, now),
      deviceTrust: createDeviceTrust(deriveKey('staff-device-trust'), {
        name: 'pcb_staff_device',
        path: '/api/StaffAuth/',
        sameSite: 'Strict',
      }),
      audit,
      now,
      secureCookie: config.publicOrigins.some((origin) => origin.startsWith('https://')),
    });
    const accounts = createStaffAccountService(repository, now);
    return {
      api: {
        authenticate: auth.authenticate,
        namesOf: async (ids) => {
          const unique = [...new Set([...ids].filter((id) => id !== null))];
          return new Map((await repository.refs(unique)).map((r) => [r.id, r]));
        },
        activeIdsWithRole: repository.activeIdsWithRole,
        actorByUserName: async (userName) => {
          const row = await repository.findByUserName(userName);
          return row
            ? { id: row.id, userName: row.userName, realName: row.realName, roles: row.roles }
            : null;
        },
      } satisfies StaffApi,
      routes: (route) => registerStaffRoutes(route, auth, accounts),
    };
  },
});
