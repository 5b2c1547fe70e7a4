import { maskMobile } from '@pcb/contract';
import type { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { Clock } from '../../lib/clock';
import { displayNameOf, type MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { StaffApi } from '../staff/staff.module';
import type { CompanyApplyReviewRepository } from './company-apply.repository';
import { CODE_CERTIFIED_MESSAGE } from './company-apply.service';
import { companyApplyMessage } from './company-apply.message';
import type { CompanyApplyRow } from './company-apply.table';

const NOT_FOUND_MESSAGE = '申请不存在';
export const DECIDED_MESSAGE = '该申请已处理或已被会员修改，请刷新后查看';
/** How long the files' signed URLs work for staff. */
const FILE_URL_TTL_MS = 5 * 60_000;

/** Enterprise certifications as staff review them; the member sees the outcome. */
export function createCompanyApplyReviewService(deps: {
  repository: CompanyApplyReviewRepository;
  member: Pick<MemberApi, 'members' | 'console'>;
  staff: Pick<StaffApi, 'refs'>;
  storage: Pick<ObjectStorage, 'signedGetUrl'>;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
}) {
  const { repository } = deps;

  async function toStaffRows(rows: CompanyApplyRow[]): Promise<StaffCompanyApply[]> {
    const members = new Map(
      (await deps.member.members.findByIds([...new Set(rows.map((r) => r.memberId))])).map((m) => [
        m.id,
        m,
      ]),
    );
    const staff = await deps.staff.refs(rows.flatMap((r) => (r.decidedBy ? [r.decidedBy] : [])));
    return rows.map((row) => {
      const member = members.get(row.memberId);
      return {
        id: row.id,
        member: {
          id: row.memberId,
          displayName: member ? displayNameOf(member) : `#${row.memberId}`,
        },
        companyName: row.companyName,
        creditCode: row.creditCode,
        legalPerson: row.legalPerson,
        contactName: row.contactName,
        contactPhone: maskMobile(row.contactPhone),
        status: row.status,
        rejectReason: row.rejectReason,
        decidedBy: row.decidedBy ? (staff.get(row.decidedBy) ?? null) : null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
        updatedAt: row.updatedAt.toISOString(),
      };
    });
  }

  async function refusal(id: number) {
    return (await repository.findById(id))
      ? new AppError(409, DECIDED_MESSAGE)
      : new AppError(404, NOT_FOUND_MESSAGE);
  }

  return {
    async list(status: CompanyApplyRow['status'] | undefined, page: number, pageSize: number) {
      const { rows, total } = await repository.list(status, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { items: await toStaffRows(rows), total, page, pageSize };
    },

    async get(id: number) {
      const row = await repository.findById(id);
      if (!row) throw new AppError(404, NOT_FOUND_MESSAGE);
      const [view] = await toStaffRows([row]);
      const until = new Date(deps.now().getTime() + FILE_URL_TTL_MS);
      return {
        ...view!,
        licenseUrl: deps.storage.signedGetUrl(row.licenseKey, until),
        letterUrl: deps.storage.signedGetUrl(row.letterKey, until),
        letterIsPdf: row.letterKey.toLowerCase().endsWith('.pdf'),
      };
    },

    /**
     * In one transaction: the application approved (only while pending; the credit code free of
     * other approvals by a unique index), the member a certified company, the audit row.
     */
    async approve(write: StaffWrite, id: number) {
      const at = deps.now();
      const row = await repository.decide(write.tx, id, {
        status: 'approved',
        decidedBy: write.staff.id,
        decidedAt: at,
        rejectReason: null,
      });
      if (row === 'codeTaken') throw new AppError(409, CODE_CERTIFIED_MESSAGE);
      if (!row) throw await refusal(id);
      await deps.member.console.certifyCompany(write, row.memberId, row.companyName, at);
      await deps.messages.sendIn(write.tx, companyApplyMessage(row));
      await write.audit(
        'companyApply',
        id,
        { status: 'pending', memberId: row.memberId },
        { status: 'approved', companyName: row.companyName, creditCode: row.creditCode },
      );
      return { ok: true as const };
    },

    async reject(write: StaffWrite, id: number, reason: string) {
      const row = await repository.decide(write.tx, id, {
        status: 'rejected',
        decidedBy: write.staff.id,
        decidedAt: deps.now(),
        rejectReason: reason,
      });
      if (row === 'codeTaken' || !row) throw await refusal(id);
      await deps.messages.sendIn(write.tx, companyApplyMessage(row));
      await write.audit(
        'companyApply',
        id,
        { status: 'pending', memberId: row.memberId },
        { status: 'rejected', rejectReason: reason },
      );
      return { ok: true as const };
    },
  };
}

export type CompanyApplyReviewService = ReturnType<typeof createCompanyApplyReviewService>;
