import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { MemberMessageApi } from '../member-message/member-message.module';
import type { StaffApi } from '../staff/staff.module';
import type { UploadApi } from '../upload/upload.module';
import { createCompanyApplyReviewService } from './company-apply-review.service';
import {
  createCompanyApplyRepository,
  createCompanyApplyReviewRepository,
} from './company-apply.repository';
import { registerCompanyApplyRoutes } from './company-apply.routes';
import { createCompanyApplyService } from './company-apply.service';

/**
 * Enterprise certification: the member submits the company, its licence and the signed letter
 * (a PDF generated here); staff approve (the member becomes a certified company) or reject.
 */
export const companyApplyModule = appModule({
  create: (
    { db, now, storage }: Pick<Platform, 'db' | 'now' | 'storage'>,
    {
      member,
      upload,
      staff,
      memberMessage,
    }: { member: MemberApi; upload: UploadApi; staff: StaffApi; memberMessage: MemberMessageApi },
  ) => {
    const applies = createCompanyApplyService({
      repository: createCompanyApplyRepository(db),
      members: member.members,
      uploads: upload,
      storage,
      now,
    });
    const review = createCompanyApplyReviewService({
      repository: createCompanyApplyReviewRepository(db),
      member,
      staff,
      storage,
      messages: memberMessage,
      now,
    });
    return { routes: (route) => registerCompanyApplyRoutes(route, applies, review) };
  },
});
