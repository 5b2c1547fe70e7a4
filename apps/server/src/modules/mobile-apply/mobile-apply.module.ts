import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import type { MemberApi } from '../member/member.module';
import type { SmsCodeApi } from '../sms-code/sms-code.module';
import type { UploadApi } from '../upload/upload.module';
import { createMobileApplyRepository } from './mobile-apply.repository';
import { registerMobileApplyRoutes } from './mobile-apply.routes';
import { createMobileApplyService } from './mobile-apply.service';

/** A member who lost the old mobile asks staff to change it, with an identity document. */
export const mobileApplyModule = appModule({
  create: (
    { db, now }: Pick<Platform, 'db' | 'now'>,
    { smsCode, member, upload }: { smsCode: SmsCodeApi; member: MemberApi; upload: UploadApi },
  ) => {
    const applies = createMobileApplyService({
      repository: createMobileApplyRepository(db),
      members: member.members,
      smsCodes: smsCode,
      uploads: upload,
      now,
    });
    return { routes: (route) => registerMobileApplyRoutes(route, applies) };
  },
});
