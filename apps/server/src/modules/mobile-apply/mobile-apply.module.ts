import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { SmsCodeApi } from '../sms-code/sms-code.module';
import type { StaffApi } from '../staff/staff.module';
import type { UploadApi } from '../upload/upload.module';
import { createMobileApplyReviewService } from './mobile-apply-review.service';
import {
  createMobileApplyRepository,
  createMobileApplyReviewRepository,
} from './mobile-apply.repository';
import { registerMobileApplyRoutes } from './mobile-apply.routes';
import { createMobileApplyService } from './mobile-apply.service';

/**
 * A member who lost the old mobile asks staff to change it, with an identity document; staff
 * approve (the mobile changes, the member's sessions end, an SMS tells the new number) or reject.
 */
export const mobileApplyModule = appModule({
  create: (
    { db, now, storage, sms }: Pick<Platform, 'db' | 'now' | 'storage' | 'sms'>,
    {
      smsCode,
      member,
      upload,
      staff,
      memberMessage,
    }: {
      smsCode: SmsCodeApi;
      member: MemberApi;
      upload: UploadApi;
      staff: StaffApi;
      memberMessage: MemberMessageApi;
    },
  ) => {
    const applies = createMobileApplyService({
      repository: createMobileApplyRepository(db),
      members: member.members,
      smsCodes: smsCode,
      uploads: upload,
      now,
    });
    const review = createMobileApplyReviewService({
      repository: createMobileApplyReviewRepository(db),
      member,
      staff,
      storage,
      sms,
      messages: memberMessage,
      now,
    });
    return { routes: (route) => registerMobileApplyRoutes(route, applies, review) };
  },
});
