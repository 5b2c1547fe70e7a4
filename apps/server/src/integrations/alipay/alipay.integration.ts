import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { keyText, missing, text, urlOr } from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import type { PaymentProviders } from '../payment/payment-provider';
import { inProcessClient } from '../wechat/sandbox-wechat';
import { fetchClient } from '../wechat/wechat-api';
import { ALIPAY_GATEWAY_URL, createAlipayProvider, type AlipaySettings } from './alipay-provider';
import { loadPrivateKey, loadPublicKey } from './alipay-sign';
import { alipaySandboxProvider, ownOriginClient, registerAlipaySandbox } from './sandbox-alipay';
import { sandboxAlipayKeys } from './sandbox-alipay-keys';
import { registerAlipaySandboxJobs } from './sandbox-alipay-notify';

/** The sandbox by default; production refuses it. */
export type AlipayConfig =
  | { provider: 'sandbox' }
  | ({ provider: 'alipay' } & Required<Omit<AlipaySettings, 'pageGatewayUrl'>>);

/** A key as `read` takes it, or null when it is not an RSA key (RSA2 signs with RSA only). */
function rsaKey(value: string, read: (text: string) => KeyObject): KeyObject | null {
  try {
    const key = read(value);
    return key.asymmetricKeyType === 'rsa' ? key : null;
  } catch {
    return null;
  }
}

const samePublicKey = (a: KeyObject, b: KeyObject) =>
  a.export({ type: 'spki', format: 'der' }).equals(b.export({ type: 'spki', format: 'der' }));

interface AlipayEnv {
  ALIPAY_APP_ID?: string | undefined;
  ALIPAY_SELLER_ID?: string | undefined;
  ALIPAY_PRIVATE_KEY?: string | undefined;
  ALIPAY_PUBLIC_KEY?: string | undefined;
  ALIPAY_GATEWAY: string;
}

/** What is wrong with the values that are set (missing ones are named apart). */
function invalid(env: AlipayEnv, isProduction: boolean): string[] {
  const problems: string[] = [];
  if (env.ALIPAY_APP_ID && !/^\d{16}$/.test(env.ALIPAY_APP_ID))
    problems.push('ALIPAY_APP_ID must be the application’s APPID (16 digits)');
  if (env.ALIPAY_SELLER_ID && !/^2088\d{12}$/.test(env.ALIPAY_SELLER_ID))
    problems.push('ALIPAY_SELLER_ID must be the merchant account’s PID (2088 and 12 digits)');
  const privateKey = env.ALIPAY_PRIVATE_KEY ? rsaKey(env.ALIPAY_PRIVATE_KEY, loadPrivateKey) : null;
  if (env.ALIPAY_PRIVATE_KEY && !privateKey)
    problems.push(
      'ALIPAY_PRIVATE_KEY is not an RSA private key (PEM, or the base64 Alipay’s key tool prints)',
    );
  const publicKey = env.ALIPAY_PUBLIC_KEY ? rsaKey(env.ALIPAY_PUBLIC_KEY, loadPublicKey) : null;
  if (env.ALIPAY_PUBLIC_KEY && !publicKey)
    problems.push('ALIPAY_PUBLIC_KEY is not an RSA public key (PEM, or base64)');
  if (privateKey && publicKey && samePublicKey(createPublicKey(privateKey), publicKey))
    problems.push(
      'ALIPAY_PUBLIC_KEY is the application’s own public key; it must be Alipay’s (支付宝公钥)',
    );
  if (isProduction && new URL(env.ALIPAY_GATEWAY).protocol !== 'https:')
    problems.push('ALIPAY_GATEWAY must be an https URL in production');
  return problems;
}

/**
 * Alipay H5 payment (decision 0052): Alipay's OpenAPI gateway, or the embedded sandbox that
 * speaks the same protocol on our origin under /sandbox/alipay (its cashier, its notifies as
 * jobs). The payment module takes it as `platform.payments.alipay`.
 */
export const alipayIntegration = integration({
  env: z.object({
    ALIPAY_PROVIDER: z
      .enum(['sandbox', 'alipay'], { error: 'must be sandbox or alipay' })
      .default('sandbox'),
    ALIPAY_APP_ID: text(),
    ALIPAY_SELLER_ID: text(),
    ALIPAY_PRIVATE_KEY: keyText(),
    ALIPAY_PUBLIC_KEY: keyText(),
    ALIPAY_GATEWAY: urlOr(ALIPAY_GATEWAY_URL),
  }),
  problems: (env, { isProduction }) => [
    ...(isProduction && env.ALIPAY_PROVIDER === 'sandbox'
      ? [
          'ALIPAY_PROVIDER=sandbox cannot be used in production (members would pay the embedded sandbox, not Alipay)',
        ]
      : []),
    ...(env.ALIPAY_PROVIDER === 'alipay'
      ? [
          ...missing(
            env,
            ['ALIPAY_APP_ID', 'ALIPAY_SELLER_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'],
            'ALIPAY_PROVIDER=alipay',
          ),
          ...invalid(env, isProduction),
        ]
      : []),
  ],
  settings: (env): AlipayConfig =>
    env.ALIPAY_PROVIDER === 'alipay'
      ? {
          provider: 'alipay',
          appId: env.ALIPAY_APP_ID ?? '',
          sellerId: env.ALIPAY_SELLER_ID ?? '',
          merchantPrivateKey: env.ALIPAY_PRIVATE_KEY ?? '',
          alipayPublicKey: env.ALIPAY_PUBLIC_KEY ?? '',
          gatewayUrl: env.ALIPAY_GATEWAY,
        }
      : { provider: 'sandbox' },
  // No CSP source: the page leaves for Alipay by a top-level navigation to a signed GET URL,
  // which the policy does not govern; the sandbox's cashier posts to itself and returns to us.
  create: (
    settings,
    {
      app,
      db,
      jobs,
      now,
      publicOrigins,
    }: Pick<IntegrationContext, 'app' | 'db' | 'jobs' | 'now' | 'publicOrigins'>,
    options: {
      /**
       * Providers instead of those the environment selects (tests). A channel left out keeps
       * the environment's; a replaced channel runs no sandbox.
       */
      payments?: PaymentProviders;
    },
  ) => {
    const replaced = options.payments?.alipay;
    if (replaced) return { provides: { alipay: replaced } };
    if (settings.provider === 'alipay') {
      // A key that does not parse stops the start here, not the first payment.
      return {
        provides: { alipay: createAlipayProvider(settings, { http: fetchClient(10_000), now }) },
      };
    }
    // Made on first use and shared by every instance through the database (decision 0052).
    const keys = sandboxAlipayKeys(db);
    const notifyHttp = ownOriginClient(app, publicOrigins);
    return {
      provides: { alipay: alipaySandboxProvider({ keys, http: inProcessClient(app), now }) },
      sandboxServer: (server) => registerAlipaySandbox(server, { db, keys, jobs, notifyHttp, now }),
      jobs: (registry) => registerAlipaySandboxJobs(registry, { notifyHttp }),
    };
  },
});
