import type { StaffAccount } from '@pcb/contract/staff-account';
import type { StaffRole } from '@pcb/contract';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { hashPassword } from '../../lib/password';
import type { StaffRepository } from './staff.repository';
import type { StaffAccountRow } from './staff.table';

export const LAST_ADMIN_MESSAGE = '不能停用或移除最后一位在职管理员';
export const USER_NAME_TAKEN_MESSAGE = '该用户名已被使用';
const NOT_FOUND_MESSAGE = '员工账号不存在';

export const toStaffAccount = (row: StaffAccountRow): StaffAccount => ({
  id: row.id,
  userName: row.userName,
  realName: row.realName,
  roles: row.roles,
  status: row.status,
  totpEnabled: row.totpEnabled,
  lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/** What the audit log keeps of an account: no hash, no secret. */
const audited = (row: StaffAccountRow) => {
  const { lastLoginAt: _l, createdAt: _c, ...rest } = toStaffAccount(row);
  return rest;
};

const isActiveAdmin = (row: Pick<StaffAccountRow, 'status' | 'roles'>) =>
  row.status === 'active' && row.roles.includes('admin');

/** Staff accounts and roles: the admin's. Every write is audited on the route's transaction. */
export function createStaffAccountService(repository: StaffRepository, now: Clock) {
  const mustLock = async (write: StaffWrite, id: number) => {
    const row = await repository.lockById(write.tx, id);
    if (!row) throw new AppError(404, NOT_FOUND_MESSAGE);
    return row;
  };

  return {
    async list(keyword: string | undefined, page: PageRequest) {
      return mapPage(await repository.list(keyword || undefined, page), (rows) =>
        rows.map(toStaffAccount),
      );
    },

    async create(
      write: StaffWrite,
      input: { userName: string; realName: string; roles: StaffRole[]; password: string },
    ): Promise<StaffAccount> {
      const at = now();
      const row = await repository.insert(write.tx, {
        userName: input.userName.toLowerCase(),
        realName: input.realName,
        roles: [...new Set(input.roles)],
        status: 'active',
        passwordHash: await hashPassword(input.password),
        createdAt: at,
        updatedAt: at,
      });
      if (!row) throw new AppError(409, USER_NAME_TAKEN_MESSAGE, { field: 'userName' });
      await write.audit('staff', row.id, null, audited(row));
      return toStaffAccount(row);
    },

    /** Name, roles, status; disabling ends the account's sessions. The last admin stays. */
    async update(
      write: StaffWrite,
      input: { id: number; realName: string; roles: StaffRole[]; status: StaffAccount['status'] },
    ): Promise<StaffAccount> {
      const before = await mustLock(write, input.id);
      const roles = [...new Set(input.roles)];
      if (isActiveAdmin(before) && !isActiveAdmin({ status: input.status, roles })) {
        if ((await repository.lockOtherActiveAdmins(write.tx, before.id)) === 0) {
          throw new AppError(409, LAST_ADMIN_MESSAGE);
        }
      }
      const at = now();
      const after = await repository.update(
        write.tx,
        before.id,
        { realName: input.realName, roles, status: input.status },
        at,
      );
      if (!after) throw new AppError(404, NOT_FOUND_MESSAGE);
      if (input.status === 'disabled') await repository.endAllSessions(write.tx, before.id, at);
      await write.audit('staff', before.id, audited(before), audited(after));
      return toStaffAccount(after);
    },

    /** A new password set by the admin; the account's sessions end. */
    async resetPassword(write: StaffWrite, id: number, password: string) {
      const before = await mustLock(write, id);
      const at = now();
      await repository.update(
        write.tx,
        before.id,
        { passwordHash: await hashPassword(password) },
        at,
      );
      await repository.endAllSessions(write.tx, before.id, at);
      await write.audit('staff', before.id, null, { passwordReset: true });
      return { ok: true as const };
    },

    /** The authenticator is forgotten; the next login enrols a new one (roles that need it). */
    async resetTotp(write: StaffWrite, id: number) {
      const before = await mustLock(write, id);
      const at = now();
      await repository.update(
        write.tx,
        before.id,
        { totpSecret: null, totpEnabled: false, totpLastStep: null },
        at,
      );
      await repository.endAllSessions(write.tx, before.id, at);
      await write.audit(
        'staff',
        before.id,
        { totpEnabled: before.totpEnabled },
        { totpEnabled: false },
      );
      return { ok: true as const };
    },
  };
}

export type StaffAccountService = ReturnType<typeof createStaffAccountService>;
