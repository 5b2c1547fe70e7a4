import { z } from 'zod';
import { idSchema, mobileSchema, okSchema, text } from '../common';
import { defineModule } from '../define';
import { qqSchema } from './member-info';

/**
 * What a contact is for (spec: userType, values not shown; decision 0023): who the factory
 * calls about an order's purchase, its engineering questions, or its payment and invoice.
 */
export const contactUserTypes = ['purchasing', 'engineering', 'finance'] as const;
export type ContactUserType = (typeof contactUserTypes)[number];
export const contactUserTypeNames: Record<ContactUserType, string> = {
  purchasing: '采购',
  engineering: '技术',
  finance: '财务',
};

/** How many contacts a member may keep, all types together. */
export const MAX_CONTACTS = 30;

export const memberContactSchema = z.object({
  id: z.number().int(),
  contactName: z.string(),
  mobile: z.string(),
  email: z.string().nullable(),
  qq: z.string().nullable(),
  wechat: z.string().nullable(),
  /** The one contact of its type the factory calls first; exactly one per type. */
  isMain: z.boolean(),
  userType: z.enum(contactUserTypes),
  createdAt: z.string(),
});
export type MemberContact = z.infer<typeof memberContactSchema>;

const userTypeSchema = z.enum(contactUserTypes).meta({ title: '联系人类型' });

/** WeChat IDs: 6–20 letters, digits, _ or -, starting with a letter (WeChat's own rule). */
const WECHAT_PATTERN = /^[A-Za-z][\w-]{5,19}$/;

export const contactEmailSchema = text(100)
  .trim()
  .pipe(z.email({ error: '邮箱格式不正确' }))
  .meta({ title: '邮箱' });

export const wechatIdSchema = text(20)
  .trim()
  .regex(WECHAT_PATTERN, { error: '应为6-20位字母、数字、下划线或减号，以字母开头' })
  .meta({ title: '微信号' });

export const contactFields = {
  contactName: text(32).trim().min(1, { error: '请填写联系人姓名' }).meta({ title: '联系人' }),
  mobile: mobileSchema,
  email: contactEmailSchema.nullable().optional(),
  qq: qqSchema.nullable().optional(),
  wechat: wechatIdSchema.nullable().optional(),
  /** Asks for it to become the main contact of its type (the first of a type always is). */
  isMain: z.boolean({ error: '应为是或否' }).default(false).meta({ title: '设为主联系人' }),
  userType: userTypeSchema,
};

export const contactInput = z.object(contactFields);
export type ContactInput = z.input<typeof contactInput>;

/** The member's order contacts (采购, 技术, 财务), one main contact per type. */
export const MemberContact = defineModule('MemberContact', {
  GetList: {
    method: 'GET',
    summary: '我的联系人（可按类型筛选），主联系人在前',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ userType: userTypeSchema.optional() }),
    output: z.array(memberContactSchema),
  },
  GetMainContact: {
    method: 'GET',
    summary: '某类型的主联系人（没有则为 null）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ contactUserType: userTypeSchema }),
    output: memberContactSchema.nullable(),
  },
  SetMainContact: {
    method: 'PATCH',
    summary: '设为同类型的主联系人（原主联系人取消）',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ id: idSchema }),
    output: memberContactSchema,
  },
  Create: {
    method: 'POST',
    summary: '新增联系人（该类型的第一个自动成为主联系人）',
    access: 'member',
    whenSwitched: 'refuse',
    input: contactInput,
    output: memberContactSchema,
  },
  Update: {
    method: 'PUT',
    summary: '修改联系人（主联系人不能直接取消，请把另一位设为主联系人）',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ id: idSchema, ...contactFields }),
    output: memberContactSchema,
  },
  Delete: {
    method: 'DELETE',
    summary: '删除联系人（删除主联系人时，同类型最早添加的一位成为主联系人）',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
});
