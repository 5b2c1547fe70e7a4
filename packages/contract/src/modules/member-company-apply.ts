import { z } from 'zod';
import { text } from '../common';
import { creditCodeSchema } from '../credit-code';
import { defineModule, emptyInput, fileOutput } from '../define';
import { reviewStatuses } from './review-queue';

/** A member without an application is in state none (`Get` answers null). */
export const companyApplyStatuses = reviewStatuses;
export type CompanyApplyStatus = (typeof companyApplyStatuses)[number];

/** A mobile, or a landline with its area code (0755-86000000). */
export const CONTACT_PHONE_PATTERN = /^(1\d{10}|0\d{2,3}-?\d{7,8})$/;

export const companyApplyInput = z.object({
  companyName: text(128)
    .trim()
    .min(2, { error: '请填写营业执照上的企业名称' })
    .meta({ title: '企业名称' }),
  creditCode: creditCodeSchema,
  legalPerson: text(32).trim().min(2, { error: '请填写法定代表人' }).meta({ title: '法定代表人' }),
  contactName: text(32).trim().min(2, { error: '请填写联系人' }).meta({ title: '联系人' }),
  contactPhone: text(20)
    .trim()
    .regex(CONTACT_PHONE_PATTERN, { error: '请输入手机号或带区号的固定电话' })
    .meta({ title: '联系电话' }),
  /** Object keys from `Common/getUploadCode?dirType=companyLicense` / `companyLetter`. */
  licenseKey: text(512).min(1, { error: '请上传营业执照' }).meta({ title: '营业执照' }),
  letterKey: text(512).min(1, { error: '请上传盖章的认证申请函' }).meta({ title: '认证申请函' }),
});
export type CompanyApplyInput = z.input<typeof companyApplyInput>;

export const companyApplySchema = z.object({
  id: z.number().int(),
  companyName: z.string(),
  creditCode: z.string(),
  legalPerson: z.string(),
  contactName: z.string(),
  contactPhone: z.string(),
  licenseKey: z.string(),
  letterKey: z.string(),
  /** Signed links to read the two files for a few minutes (the member's preview). */
  licenseUrl: z.string(),
  letterUrl: z.string(),
  status: z.enum(companyApplyStatuses),
  /** Why staff rejected it (rejected only). */
  rejectReason: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CompanyApply = z.infer<typeof companyApplySchema>;

/** The Chinese name of the template download (spec section 7). */
export const APPLY_LETTER_FILE_NAME = '企业认证申请函.pdf';

/**
 * Enterprise certification (product decisions §4): none → pending (Save) → approved or
 * rejected by staff; Update edits a pending application or resubmits a rejected one.
 */
export const MemberCompanyApply = defineModule('MemberCompanyApply', {
  Get: {
    method: 'GET',
    summary: '我的企业认证申请及审核状态（未申请为 null）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: companyApplySchema.nullable(),
  },
  Save: {
    method: 'PUT',
    summary: '提交企业认证申请（仅在未申请时）',
    access: 'member',
    whenSwitched: 'refuse',
    input: companyApplyInput,
    output: companyApplySchema,
  },
  Update: {
    method: 'PUT',
    summary: '修改待审核的申请，或重新提交被驳回的申请（回到待审核）',
    access: 'member',
    whenSwitched: 'refuse',
    input: companyApplyInput,
    output: companyApplySchema,
  },
  GetApplyFileTemplate: {
    method: 'GET',
    summary: '下载企业认证申请函（PDF，已填入会员的企业信息）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: fileOutput,
    file: {
      contentType: 'application/pdf',
      fileName: APPLY_LETTER_FILE_NAME,
      asciiFileName: 'company-certification-letter.pdf',
    },
  },
});
