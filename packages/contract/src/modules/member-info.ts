import { z } from 'zod';
import { defineModule, emptyInput } from '../define';
import {
  accessTokenSchema,
  mobileSchema,
  ncVerifyDtoSchema,
  smsCodeSchema,
  smsSentSchema,
  text,
} from '../common';

export const memberStatuses = ['inactive', 'active', 'disabled'] as const;

export const memberInfoSchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  userName: z.string().nullable(),
  realName: z.string().nullable(),
  companyName: z.string().nullable(),
  memberType: z.enum(['personal', 'company']),
  /** The chat-service number (QQ), or null. */
  qq: z.string().nullable(),
  /** A phone staff may call, apart from the login mobile, or null. */
  contactPhone: z.string().nullable(),
  /** When the enterprise certification was approved (ISO), or null while not certified. */
  certifiedAt: z.string().nullable(),
  status: z.enum(memberStatuses),
  /** Member grade name (普通, 铜牌, …). */
  gradeName: z.string(),
  points: z.number().int(),
  /** Advance-payment balance in fen. */
  balance: z.number().int(),
  hasPassword: z.boolean(),
  hasPaymentPassword: z.boolean(),
  /** Version of the member agreement the member accepted, or null. */
  agreementVersion: z.string().nullable(),
  /** Whether the accepted version is the current one. */
  agreementCurrent: z.boolean(),
  createdAt: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** Who is acting: set when a main member has switched into a related member's account. */
export const relationContextSchema = z.object({
  isSwitched: z.boolean(),
  mainMember: z
    .object({ id: z.number().int(), displayName: z.string(), mobileMasked: z.string() })
    .nullable(),
});
export type RelationContext = z.infer<typeof relationContextSchema>;

export const MemberInfo = defineModule('MemberInfo', {
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
  GetRelationMember: {
    method: 'GET',
    summary: '当前是否以关联账号身份操作，及主账号是谁',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: relationContextSchema,
  },
  Get: {
    method: 'GET',
    summary: '当前会员的资料',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: memberInfoSchema,
  },
});
