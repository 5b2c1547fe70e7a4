import { maskMobile, type MobileApply } from '@pcb/contract';
import type { StaffMobileApply } from '@pcb/contract/staff-mobile-apply';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { SmsSender } from '../../integrations/sms/sms';
import type { Clock } from '../../lib/clock';
import { displayNameOf, type MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { StaffApi } from '../staff/staff.module';
import type { MobileApplyReviewRepository } from './mobile-apply.repository';
import { toApply } from './mobile-apply.service';
import { mobileApplyMessage } from './mobile-apply.message';
import type { MobileApplyRow } from './mobile-apply.table';

const NOT_FOUND_MESSAGE = '申请不存在';
export const DECIDED_MESSAGE = '该申请已处理，请刷新后查看';
/** How long the identity document's signed URL works. */
const DOCUMENT_URL_TTL_MS = 5 * 60_000;

export const mobileChangedText = (mobile: string) =>
  `【会员中心】您的会员账号手机号已更换为${maskMobile(mobile)}，请使用新手机号登录；如非本人申请，请立即联系客服。`;

/** Mobile-change applications as staff review them; the member sees the outcome. */
export function createMobileApplyReviewService(deps: {
  repository: MobileApplyReviewRepository;
  member: Pick<MemberApi, 'members' | 'console'>;
  staff: Pick<StaffApi, 'refs'>;
  storage: ObjectStorage;
  sms: SmsSender;
  messages: Pick<MemberMessageApi, 'sendIn'>;
  now: Clock;
}) {
  const { repository } = deps;

  async function toStaffRows(rows: MobileApplyRow[]): Promise<StaffMobileApply[]> {
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
          displayName: member ? displayNameOf(member) : maskMobile(row.oldMobile),
        },
        oldMobileMasked: maskMobile(row.oldMobile),
        newMobileMasked: maskMobile(row.newMobile),
        reason: row.reason,
        status: row.status,
        rejectReason: row.status === 'rejected' ? row.decisionNote : null,
        decidedBy: row.decidedBy ? (staff.get(row.decidedBy) ?? null) : null,
        decidedAt: row.decidedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  const decided = (row: MobileApplyRow) => ({
    status: row.status,
    decisionNote: row.decisionNote,
  });

  return {
    async list(status: MobileApplyRow['status'] | undefined, page: number, pageSize: number) {
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
      return {
        ...view!,
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
      const at = deps.now();
      const row = await repository.decide(write.tx, id, {
        status: 'approved',
        decidedBy: write.staff.id,
        decidedAt: at,
        note: null,
      });
      if (!row) throw await refusal(id);
      await deps.member.console.changeMobile(write, row.memberId, row.newMobile);
      await deps.messages.sendIn(write.tx, mobileApplyMessage(row));
      await write.audit(
        'mobileApply',
        id,
        { status: 'pending', memberId: row.memberId, oldMobile: maskMobile(row.oldMobile) },
        { ...decided(row), newMobile: maskMobile(row.newMobile) },
      );
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
      const row = await repository.decide(write.tx, id, {
        status: 'rejected',
        decidedBy: write.staff.id,
        decidedAt: deps.now(),
        note: reason,
      });
      if (!row) throw await refusal(id);
      await deps.messages.sendIn(write.tx, mobileApplyMessage(row));
      await write.audit('mobileApply', id, { status: 'pending' }, decided(row));
      return { ok: true as const };
    },

    /** The member's own latest application and its outcome. */
    async latestOf(memberId: number): Promise<MobileApply | null> {
      const row = await repository.findLatest(memberId);
      return row ? toApply(row) : null;
    },
  };

  async function refusal(id: number) {
    return (await repository.findById(id))
      ? new AppError(409, DECIDED_MESSAGE)
      : new AppError(404, NOT_FOUND_MESSAGE);
  }
}

export type MobileApplyReviewService = ReturnType<typeof createMobileApplyReviewService>;
