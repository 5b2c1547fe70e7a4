import { z } from 'zod';
import { defineModule, emptyInput } from '../define';
import {
  accessTokenSchema,
  idSchema,
  mobileSchema,
  ncVerifyDtoSchema,
  sealedOpenIdSchema,
  smsCodeSchema,
  text,
} from '../common';

export const wechatBindingSchema = z.object({
  id: z.number().int(),
  /** WeChat's openid shortened for display (`oAbc…xyz`), never the full value. */
  openIdMasked: z.string(),
  nickName: z.string().nullable(),
  avatar: z.string().nullable(),
  /** false after Unbind: kept for the record, no longer logs in. */
  isBound: z.boolean(),
  boundAt: z.string(),
  unboundAt: z.string().nullable(),
});
export type WechatBinding = z.infer<typeof wechatBindingSchema>;

/**
 * Binding needs a fresh proof of the account: its password (with human verification), or an
 * SMS login code (`MemberAuth/SendLoginMessage`) sent to its mobile. Logged in, the proof must
 * be of the logged-in member; logged out (the /bind page inside WeChat) it names the account.
 */
export const bindInputSchema = z.union([
  z.object({
    openId: sealedOpenIdSchema,
    userNameOrMobile: text(64).trim().min(1).meta({ title: '账号' }),
    password: text(128).min(1).meta({ title: '密码' }),
    ncVerifyDto: ncVerifyDtoSchema,
  }),
  z.object({
    openId: sealedOpenIdSchema,
    mobile: mobileSchema,
    smsCode: smsCodeSchema,
  }),
]);
export type BindInput = z.input<typeof bindInputSchema>;

export const openIdBindingStateSchema = z.object({
  isBound: z.boolean(),
  /** The bound account's mobile, masked (138****8000), when bound. */
  mobileMasked: z.string().nullable(),
});

export const WechatConfig = defineModule('WechatConfig', {
  GetOfficialAccountQrCodeUrl: {
    method: 'GET',
    summary: '关注公众号的带参二维码地址（扫码关注后可接收订单通知）',
    access: 'member',
    whenSwitched: 'refuse',
    input: emptyInput,
    output: z.object({ url: z.string(), expiresIn: z.number().int() }),
  },
});

export const WechatMb = defineModule('WechatMb', {
  GetList: {
    method: 'GET',
    summary: '本会员绑定过的微信',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: z.array(wechatBindingSchema),
  },
  bind: {
    method: 'POST',
    summary: '把当前微信绑定到账号（需密码或短信验证码），返回登录令牌',
    access: 'optional',
    whenSwitched: 'refuse',
    input: bindInputSchema,
    output: accessTokenSchema,
  },
  Unbind: {
    method: 'POST',
    summary: '解绑微信（保留记录）；其他令牌失效，返回当前会话的新令牌',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ id: idSchema }),
    output: accessTokenSchema,
  },
  DeleteBind: {
    method: 'POST',
    summary: '删除绑定记录（已解绑或绑定中的均可）；其他令牌失效，返回当前会话的新令牌',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ id: idSchema }),
    output: accessTokenSchema,
  },
  OpenIdLogin: {
    method: 'POST',
    summary: '已绑定的微信身份免密登录',
    access: 'public',
    input: z.object({ openId: sealedOpenIdSchema }),
    output: accessTokenSchema,
  },
  GetByOpenId: {
    method: 'GET',
    summary: '该微信身份是否已绑定账号',
    access: 'public',
    input: z.object({ openId: sealedOpenIdSchema }),
    output: openIdBindingStateSchema,
  },
});
