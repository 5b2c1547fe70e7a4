import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { mobileApplyStatuses } from './member-up-mobile-apply';
import { staffRefSchema } from './staff-common';

export const staffMobileApplySchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), displayName: z.string() }),
  oldMobileMasked: z.string(),
  newMobileMasked: z.string(),
  reason: z.string(),
  status: z.enum(mobileApplyStatuses),
  rejectReason: z.string().nullable(),
  decidedBy: staffRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMobileApply = z.infer<typeof staffMobileApplySchema>;

/** Mobile-change applications (a member who lost the old number), reviewed by staff. */
export const StaffMobileApply = defineModule('StaffMobileApply', {
  List: {
    method: 'GET',
    summary: '更换手机号申请列表（按状态筛选）',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({
      status: z.enum(mobileApplyStatuses).optional().meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(staffMobileApplySchema),
  },
  Get: {
    method: 'GET',
    summary: '申请详情，附身份证明材料的临时查看地址',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({ id: idQuerySchema }),
    output: staffMobileApplySchema.extend({
      /** Signed, valid for a few minutes. */
      idDocumentUrl: z.string(),
    }),
  },
  Approve: {
    method: 'POST',
    summary: '通过：会员手机号改为新号码，其所有会话结束，并短信通知',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
  Reject: {
    method: 'POST',
    summary: '驳回（附原因，会员可见）',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({
      id: idSchema,
      reason: text(200).trim().min(2, { error: '请填写驳回原因' }).meta({ title: '驳回原因' }),
    }),
    output: okSchema,
  },
});
