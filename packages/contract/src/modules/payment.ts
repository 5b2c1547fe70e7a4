// Paying: the `Pay` of the three order kinds, online payments and their look-up
// (`AlipayOrder/Get`, `WechatPayOrder/Get`). Amounts are integers in fen; the amount to pay is
// always the server's (the order's payable total), never the page's (decision 0051).
import { z } from 'zod';
import { idSchema, requestIdSchema, sealedOpenIdSchema, text } from '../common';
import { defineModule } from '../define';
import { orderKinds } from '../order-basics';
import { paymentChannels } from './payment-channels';

/** The online payment providers (apart, so a screen that only names them loads none of this). */
export { paymentChannelNames, paymentChannels, type PaymentChannelName } from './payment-channels';

/**
 * Where the member pays: `h5` a mobile browser, `jsapi` WeChat's own browser, `miniprogram`
 * inside the mini-program (both need the member's sealed WeChat identity, `wxOpenId`).
 */
export const payScenes = ['h5', 'jsapi', 'miniprogram'] as const;
export type PayScene = (typeof payScenes)[number];

/**
 * `balance` the advance payment (余额), `gift` the gift balance (赠送金额), `online` a provider,
 * `balanceOnline` all of the balance and the rest online, `credit` the 月结 line (decision 0059:
 * a code texted to a bound mobile instead of the payment password). Every other method but
 * `online` needs the payment password.
 */
export const payMethods = ['balance', 'gift', 'online', 'balanceOnline', 'credit'] as const;
export type PayMethod = (typeof payMethods)[number];
export const payMethodNames: Record<PayMethod, string> = {
  balance: '余额支付',
  gift: '赠送金额支付',
  online: '在线支付',
  balanceOnline: '余额+在线支付',
  credit: '月结支付',
};

/** The six digits as typed (the weak-password rule is for choosing one, not for paying). */
export const paymentPasswordInput = z
  .string()
  .regex(/^\d{6}$/, { error: '支付密码应为6位数字' })
  .meta({ title: '支付密码' });

/** What WeixinJSBridge `getBrandWCPayRequest` and `wx.requestPayment` take. */
export const jsapiParamsSchema = z.object({
  appId: z.string(),
  timeStamp: z.string(),
  nonceStr: z.string(),
  package: z.string(),
  signType: z.literal('RSA'),
  paySign: z.string(),
});
export type JsapiParams = z.infer<typeof jsapiParamsSchema>;

/** How the page starts an online payment. */
export const paymentLaunchSchema = z.discriminatedUnion('kind', [
  /** Open this URL (Alipay's wap-pay page, WeChat Pay's H5 page). */
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  /** Call WeixinJSBridge `getBrandWCPayRequest` with these (WeChat's browser). */
  z.object({ kind: z.literal('jsapi'), params: jsapiParamsSchema }),
  /**
   * Inside the mini-program (decision 0057): hand the payment number and this short-lived token
   * to the mini-program's pay page, which logs in (`wx.login`) and asks
   * `WechatPayOrder/MiniProgramPay` for `wx.requestPayment`'s parameters.
   */
  z.object({ kind: z.literal('miniprogram'), payToken: z.string() }),
]);
export type PaymentLaunchView = z.infer<typeof paymentLaunchSchema>;

/** An online payment the member is to make now: what the provider is asked, and how to start. */
export const onlinePaymentSchema = z.object({
  /** Our payment number: what `AlipayOrder/Get` / `WechatPayOrder/Get` ask about. */
  outTradeNo: z.string(),
  channel: z.enum(paymentChannels),
  scene: z.enum(payScenes),
  /** Fen to pay at the provider. */
  amount: z.number().int(),
  /** The provider closes the payment at this time. */
  expiresAt: z.string(),
  launch: paymentLaunchSchema,
});
export type OnlinePayment = z.infer<typeof onlinePaymentSchema>;

/** The online part of a payment: the provider, where, and the WeChat identity when needed. */
export const onlineChoiceShape = {
  channel: z
    .enum(paymentChannels, { error: '请选择支付宝或微信支付' })
    .optional()
    .meta({ title: '在线支付方式' }),
  scene: z.enum(payScenes, { error: '支付场景不正确' }).default('h5').meta({ title: '支付场景' }),
  /**
   * Required for `jsapi`: the identity the browser keeps (`wxOpenId`, the official account's).
   * `miniprogram` takes none: the mini-program's pay page logs in itself (decision 0057).
   */
  wxOpenId: sealedOpenIdSchema.optional(),
};

/** Paying on credit: the bound mobile the code went to, and the code (decision 0059). */
export const creditChoiceShape = {
  creditMobile: z
    .string()
    .regex(/^1\d{10}$/, { error: '手机号格式不正确' })
    .optional()
    .meta({ title: '授权手机' }),
  smsCode: z
    .string()
    .regex(/^\d{6}$/, { error: '请输入6位验证码' })
    .optional()
    .meta({ title: '验证码' }),
};

export const payInput = z
  .object({
    id: idSchema.meta({ title: '订单' }),
    requestId: requestIdSchema,
    method: z.enum(payMethods, { error: '请选择支付方式' }).meta({ title: '支付方式' }),
    paymentPassword: paymentPasswordInput.optional(),
    /** A coupon of the member's for this order (decision 0061). */
    couponId: idSchema.optional().meta({ title: '优惠券' }),
    ...onlineChoiceShape,
    ...creditChoiceShape,
  })
  .superRefine((value, ctx) => {
    const online = value.method === 'online' || value.method === 'balanceOnline';
    if (online && !value.channel) {
      ctx.addIssue({ code: 'custom', path: ['channel'], message: '请选择支付宝或微信支付' });
    }
    if (value.method === 'credit') {
      if (!value.creditMobile)
        ctx.addIssue({ code: 'custom', path: ['creditMobile'], message: '请选择授权手机' });
      if (!value.smsCode)
        ctx.addIssue({ code: 'custom', path: ['smsCode'], message: '请输入验证码' });
    } else if (value.method !== 'online' && !value.paymentPassword) {
      ctx.addIssue({ code: 'custom', path: ['paymentPassword'], message: '请输入支付密码' });
    }
  });

