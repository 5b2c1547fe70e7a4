import { z } from 'zod';
import { defineModule, wholeModule, type ActionSpec, emptyInput } from '../define';
import { MemberAuthSession } from './member-auth-session';
import {
  accessTokenSchema,
  areaCodeSchema,
  mobileSchema,
  ncVerifyDtoSchema,
  okSchema,
  passwordSchema,
  paymentPasswordSchema,
  smsCodeSchema,
  smsSentSchema,
  text,
} from '../common';

export const loginInputSchema = z.object({
  userNameOrMobile: text(64).trim().min(1).meta({ title: '账号' }),
  password: text(128).min(1).meta({ title: '密码' }),
  userAgent: text(1024).default('').meta({ title: '浏览器标识' }),
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
  agreement: z.literal(true, { error: '请阅读并同意会员协议' }).meta({ title: '会员协议' }),
  from: text(64).optional().meta({ title: '来源' }),
  bd_vid: text(256).optional().meta({ title: '推广标识' }),
});
export type RegisterInput = z.input<typeof registerInputSchema>;

export {
  agreementSchema,
  announcementSchema,
  announcementTypes,
  MemberAuthSession,
  type AgreementSignature,
  type Announcement,
} from './member-auth-session';

const memberAuthAccount = {
  Login: {
    method: 'POST',
    summary: '账号（手机号或用户名）+ 密码登录，需人机验证',
    access: 'public',
    input: loginInputSchema,
    output: accessTokenSchema,
  },
  SendRegisterMessage: {
    method: 'POST',
    summary: '发送注册短信验证码，需人机验证；已注册与未注册号码的应答相同',
    access: 'public',
    input: sendRegisterMessageInputSchema,
    output: smsSentSchema,
  },
  Register: {
    method: 'POST',
    summary: '手机号 + 短信验证码注册，同意会员协议，返回登录令牌',
    access: 'public',
    input: registerInputSchema,
    output: accessTokenSchema,
  },
} as const satisfies Record<string, ActionSpec>;

// ---- Issue 3: SMS login, password recovery, payment password, old mobile, WeChat OAuth ----

export const sendLoginMessageInputSchema = z.object({
  mobile: mobileSchema,
  ncVerifyDto: ncVerifyDtoSchema,
});

export const smsLoginInputSchema = z.object({
  mobile: mobileSchema,
  smsCode: smsCodeSchema,
  userAgent: text(1024).default('').meta({ title: '浏览器标识' }),
});
export type SmsLoginInput = z.input<typeof smsLoginInputSchema>;

/** Forgot password (public) and change password (logged in) share this call. */
export const sendChangePasswordMessageInputSchema = z.object({
  mobile: mobileSchema,
  ncVerifyDto: ncVerifyDtoSchema,
});

export const changePasswordInputSchema = z.object({
  areaCode: areaCodeSchema,
  mobile: mobileSchema,
  smsCode: smsCodeSchema,
  password: passwordSchema,
});
export type ChangePasswordInput = z.input<typeof changePasswordInputSchema>;

/** `mobile` must be the member's own. */
export const sendChangePaymentPasswordMessageInputSchema = z.object({
  mobile: mobileSchema,
  ncVerifyDto: ncVerifyDtoSchema,
});

export const changePaymentPasswordInputSchema = z.object({
  mobile: mobileSchema,
  smsCode: smsCodeSchema,
  password: paymentPasswordSchema,
});
export type ChangePaymentPasswordInput = z.input<typeof changePaymentPasswordInputSchema>;

/** The code goes to the member's current mobile. */
export const sendOldMobileMessageInputSchema = z.object({ ncVerifyDto: ncVerifyDtoSchema });

export const checkOldMobileMessageInputSchema = z.object({ smsCode: smsCodeSchema });
/** Proof that the current mobile was verified; ChangeMobile takes it within 10 minutes, once. */
export const oldMobileTicketSchema = z.object({
  oldMobileTicket: z.string(),
  expiresIn: z.number(),
});
export type OldMobileTicket = z.infer<typeof oldMobileTicketSchema>;

