import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, text } from '../common';
import { defineModule, emptyInput } from '../define';
import { normalizeTaxNumber, taxNumberProblem } from '../tax-number';

/** 增值税普通发票 (`normal`) and 增值税专用发票 (`special`). */
export const invoiceTypes = ['normal', 'special'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];
/** Whom a 普票 is made out to: a person (name only) or a company (name and tax number). */
export const invoiceTitleTypes = ['personal', 'company'] as const;
export type InvoiceTitleType = (typeof invoiceTitleTypes)[number];

export const invoiceTypeNames: Record<InvoiceType, string> = {
  normal: '增值税普通发票',
  special: '增值税专用发票',
};
export const invoiceTitleTypeNames: Record<InvoiceTitleType, string> = {
  personal: '个人',
  company: '企业',
};

/** How many invoice profiles one member may keep. */
export const MAX_INVOICE_PROFILES = 20;
export const SPECIAL_NEEDS_CERTIFICATION_MESSAGE =
  '增值税专用发票仅限企业认证通过的会员使用，请先完成企业认证';
export const SPECIAL_NEEDS_COMPANY_MESSAGE = '增值税专用发票只能开给企业';

/** The fields a profile may hold beyond its type, title, e-mail and mobile. */
export const invoiceDetailFields = [
  'taxNumber',
  'registeredAddress',
  'registeredPhone',
  'bankName',
  'bankAccount',
] as const;
export type InvoiceDetailField = (typeof invoiceDetailFields)[number];

/**
 * The one table of which fields a profile of each kind needs (the form shows them, the schema
 * requires them, the server keeps only them, the database checks them): a person's 普票 is a
 * name; a company's 普票 adds the tax number; a 专票 (company only) adds the registered address
 * and phone, the bank and the account number.
 */
export function invoiceFieldsFor(
  invoiceType: InvoiceType,
  titleType: InvoiceTitleType,
): readonly InvoiceDetailField[] {
  if (invoiceType === 'special') return invoiceDetailFields;
  return titleType === 'company' ? ['taxNumber'] : [];
}

/** The title type a 专票 always has. */
export const titleTypeFor = (invoiceType: InvoiceType, titleType: InvoiceTitleType) =>
  invoiceType === 'special' ? 'company' : titleType;

export const invoiceFieldTitles: Record<InvoiceDetailField, string> = {
  taxNumber: '税号',
  registeredAddress: '注册地址',
  registeredPhone: '注册电话',
  bankName: '开户银行',
  bankAccount: '银行账号',
};

const REGISTERED_PHONE = /^[\d+\-() ]{7,30}$/;
const BANK_ACCOUNT = /^\d{8,30}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why a detail field's (normalised, non-empty) value is refused, or null. */
function detailProblem(field: InvoiceDetailField, value: string): string | null {
  switch (field) {
    case 'taxNumber':
      return taxNumberProblem(value);
    case 'registeredPhone':
      return REGISTERED_PHONE.test(value) && (value.match(/\d/g)?.length ?? 0) >= 7
        ? null
        : '请输入有效的电话号码，如 0755-12345678';
    case 'bankAccount':
      return BANK_ACCOUNT.test(value) ? null : '应为8至30位数字';
    default:
      return null;
  }
}

