import { z } from 'zod';
import { defineModule, emptyInput } from '../define';
import { mobileSchema, smsCodeSchema, text } from '../common';
import { reviewStatuses } from './review-queue';

export const mobileApplyStatuses = reviewStatuses;

export const mobileApplySchema = z.object({
  id: z.number().int(),
  newMobileMasked: z.string(),
  reason: z.string(),
  status: z.enum(mobileApplyStatuses),
  /** Why staff rejected it (rejected only). */
  rejectReason: z.string().nullable(),
  /** When staff decided; null while pending. */
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MobileApply = z.infer<typeof mobileApplySchema>;

/**
 * When the old number is lost: the new number is proven by an SMS code
 * (`MemberInfo/SendChangeMobileMessage`), an identity document is uploaded
 * (`Common/getUploadCode?dirType=identity`, its object key here), staff review it later.
 */
export const MemberUpMobileApply = defineModule('MemberUpMobileApply', {
  Create: {
    method: 'POST',
    summary: '原手机号无法接收短信时，提交人工更换手机号申请',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({
      newMobile: mobileSchema.meta({ title: '新手机号' }),
      smsCode: smsCodeSchema,
      reason: text(500, { multiline: true })
        .trim()
        .min(5, { error: '请至少写5个字' })
        .meta({ title: '申请原因' }),
      idDocumentKey: text(512).min(1).meta({ title: '身份证明材料' }),
    }),
    output: mobileApplySchema,
  },
  GetLatest: {
    method: 'GET',
    summary: '我最近一次人工更换手机号申请及审核结果（没有则为 null）',
    access: 'member',
    whenSwitched: 'refuse',
    input: emptyInput,
    output: mobileApplySchema.nullable(),
  },
});
