import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { companyApplyStatuses } from './member-company-apply';
import { staffRefSchema } from './staff-common';

export const staffCompanyApplySchema = z.object({
  id: z.number().int(),
  member: z.object({ id: z.number().int(), displayName: z.string() }),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  status: z.enum(companyApplyStatuses),
  rejectReason: z.string().nullable(),
  decidedBy: staffRefSchema.nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffCompanyApply = z.infer<typeof staffCompanyApplySchema>;

/** Enterprise certifications, reviewed by staff. */
export const StaffCompanyApply = defineModule('StaffCompanyApply', {
  List: {
    method: 'GET',
    summary: '企业认证申请列表（按状态筛选）',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({
      status: z.enum(companyApplyStatuses).optional().meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(staffCompanyApplySchema),
  },
  Get: {
    method: 'GET',
    summary: '申请详情，附营业执照与申请函的临时查看地址',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({ id: idQuerySchema }),
    output: staffCompanyApplySchema.extend({
      /** Signed, valid for a few minutes. */
      licenseUrl: z.string(),
      letterUrl: z.string(),
      /** The letter is a PDF (else an image). */
      letterIsPdf: z.boolean(),
    }),
  },
  Approve: {
    method: 'POST',
    summary: '通过：会员成为企业会员（企业名称、认证时间）',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
  Reject: {
    method: 'POST',
    summary: '驳回（附原因，会员可见，可修改后重新提交）',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({
      id: idSchema,
      reason: text(200).trim().min(2, { error: '请填写驳回原因' }).meta({ title: '驳回原因' }),
    }),
    output: okSchema,
  },
});
