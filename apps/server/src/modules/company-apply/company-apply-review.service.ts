import { maskMobile } from '@pcb/contract';
import type { StaffCompanyApply } from '@pcb/contract/staff-company-apply';
import type { StaffWrite } from '../../http/define-route';
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
    objectType: 'companyApply',
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
     * other approvals by a unique index), the audit row, the member a certified company.
     */
    async approve(write: StaffWrite, id: number) {
      const at = deps.now();
      const row = await queue.decide(write, id, {
        status: 'approved',
        decidedAt: at,
        rejectReason: null,
        conflictMessage: CODE_CERTIFIED_MESSAGE,
        audit: (pending) => ({
          before: { memberId: pending.memberId },
          after: { companyName: pending.companyName, creditCode: pending.creditCode },
        }),
      });
      await deps.member.console.certifyCompany(write, row.memberId, row.companyName, at);
      await deps.messages.sendIn(write.tx, companyApplyMessage(row));
      return { ok: true as const };
    },

    async reject(write: StaffWrite, id: number, reason: string) {
      const row = await queue.decide(write, id, {
        status: 'rejected',
        decidedAt: deps.now(),
        rejectReason: reason,
        audit: (pending) => ({
          before: { memberId: pending.memberId },
          after: { rejectReason: reason },
        }),
      });
      await deps.messages.sendIn(write.tx, companyApplyMessage(row));
      return { ok: true as const };
    },
  };
}

export type CompanyApplyReviewService = ReturnType<typeof createCompanyApplyReviewService>;
