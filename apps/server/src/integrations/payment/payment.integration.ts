import { z } from 'zod';
import { integration } from '../integration';
import type { PaymentProvider, PaymentProviders } from './payment-provider';

/**
 * The online payment channels as one platform field, `platform.payments` (by channel), which
 * the payment module takes: each provider's own declaration (alipay, wechat-pay) chooses its
 * adapter or sandbox, or a test's replacement (`PlatformOptions.payments`). No variables.
 */
export const paymentsIntegration = integration({
  env: z.object({}),
  settings: () => ({}),
  create: (
    _settings,
    { alipay, wechatPay }: { alipay: PaymentProvider; wechatPay: PaymentProvider },
  ) => ({
    provides: { payments: { alipay, wechat: wechatPay } satisfies PaymentProviders },
  }),
});