export const invoiceProfileSchema = z.object({
  id: z.number().int(),
  invoiceType: z.enum(invoiceTypes),
  titleType: z.enum(invoiceTitleTypes),
  /** 发票抬头: the person's or the company's name. */
  title: z.string(),
  taxNumber: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  registeredPhone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  /** Where the e-invoice is sent. */
  email: z.string(),
  mobile: z.string().nullable(),
  isDefault: z.boolean(),
  /**
   * False for a 专票 profile while the member's enterprise certification is not (or no longer)
   * approved: kept and shown, but no invoice is requested with it (decision 0026).
   */
  isUsable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type InvoiceProfile = z.infer<typeof invoiceProfileSchema>;

export const invoicePermissionsSchema = z.object({
  canUseNormal: z.boolean(),
  canUseSpecial: z.boolean(),
  /** Why 专票 is not available (null when it is). */
  specialRefusal: z.string().nullable(),
});
export type InvoicePermissions = z.infer<typeof invoicePermissionsSchema>;

const optionalText = (max: number, title: string) => text(max).trim().optional().meta({ title });

/**
 * A profile as the member writes it (Create, and Update with its id). Every detail field is
 * accepted; the ones the type does not use are dropped by the server. `email` stays last: an
 * issue is reported for the first field that has one.
 */
const profileShape = {
  invoiceType: z.enum(invoiceTypes).meta({ title: '发票类型' }),
  titleType: z.enum(invoiceTitleTypes).meta({ title: '抬头类型' }),
  title: text(100).trim().min(1, { error: '请填写发票抬头' }).meta({ title: '发票抬头' }),
  taxNumber: text(40).transform(normalizeTaxNumber).optional().meta({ title: '税号' }),
  registeredAddress: optionalText(200, '注册地址'),
  registeredPhone: optionalText(30, '注册电话'),
  bankName: optionalText(100, '开户银行'),
  bankAccount: text(40)
    .transform((value) => value.replace(/[\s-]+/g, ''))
    .optional()
    .meta({ title: '银行账号' }),
  mobile: text(20)
    .trim()
    .regex(/^(1\d{10})?$/, { error: '请输入以1开头的11位手机号' })
    .optional()
    .meta({ title: '接收手机号' }),
  /** True makes this profile the default; a default is never unset, only replaced. */
  isDefault: z.boolean().optional().meta({ title: '设为默认' }),
  email: text(100)
    .trim()
    .min(1, { error: '请填写接收电子发票的邮箱' })
    .regex(EMAIL, { error: '请输入有效的邮箱地址' })
    .meta({ title: '接收邮箱' }),
};

type ProfileDraft = {
  invoiceType: InvoiceType;
  titleType: InvoiceTitleType;
} & Partial<Record<InvoiceDetailField, string>>;

/** The rules that depend on the type: 专票 is a company's; each needed field present and valid. */
function checkTypeRules(value: ProfileDraft, ctx: Pick<z.core.$RefinementCtx, 'addIssue'>): void {
  if (value.invoiceType === 'special' && value.titleType !== 'company') {
    ctx.addIssue({ code: 'custom', path: ['titleType'], message: SPECIAL_NEEDS_COMPANY_MESSAGE });
  }
  for (const field of invoiceFieldsFor(value.invoiceType, value.titleType)) {
    const given = value[field] ?? '';
    const problem =
      given === '' ? `请填写${invoiceFieldTitles[field]}` : detailProblem(field, given);
    if (problem) ctx.addIssue({ code: 'custom', path: [field], message: problem });
  }
}

export const invoiceProfileInput = z.object(profileShape).superRefine(checkTypeRules);
export type InvoiceProfileInput = z.input<typeof invoiceProfileInput>;
export const updateInvoiceProfileInput = z
  .object({ id: idSchema, ...profileShape })
  .superRefine(checkTypeRules);

const idInput = z.object({ id: idSchema });

/**
 * A member's invoice profiles (发票抬头): who the invoices of their orders are made out to.
 * Exactly one is the default while any exist. 专票 needs an approved enterprise certification.
 */
export const MemberInvoice = defineModule('MemberInvoice', {
  GetList: {
    method: 'GET',
    summary: '我的发票抬头（默认的在前，其余按最近修改）；可按发票类型筛选',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      invoiceType: z.enum(invoiceTypes).optional().meta({ title: '发票类型' }),
    }),
    output: z.array(invoiceProfileSchema),
  },
  GetInvoicePermissions: {
    method: 'GET',
    summary: '我可以使用的发票类型（专票需企业认证通过）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: invoicePermissionsSchema,
  },
  Get: {
    method: 'GET',
    summary: '我的一个发票抬头',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idQuerySchema }),
    output: invoiceProfileSchema,
  },
  SetDefault: {
    method: 'PATCH',
    summary: '设为默认发票抬头（原默认的不再是默认）',
    access: 'member',
    whenSwitched: 'allow',
    input: idInput,
    output: invoiceProfileSchema,
  },
  GetDefault: {
    method: 'GET',
    summary: '我的默认发票抬头（没有发票抬头时为 null）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: invoiceProfileSchema.nullable(),
  },
  Delete: {
    method: 'DELETE',
    summary: '删除发票抬头；删除默认的时，最近添加的一个成为默认',
    access: 'member',
    whenSwitched: 'allow',
    input: idInput,
    output: okSchema,
  },
  Create: {
    method: 'POST',
    summary: `添加发票抬头（最多${MAX_INVOICE_PROFILES}个；第一个自动成为默认）`,
    access: 'member',
    whenSwitched: 'allow',
    input: invoiceProfileInput,
    output: invoiceProfileSchema,
  },
  Update: {
    method: 'PUT',
    summary: '修改发票抬头（整体替换；isDefault 为 true 时同时设为默认）',
    access: 'member',
    whenSwitched: 'allow',
    input: updateInvoiceProfileInput,
    output: invoiceProfileSchema,
  },
});
