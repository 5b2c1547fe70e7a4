import { z } from 'zod';
import { defineModule } from '../define';
import { reviewQueueActions, reviewRowSchema } from './review-queue';

/** A mobile change in the review queue: what is asked is the new number, and why. */
export const staffMobileApplySchema = reviewRowSchema({
  oldMobileMasked: z.string(),
  newMobileMasked: z.string(),
  reason: z.string(),
});
export type StaffMobileApply = z.infer<typeof staffMobileApplySchema>;

/** Mobile-change applications (a member who lost the old number), reviewed by staff. */
export const StaffMobileApply = defineModule(
  'StaffMobileApply',
  reviewQueueActions({
    noun: '更换手机号申请',
    roles: ['admin', 'sales'],
    row: staffMobileApplySchema,
    detail: {
      /** Signed, valid for a few minutes. */
      idDocumentUrl: z.string(),
    },
    approves: '会员手机号改为新号码，其所有会话结束，并短信通知',
    afterRejection: '',
  }),
);
