import { maskMobile, type MobileApply } from '@pcb/contract';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import type { StaffWrite } from '../../http/define-route';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { SmsSender } from '../../integrations/sms/sms';
import type { Clock } from '../../lib/clock';
import { createReviewQueue, reviewNamesOf } from '../../lib/review-queue';
import type { MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { StaffApi } from '../staff/staff.module';
import type { MobileApplyReviewRepository } from './mobile-apply.repository';
import { toApply } from './mobile-apply.service';
import { mobileApplyMessage } from './mobile-apply.message';
import type { MobileApplyRow } from './mobile-apply.table';

/** How long the identity document's signed URL works. */
const DOCUMENT_URL_TTL_MS = 5 * 60_000;

export const mobileChangedText = (mobile: string) =>
  `【会员中心】您的会员账号手机号已更换为${maskMobile(mobile)}，请使用新手机号登录；如非本人申请，请立即联系客服。`;

/** What a mobile change asks: the new number instead of the old, and why. */
const asked = (row: MobileApplyRow) => ({
  oldMobileMasked: maskMobile(row.oldMobile),
  newMobileMasked: maskMobile(row.newMobile),
  reason: row.reason,
});

/** Mobile-change applications as staff review them (a review queue); the member sees the outcome. */
export function createMobileApplyReviewService(deps: {
  repository: MobileApplyReviewRepository;
  member: Pick<MemberApi, 'namesOf' | 'console'>;
  staff: Pick<StaffApi, 'namesOf'>;
  storage: ObjectStorage;
  sms: SmsSender;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
}) {
  const { repository } = deps;
  const queue = createReviewQueue<MobileApplyRow, ReturnType<typeof asked>>({
    repository,
    names: reviewNamesOf(deps.member, deps.staff),
    submittedAt: (row) => row.createdAt,
    rejectReason: (row) => row.decisionNote,
    asked,
    objectType: 'mobileApply',
  });

  return {
    list: queue.list,

    async get(id: number) {
      const { row, view } = await queue.get(id);
      return {
        ...(view satisfies StaffMobileApply),
        idDocumentUrl: deps.storage.signedGetUrl(
          row.idDocumentKey,
          new Date(deps.now().getTime() + DOCUMENT_URL_TTL_MS),
        ),
      };
    },

    /**
     * The member's mobile becomes the new one and all their sessions end, in the transaction
     * that marks the application approved (only while pending); the SMS goes after the commit.
     */
    async approve(write: StaffWrite, id: number) {
      const row = await queue.decide(write, id, {
        status: 'approved',
        decidedAt: deps.now(),
        rejectReason: null,
        audit: (pending) => ({
          before: { memberId: pending.memberId, oldMobile: maskMobile(pending.oldMobile) },
          after: { decisionNote: null, newMobile: maskMobile(pending.newMobile) },
        }),
      });
      await deps.member.console.changeMobile(write, row.memberId, row.newMobile);
      await deps.messages.sendIn(write.tx, mobileApplyMessage(row));
      write.afterCommit(() =>
        deps.sms.send({
          mobile: row.newMobile,
          kind: 'mobileChanged',
          params: { mobile: maskMobile(row.newMobile) },
          text: mobileChangedText(row.newMobile),
        }),
      );
      return { ok: true as const };
    },

    async reject(write: StaffWrite, id: number, reason: string) {
      const row = await queue.decide(write, id, {
        status: 'rejected',
        decidedAt: deps.now(),
        rejectReason: reason,
        audit: () => ({ before: {}, after: { decisionNote: reason } }),
      });
      await deps.messages.sendIn(write.tx, mobileApplyMessage(row));
      return { ok: true as const };
    },

    /** The member's own latest application and its outcome. */
    async latestOf(memberId: number): Promise<MobileApply | null> {
      const row = await repository.findLatest(memberId);
      return row ? toApply(row) : null;
    },
  };
}

export type MobileApplyReviewService = ReturnType<typeof createMobileApplyReviewService>;
