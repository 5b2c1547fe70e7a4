import { z } from 'zod';
import { defineEndpoint, emptyInput } from '../define';
import {
  accessTokenSchema,
  mobileSchema,
  ncVerifyDtoSchema,
  passwordSchema,
  smsCodeSchema,
  smsSentSchema,
} from '../common';

export const loginInputSchema = z.object({
  userNameOrMobile: z.string().trim().min(1).max(64),
  password: z.string().min(1).max(128),
  userAgent: z.string().max(1024).default(''),
  ncVerifyDto: ncVerifyDtoSchema,
});
export type LoginInput = z.input<typeof loginInputSchema>;

export const sendRegisterMessageInputSchema = z.object({
  mobile: mobileSchema,
  ncVerifyDto: ncVerifyDtoSchema,
});

export const registerInputSchema = z.object({
  mobile: mobileSchema,
  smsCode: smsCodeSchema,
  password: passwordSchema,
  agreement: z.literal(true, { error: '请阅读并同意会员协议' }),
  from: z.string().max(64).optional(),
  bd_vid: z.string().max(256).optional(),
});
export type RegisterInput = z.input<typeof registerInputSchema>;

export const announcementTypes = ['home', 'member', 'login', 'register'] as const;
export const announcementSchema = z.object({
  id: z.number().int(),
  type: z.enum(announcementTypes),
  title: z.string(),
  content: z.string(),
  linkUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const agreementSchema = z.object({ version: z.string(), signedAt: z.string() });
export type AgreementSignature = z.infer<typeof agreementSchema>;

export const MemberAuth = {
  Login: defineEndpoint({
    module: 'MemberAuth',
    action: 'Login',
    method: 'POST',
    summary: '账号（手机号或用户名）+ 密码登录，需人机验证',
    access: 'public',
    input: loginInputSchema,
    output: accessTokenSchema,
  }),
  SendRegisterMessage: defineEndpoint({
    module: 'MemberAuth',
    action: 'SendRegisterMessage',
    method: 'POST',
    summary: '发送注册短信验证码，需人机验证；已注册与未注册号码的应答相同',
    access: 'public',
    input: sendRegisterMessageInputSchema,
    output: smsSentSchema,
  }),
  Register: defineEndpoint({
    module: 'MemberAuth',
    action: 'Register',
    method: 'POST',
    summary: '手机号 + 短信验证码注册，同意会员协议，返回登录令牌',
    access: 'public',
    input: registerInputSchema,
    output: accessTokenSchema,
  }),
  SignMbAgreement: defineEndpoint({
    module: 'MemberAuth',
    action: 'SignMbAgreement',
    method: 'GET',
    summary: '记录会员同意当前版本的会员协议',
    access: 'member',
    input: emptyInput,
    output: agreementSchema,
  }),
  Activate: defineEndpoint({
    module: 'MemberAuth',
    action: 'Activate',
    method: 'POST',
    summary: '激活由客服创建的账号（须先同意会员协议）',
    access: 'member',
    input: emptyInput,
    output: z.object({ activated: z.literal(true) }),
  }),
  GetEffectiveAnnouncement: defineEndpoint({
    module: 'MemberAuth',
    action: 'GetEffectiveAnnouncement',
    method: 'GET',
    summary: '当前生效的一条公告（无则为 null）',
    access: 'public',
    input: z.object({ type: z.enum(announcementTypes) }),
    output: announcementSchema.nullable(),
  }),
} as const;
