import type { VirtualAccount } from '@pcb/contract/direct-connection';
import type { StaffVirtualAccount } from '@pcb/contract/staff-virtual-account';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberApi } from '../member/member.module';
import type { StaffApi } from '../staff/staff.module';
import type { VirtualAccountRepository } from './virtual-account.repository';
import type { VirtualAccountRow } from './virtual-account.table';

export const MEMBER_NOT_FOUND_MESSAGE = '会员不存在';
export const ACCOUNT_NO_TAKEN_MESSAGE = '该账号已被使用';

const toAccount = (row: VirtualAccountRow): VirtualAccount => ({
  id: row.id,
  bankName: row.bankName,
  accountName: row.accountName,
  accountNo: row.accountNo,
  createdAt: row.createdAt.toISOString(),
});

/** Members' transfer accounts: the member reads their own, finance opens them. */
export function createVirtualAccountService(deps: {
  repository: VirtualAccountRepository;
  member: Pick<MemberApi, 'members' | 'namesOf'>;
  staff: Pick<StaffApi, 'namesOf'>;
  now: Clock;
}) {
  const { repository } = deps;

  async function toStaffRows(rows: VirtualAccountRow[]): Promise<StaffVirtualAccount[]> {
    const [members, staff] = await Promise.all([
      deps.member.namesOf(rows.map((r) => r.memberId)),
      deps.staff.namesOf(rows.map((r) => r.createdBy)),
    ]);
    return rows.map((row) => ({
      ...toAccount(row),
      member: members.get(row.memberId)!,
      createdBy: row.createdBy === null ? null : (staff.get(row.createdBy) ?? null),
    }));
  }

  return {
    /** Only the caller's own: another member's id is answered as not found. */
    async listOwn(callerId: number, mbid: number): Promise<VirtualAccount[]> {
      if (mbid !== callerId) throw new AppError(404, MEMBER_NOT_FOUND_MESSAGE, { field: 'mbid' });
      return (await repository.listOfMember(callerId)).map(toAccount);
    },

    async list(memberId: number | undefined, page: PageRequest) {
      return mapPage(await repository.list(memberId, page), toStaffRows);
    },

    async create(
      write: StaffWrite,
      input: { memberId: number; bankName: string; accountName: string; accountNo: string },
    ): Promise<StaffVirtualAccount> {
      if (!(await deps.member.members.findById(input.memberId)))
        throw new AppError(400, MEMBER_NOT_FOUND_MESSAGE, { field: 'memberId' });
      const row = await repository.insert(write.tx, {
        memberId: input.memberId,
        bankName: input.bankName,
        accountName: input.accountName,
        accountNo: input.accountNo,
        createdBy: write.staff.id,
        createdAt: deps.now(),
      });
      if (!row) throw new AppError(409, ACCOUNT_NO_TAKEN_MESSAGE, { field: 'accountNo' });
      await write.audit('virtualAccount', row.id, null, {
        memberId: row.memberId,
        bankName: row.bankName,
        accountName: row.accountName,
        accountNo: row.accountNo,
      });
      const [view] = await toStaffRows([row]);
      return view!;
    },
  };
}

export type VirtualAccountService = ReturnType<typeof createVirtualAccountService>;
