import { maskMobile, type MobileApply } from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { MemberService } from '../member/member.module';
import { invalidSmsCode, type SmsCodeService } from '../sms-code/sms-code.module';
import type { UploadService } from '../upload/upload.module';
import type { MobileApplyRepository } from './mobile-apply.repository';
import type { MobileApplyRow } from './mobile-apply.table';

export const PENDING_APPLY_MESSAGE = '您已有待审核的更换申请';
export const ID_DOCUMENT_MESSAGE = '身份证明材料无效，请重新上传';

export const toApply = (row: MobileApplyRow): MobileApply => ({
  id: row.id,
  newMobileMasked: maskMobile(row.newMobile),
  reason: row.reason,
  status: row.status,
  rejectReason: row.status === 'rejected' ? row.decisionNote : null,
  decidedAt: row.decidedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

/**
 * A mobile change by hand, for a member whose old number is lost: the new number is proven by
 * a code, an identity document the member uploaded goes with it, and staff decide later.
 */
export function createMobileApplyService(deps: {
  repository: MobileApplyRepository;
  members: MemberService;
  smsCodes: SmsCodeService;
  uploads: UploadService;
  now: Clock;
}) {
  const { repository, members } = deps;

  return {
    async create(
      memberId: number,
      input: { newMobile: string; smsCode: string; reason: string; idDocumentKey: string },
      ip: string,
    ): Promise<MobileApply> {
      const member = await members.get(memberId);
      if (member.mobile === input.newMobile)
        throw new AppError(400, '新手机号不能与原手机号相同', {
          field: 'newMobile',
        });
      if (await repository.findPending(memberId)) throw new AppError(409, PENDING_APPLY_MESSAGE);
      await deps.uploads.assertUploaded(
        memberId,
        input.idDocumentKey,
        'identity',
        ID_DOCUMENT_MESSAGE,
      );
      const claim = await deps.smsCodes.check({
        mobile: input.newMobile,
        purpose: 'changeMobile',
        code: input.smsCode,
        ip,
      });
      // Taken since the code was sent (a taken number gets a notice, never a code): told
      // only to the holder of the code, which stays unused.
      await members.assertMobileFree(input.newMobile, 'newMobile');
      if (!(await claim.use())) throw invalidSmsCode();
      const created = await repository.insertPending({
        memberId,
        oldMobile: member.mobile,
        newMobile: input.newMobile,
        reason: input.reason,
        idDocumentKey: input.idDocumentKey,
        createdAt: deps.now(),
      });
      if (!created) throw new AppError(409, PENDING_APPLY_MESSAGE);
      return toApply(created);
    },
  };
}

export type MobileApplyService = ReturnType<typeof createMobileApplyService>;