export const getOpenIdInputSchema = z.object({
  code: text(256).trim().min(1).meta({ title: '授权码' }),
  state: text(128).trim().min(1).meta({ title: '授权状态' }),
});
/** `openid` is the sealed openid (see `sealedOpenIdSchema`), stored as `wxOpenId`. */
export const openIdResultSchema = z.object({ openid: z.string() });

export const getWxCodeUrlInputSchema = z.object({
  redirectUri: text(2048)
    .pipe(z.url({ error: '应为完整的网址' }))
    .meta({ title: '回跳地址' }),
});

const memberAuthIdentity = {
  SendLoginMessage: {
    method: 'POST',
    summary: '发送登录短信验证码，需人机验证；未注册号码不发送但应答相同',
    access: 'public',
    input: sendLoginMessageInputSchema,
    output: smsSentSchema,
  },
  SmsLogin: {
    method: 'POST',
    summary: '手机号 + 短信验证码登录',
    access: 'public',
    input: smsLoginInputSchema,
    output: accessTokenSchema,
  },
  SendChangePasswordMessage: {
    method: 'POST',
    summary: '发送找回/修改登录密码的短信验证码，需人机验证；登录时只能发往本人手机号',
    access: 'optional',
    whenSwitched: 'refuse',
    input: sendChangePasswordMessageInputSchema,
    output: smsSentSchema,
  },
  ChangePassword: {
    method: 'PATCH',
    summary: '凭短信验证码设置新登录密码（忘记密码亦用此接口）；此前签发的所有令牌失效',
    access: 'optional',
    whenSwitched: 'refuse',
    input: changePasswordInputSchema,
    output: okSchema,
  },
  SendChangePaymentPasswordMessage: {
    method: 'POST',
    summary: '发送设置支付密码的短信验证码（本人手机号），需人机验证',
    access: 'member',
    whenSwitched: 'refuse',
    input: sendChangePaymentPasswordMessageInputSchema,
    output: smsSentSchema,
  },
  ChangePaymentPassword: {
    method: 'PATCH',
    summary: '设置或修改6位数字支付密码；其他令牌失效，返回当前会话的新令牌',
    access: 'member',
    whenSwitched: 'refuse',
    input: changePaymentPasswordInputSchema,
    output: accessTokenSchema,
  },
  SendOldMobileMessage: {
    method: 'POST',
    summary: '向当前绑定的手机号发送身份验证码（更换手机号第一步）',
    access: 'member',
    whenSwitched: 'refuse',
    input: sendOldMobileMessageInputSchema,
    output: smsSentSchema,
  },
  checkOldMobileMessage: {
    method: 'POST',
    summary: '校验原手机号验证码，返回一次性凭证（10分钟内有效）',
    access: 'member',
    whenSwitched: 'refuse',
    input: checkOldMobileMessageInputSchema,
    output: oldMobileTicketSchema,
  },
  GetOpenId: {
    method: 'GET',
    summary: '用微信 OAuth 回调的 code（及 state）换取封装后的 openid',
    access: 'public',
    input: getOpenIdInputSchema,
    output: openIdResultSchema,
  },
  getWxCodeUrl: {
    method: 'GET',
    summary: '微信网页授权（snsapi_base）地址，state 一次性且绑定本浏览器',
    access: 'public',
    input: getWxCodeUrlInputSchema,
    output: z.string(),
  },
  LogoutAll: {
    method: 'POST',
    summary: '退出所有设备：本会员此前签发的所有令牌失效（账号安全中的独立操作）',
    access: 'member',
    whenSwitched: 'refuse',
    input: emptyInput,
    output: okSchema,
  },
} as const satisfies Record<string, ActionSpec>;

/** The sign-in screens' calls and account security's. */
export const MemberAuthSignIn = defineModule('MemberAuth', {
  ...memberAuthAccount,
  ...memberAuthIdentity,
});

/** The whole wire module, as the server serves it; the session's part is member-auth-session.ts. */
export const MemberAuth = /* @__PURE__ */ wholeModule(MemberAuthSignIn, MemberAuthSession);
