import { maskMobile, type MemberInfo } from '@pcb/contract';
import type {
  AccountManagerOption,
  StaffMemberDetail,
  StaffMemberRow,
} from '@pcb/contract/staff-member';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { StaffApi } from '../staff/staff.module';
import type {
  MemberConsoleRepository,
  MemberConsoleRow,
  MemberKeyword,
} from './member-console.repository';
import type { MemberGradeApi } from '../member-grade/member-grade.module';
import { MOBILE_TAKEN_MESSAGE } from './member.service';

const NOT_FOUND_MESSAGE = '会员不存在';

/** 张工 → 张*, 王志强 → 王**: the family name stays, so staff can still address the member. */
export function maskName(name: string | null): string | null {
  if (!name) return name;
  const chars = [...name];
  return `${chars[0]}${'*'.repeat(Math.max(1, chars.length - 1))}`;
}

/**
 * Digits look for a mobile prefix (btree); other text for names, user names and companies
 * holding it (its letter pairs in the GIN index, or its one letter). ASCII is lower-cased as
 * PostgreSQL's lower() does under the C locale.
 */
export function parseKeyword(keyword: string | undefined): MemberKeyword | undefined {
  const text = keyword?.trim().replace(/[A-Z]/g, (c) => c.toLowerCase());
  if (!text) return undefined;
  if (/^\d{1,11}$/.test(text)) return { mobilePrefix: text };
  const chars = [...text];
  const grams =
    chars.length === 1
      ? chars
      : chars
          .slice(0, -1)
          .map((c, i) => `${c}${chars[i + 1]}`)
          .filter((g) => !/\s/.test(g));
  return {
    text,
    grams: [...new Set(grams.length > 0 ? grams : chars.filter((c) => !/\s/.test(c)))],
  };
}

const toRow = (row: MemberConsoleRow, gradeName: string): StaffMemberRow => ({
  id: row.id,
  mobileMasked: maskMobile(row.mobile),
  userName: row.userName,
  realNameMasked: maskName(row.realName),
  companyName: row.companyName,
  memberType: row.memberType,
  status: row.status,
  gradeName,
  manager: row.managerId === null ? null : { id: row.managerId, realName: row.managerName ?? '' },
  createdAt: row.createdAt.toISOString(),
});

/** Members as staff see and change them: masked by default, every change audited. */
export function createMemberConsoleService(deps: {
  repository: MemberConsoleRepository;
  staff: Pick<StaffApi, 'activeIdsWithRole'>;
  grades: Pick<MemberGradeApi, 'namesOf'>;
  now: Clock;
}) {
  const { repository } = deps;

  /** The rows with their grades, computed now from the payments (decision 0071). */
  const toRows = async (rows: MemberConsoleRow[]) => {
    const names = await deps.grades.namesOf(rows.map((r) => r.id));
    return rows.map((r) => toRow(r, names.get(r.id) ?? ''));
  };

  const mustLock = async (write: StaffWrite, id: number) => {
    const row = await repository.lock(write.tx, id);
    if (!row) throw new AppError(404, NOT_FOUND_MESSAGE);
    return row;
  };

  const managers = async (tx?: StaffWrite['tx']) =>
    repository.managers(await deps.staff.activeIdsWithRole('sales'), tx);

  return {
    async search(input: { keyword?: string; status?: MemberInfo['status'] }, page: PageRequest) {
      const found = await repository.search(
        { keyword: parseKeyword(input.keyword), status: input.status },
        page,
      );
      return mapPage(found, toRows);
    },

    /**
     * For other lists' keyword filters (orders, review queues): the ids of the newest members
     * whose mobile starts with, or whose names hold, the keyword; none for a blank one.
     */
    async matchingIds(keyword: string, limit: number): Promise<number[]> {
      const parsed = parseKeyword(keyword);
      return parsed ? repository.matchingIds(parsed, limit) : [];
    },

    /** The member, masked; `extra` adds what other modules know (WeChat bindings). */
    async get(id: number): Promise<Omit<StaffMemberDetail, 'wechatBindings'>> {
      const row = await repository.find(id);
      if (!row) throw new AppError(404, NOT_FOUND_MESSAGE);
      return {
        ...(await toRows([row]))[0]!,
        points: row.points,
        balance: row.balance,
        agreementVersion: row.agreementVersion,
        source: row.source,
        activeSessions: await repository.countLiveSessions(id),
      };
    },

    /** The full value, recorded (which field, not the value: the log holds no personal data). */
    async reveal(write: StaffWrite, id: number, field: 'mobile' | 'realName') {
      const row = await mustLock(write, id);
      await write.audit('member', id, null, { revealed: field });
      return { value: field === 'mobile' ? row.mobile : row.realName };
    },

    /** Disable ends all of the member's sessions at once; enable gives the account back. */
    async setStatus(
      write: StaffWrite,
      input: { id: number; status: 'active' | 'disabled'; reason: string },
    ) {
      const before = await mustLock(write, input.id);
      if (before.status === 'inactive' && input.status === 'active') {
        throw new AppError(409, '该账号尚未激活，需会员本人同意会员协议后激活');
      }
      await repository.setStatus(write.tx, input.id, input.status, deps.now());
      await write.audit(
        'member',
        input.id,
        { status: before.status },
        { status: input.status, reason: input.reason },
      );
      return { ok: true as const };
    },

    /** A mobile change staff approved: 409 when the number was taken meanwhile. */
    async changeMobile(write: StaffWrite, id: number, mobile: string) {
      const result = await repository.changeMobile(write.tx, id, mobile, deps.now());
      if (result === 'taken') throw new AppError(409, MOBILE_TAKEN_MESSAGE);
      if (result === 'gone') throw new AppError(404, NOT_FOUND_MESSAGE);
    },

    /**
     * An approved enterprise certification: the member's company name, type and certification
     * time, on the approval's transaction (its audit row is the approval's).
     */
    async certifyCompany(write: StaffWrite, id: number, companyName: string, at: Date) {
      if (!(await repository.certifyCompany(write.tx, id, companyName, at)))
        throw new AppError(404, NOT_FOUND_MESSAGE);
    },

    /** Whose members these are: each one's account manager's name and staff account. */
    async managersOf(memberIds: number[]) {
      const rows = await repository.managersOf([...new Set(memberIds)]);
      return new Map(rows.map((r) => [r.memberId, { realName: r.realName, staffId: r.staffId }]));
    },

    async listManagers(): Promise<AccountManagerOption[]> {
      return (await managers()).map((m) => ({
        id: m.id,
        realName: m.realName,
        mobileMasked: maskMobile(m.mobile),
      }));
    },

    /** Only an active sales staff member's manager entry can be assigned. */
    async assignManager(write: StaffWrite, input: { id: number; managerId: number }) {
      const before = await mustLock(write, input.id);
      const manager = (await managers(write.tx)).find((m) => m.id === input.managerId);
      if (!manager) {
        throw new AppError(400, '该客户经理不可分配', { field: 'managerId' });
      }
      await repository.setManager(write.tx, input.id, manager.id, deps.now());
      await write.audit(
        'member',
        input.id,
        { accountManagerId: before.accountManagerId },
        { accountManagerId: manager.id, accountManagerName: manager.realName },
      );
      return { ok: true as const };
    },
  };
}

export type MemberConsoleService = ReturnType<typeof createMemberConsoleService>;
