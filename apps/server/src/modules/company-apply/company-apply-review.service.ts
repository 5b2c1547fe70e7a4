import { maskMobile } from '@pcb/contract';
import type { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { Clock } from '../../lib/clock';
import { createReviewQueue, reviewNamesOf } from '../../lib/review-queue';
import type { MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { StaffApi } from '../staff/staff.module';
import type { CompanyApplyReviewRepository } from './company-apply.repository';
import { CODE_CERTIFIED_MESSAGE } from './company-apply.service';
import { companyApplyMessage } from './company-apply.message';
import type { CompanyApplyRow } from './company-apply.table';

export const DECIDED_MESSAGE = '该申请已处理或已被会员修改，请刷新后查看';
/** How long the files' signed URLs work for staff. */
const FILE_URL_TTL_MS = 5 * 60_000;

/** What a certification asks: the company, its code, its legal person and contact. */
const asked = (row: CompanyApplyRow) => ({
  companyName: row.companyName,
  creditCode: row.creditCode,
  legalPerson: row.legalPerson,
  contactName: row.contactName,
  contactPhone: maskMobile(row.contactPhone),
});

/** Enterprise certifications as staff review them (a review queue); the member sees the outcome. */
export function createCompanyApplyReviewService(deps: {
  repository: CompanyApplyReviewRepository;
  member: Pick<MemberApi, 'namesOf' | 'console'>;
  staff: Pick<StaffApi, 'namesOf'>;
  storage: Pick<ObjectStorage, 'signedGetUrl'>;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
}) {
  const { repository } = deps;
  const queue = createReviewQueue<CompanyApplyRow, ReturnType<typeof asked>>({
    repository,
    names: reviewNamesOf(deps.member, deps.staff),
    submittedAt: (row) => row.updatedAt,
    rejectReason: (row) => row.rejectReason,
    asked,
    decidedMessage: DECIDED_MESSAGE,
  });

  return {
    list: queue.list,

    async get(id: number) {
      const { row, view } = await queue.get(id);
      const until = new Date(deps.now().getTime() + FILE_URL_TTL_MS);
      return {
        ...(view satisfies StaffCompanyApply),
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
      if (row === 'conflict') throw new AppError(409, CODE_CERTIFIED_MESSAGE);
      if (!row) throw await queue.refusal(id);
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
      if (row === 'conflict' || !row) throw await queue.refusal(id);
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
