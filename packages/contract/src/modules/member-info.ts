import { z } from 'zod';
import { defineModule, wholeModule } from '../define';
import { memberInfoSchema, MemberInfoRead } from './member-info-read';
import {
  accessTokenSchema,
  MOBILE_PATTERN,
  mobileSchema,
  ncVerifyDtoSchema,
  smsCodeSchema,
  smsSentSchema,
  text,
} from '../common';

export {
  memberInfoSchema,
  MemberInfoRead,
  memberStatuses,
  relationContextSchema,
  type RelationContext,
} from './member-info-read';

/** The member's info (also the name of the whole module below, as before the split). */
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const memberTypes = ['personal', 'company'] as const;
export const memberTypeNames: Record<(typeof memberTypes)[number], string> = {
  personal: '个人',
  company: '企业',
};

/** The chat-service number (QQ): 5–11 digits, never starting with 0. */
export const QQ_PATTERN = /^[1-9]\d{4,10}$/;
export const qqSchema = text(11)
  .trim()
  .regex(QQ_PATTERN, { error: '应为5-11位数字' })
  .meta({ title: 'QQ号' });

/** A mainland landline with its area code, an optional extension: 0755-86001234-801. */
export const LANDLINE_PATTERN = /^0\d{2,3}-?\d{7,8}(-\d{1,6})?$/;
/** A phone staff may call: a mobile (spec section 5) or a landline with its area code. */
export const contactPhoneSchema = text(20)
  .trim()
  .refine((v) => MOBILE_PATTERN.test(v) || LANDLINE_PATTERN.test(v), {
    error: '请输入以1开头的11位手机号，或带区号的固定电话',
  })
  .meta({ title: '联系电话' });

/**
 * A user name (also a login name): 2–20 letters, digits, Chinese characters or underscores,
 * not all digits, so it is never mistaken for a mobile at login.
 */
export const userNameSchema = text(20)
  .trim()
  .min(2, { error: '至少2个字符' })
  .regex(/^[\p{L}\p{N}_]+$/u, { error: '只能包含中文、字母、数字和下划线', abort: true })
  .refine((v) => !/^\d+$/.test(v), { error: '不能全是数字' })
  .meta({ title: '用户名' });

export const realNameSchema = text(32).trim().min(1, { error: '请填写真实姓名' }).meta({
  title: '真实姓名',
});

export const companyNameSchema = text(100)
  .trim()
  .min(2, { error: '至少2个字' })
  .meta({ title: '公司名称' });

export const COMPANY_SEARCH_MIN = 2;
export const COMPANY_SEARCH_LIMIT = 10;

export const companySuggestionSchema = z.object({
  name: z.string(),
  /** Its unified social credit code when the source knows it. */
  creditCode: z.string().nullable(),
});
export type CompanySuggestion = z.infer<typeof companySuggestionSchema>;

/** Once certified, the certification decides these; MemberInfo/update refuses other values. */
export const CERTIFIED_COMPANY_MESSAGE =
  '企业认证已通过，公司名称和会员类型以认证信息为准，如需变更请联系客服';

/**
 * What the member edits of their own info (PATCH): a field left out stays as it is; null
 * clears an optional one. Anything else in the body is ignored.
 */
export const memberInfoUpdateInput = z.object({
  realName: realNameSchema.nullable().optional(),
  userName: userNameSchema.nullable().optional(),
  qq: qqSchema.nullable().optional(),
  contactPhone: contactPhoneSchema.nullable().optional(),
  companyName: companyNameSchema.nullable().optional(),
  memberType: z.enum(memberTypes).optional().meta({ title: '会员类型' }),
});
export type MemberInfoUpdate = z.input<typeof memberInfoUpdateInput>;

/** Editing the member's own info: the profile and account-security screens. */
export const MemberInfoEdit = defineModule('MemberInfo', {
  update: {
    method: 'PATCH',
    summary: '修改本人资料（姓名、用户名、QQ、联系电话、公司名称、会员类型）',
    access: 'member',
    whenSwitched: 'refuse',
    input: memberInfoUpdateInput,
    output: memberInfoSchema,
  },
  SearchCompany: {
    method: 'GET',
    summary: '按名称片段联想公司（至少2个字，最多10条）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      keyword: text(64)
        .trim()
        .min(COMPANY_SEARCH_MIN, { error: `至少输入${COMPANY_SEARCH_MIN}个字` })
        .meta({ title: '公司名称' }),
    }),
    output: z.array(companySuggestionSchema),
  },
  SendChangeMobileMessage: {
    method: 'POST',
    summary: '向新手机号发送更换验证码，需人机验证',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ mobile: mobileSchema, ncVerifyDto: ncVerifyDtoSchema }),
    output: smsSentSchema,
  },
  ChangeMobile: {
    method: 'PATCH',
    summary: '凭原手机号凭证 + 新手机号验证码更换手机号；其他令牌失效，返回新令牌',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({
      mobile: mobileSchema.meta({ title: '新手机号' }),
      smsCode: smsCodeSchema,
      oldMobileTicket: text(256).min(1).meta({ title: '原手机号验证' }),
    }),
    output: accessTokenSchema,
  },
});

/** The whole wire module, as the server serves it; what every screen reads is member-info-read.ts. */
export const MemberInfo = /* @__PURE__ */ wholeModule(MemberInfoRead, MemberInfoEdit);
