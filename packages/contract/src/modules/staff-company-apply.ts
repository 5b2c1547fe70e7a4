import { z } from 'zod';
import { defineModule } from '../define';
import { reviewQueueActions, reviewRowSchema } from './review-queue';

/** A certification in the review queue: what is asked is the company it names. */
export const staffCompanyApplySchema = reviewRowSchema({
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
});
export type StaffCompanyApply = z.infer<typeof staffCompanyApplySchema>;

/** Enterprise certifications, reviewed by staff (a review queue, decision 0041). */
export const StaffCompanyApply = defineModule(
  'StaffCompanyApply',
  reviewQueueActions({
    noun: '企业认证申请',
    roles: ['admin', 'sales'],
    row: staffCompanyApplySchema,
    detail: {
      /** Signed, valid for a few minutes. */
      licenseUrl: z.string(),
      letterUrl: z.string(),
      /** The letter is a PDF (else an image). */
      letterIsPdf: z.boolean(),
    },
    approves: '会员成为企业会员（企业名称、认证时间）',
    afterRejection: '，可修改后重新提交',
  }),
);
