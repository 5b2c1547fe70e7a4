// The online payment providers and their names: apart from the payment module, so a screen that
// only names a provider (an order's 支付记录) does not load the module's schemas (decision 0046).

/** The online payment providers. */
export const paymentChannels = ['alipay', 'wechat'] as const;
export type PaymentChannelName = (typeof paymentChannels)[number];
export const paymentChannelNames: Record<PaymentChannelName, string> = {
  alipay: '支付宝',
  wechat: '微信支付',
};