export const payResultSchema = z.object({
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  /** `paid`: the order is paid (now in production); `pending`: pay `payment` online. */
  status: z.enum(['paid', 'pending']),
  /** The order's payable total, fen. */
  total: z.number().int(),
  /** From the balance (held until the online part is confirmed, with `balanceOnline`). */
  balanceAmount: z.number().int(),
  giftAmount: z.number().int(),
  onlineAmount: z.number().int(),
  /** Taken off by a coupon (decision 0061); absent or 0 without one. */
  couponAmount: z.number().int().optional(),
  payment: onlinePaymentSchema.nullable(),
});
export type PayResult = z.infer<typeof payResultSchema>;

/** Our payment number as it is sent back: at most 32 of [0-9A-Za-z_-]. */
export const outTradeNoSchema = text(32)
  .regex(/^[0-9A-Za-z_-]{1,32}$/, { error: '支付单号不正确' })
  .meta({ title: '支付单号' });

/**
 * An online payment as the server knows it after asking the provider: `pending` (not paid
 * yet), `paid`, or `closed` (expired, failed, replaced or cancelled, nothing paid). What the
 * money did once paid: it paid the order, was credited to the balance (a top-up), or is being
 * (or was) refunded because the order had been paid another way or cancelled meanwhile.
 */
export const paymentStatusSchema = z.object({
  outTradeNo: z.string(),
  channel: z.enum(paymentChannels),
  purpose: z.enum(['order', 'recharge', 'bill']),
  status: z.enum(['pending', 'paid', 'closed']),
  outcome: z.enum(['paidOrder', 'credited', 'repaidBill', 'refunding', 'refunded']).nullable(),
  /** The credit bill it repays (purpose `bill`, decision 0065). */
  billId: z.number().int().nullable().optional(),
  orderId: z.number().int().nullable(),
  orderNo: z.string().nullable(),
  kind: z.enum(orderKinds).nullable(),
  amount: z.number().int(),
  paidAt: z.string().nullable(),
});
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

const providerOrderGet = (name: string) =>
  ({
    method: 'GET',
    summary: `查询${name}支付结果：服务器向${name}查询并入账（支付页返回不作为付款依据）`,
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ outTradeNo: outTradeNoSchema }),
    output: paymentStatusSchema,
  }) as const;

/** The token a mini-program hand-off carries (`launch.payToken`). */
export const payTokenSchema = text(128)
  .regex(/^[0-9A-Za-z._-]{1,128}$/, { error: '支付凭证无效' })
  .meta({ title: '支付凭证' });

/** What the mini-program's pay page sends: the hand-off's number and token, `wx.login`'s code. */
export const miniProgramPayInput = z.object({
  outTradeNo: outTradeNoSchema,
  payToken: payTokenSchema,
  code: text(128)
    .regex(/^[0-9A-Za-z_-]{1,128}$/, { error: '微信登录凭证无效' })
    .meta({ title: '微信登录凭证' }),
});

/** `wx.requestPayment`'s parameters, signed for the mini-program's appid and its user. */
export const miniProgramPaySchema = z.object({
  outTradeNo: z.string(),
  /** Fen to pay at WeChat Pay. */
  amount: z.number().int(),
  params: jsapiParamsSchema,
});
export type MiniProgramPay = z.infer<typeof miniProgramPaySchema>;

export const AlipayOrder = defineModule('AlipayOrder', { Get: providerOrderGet('支付宝') });
export const WechatPayOrder = defineModule('WechatPayOrder', {
  Get: providerOrderGet('微信支付'),
  /**
   * Called by the mini-program's own pay page (`/pages/pay/pay`), which has no login of ours:
   * the hand-off's token stands for the member who started the payment (decision 0057).
   */
  MiniProgramPay: {
    method: 'POST',
    summary:
      '小程序支付页取支付参数：用 wx.login 的 code 换取小程序 openid，返回 wx.requestPayment 的参数（凭网页交给小程序的支付凭证，无需登录）',
    access: 'public',
    input: miniProgramPayInput,
    output: miniProgramPaySchema,
  },
});

/** `Pay` of each order kind (Pcb, Smt, Stencil): one implementation on the server. */
export const paySpec = (kindName: string) =>
  ({
    method: 'POST',
    summary: `支付${kindName}订单（待付款）：余额、赠送金额、支付宝或微信支付、余额加在线支付；金额为订单应付，由服务器计算`,
    access: 'member',
    whenSwitched: 'allow',
    input: payInput,
    output: payResultSchema,
  }) as const;

/**
 * `Pay` in each kind's wire module, apart from the order's other calls (order-life.ts), so an
 * order screen loads the payment schemas with the pay sheet; order-quote.ts merges them into
 * Pcb, Smt and Stencil for the server.
 */
export const PcbPay = defineModule('Pcb', { Pay: paySpec('PCB') });
export const SmtPay = defineModule('Smt', { Pay: paySpec('SMT贴片') });
export const StencilPay = defineModule('Stencil', { Pay: paySpec('钢网') });
