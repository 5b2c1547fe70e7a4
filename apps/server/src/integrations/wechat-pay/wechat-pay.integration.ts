import { createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { keyText, missing, text, urlOr, withoutTrailingSlash } from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import type { PaymentProviders } from '../payment/payment-provider';
import { SANDBOX_WECHAT_APP_ID } from '../wechat/sandbox-wechat';
import { fetchPayClient, ownOriginPayClient } from './pay-http';
import { privateKeyFrom, publicKeyFrom } from './wechat-pay-crypto';
import { createWechatPayProvider, type WechatPaySettings } from './wechat-pay-provider';
import {
  registerWechatPaySandbox,
  SANDBOX_WECHAT_PAY_MINIPROGRAM_APP_ID,
} from './wechat-pay-sandbox';
import { registerWechatPaySandboxJobs } from './wechat-pay-sandbox-notify';
import { wechatPaySandboxProvider } from './wechat-pay-sandbox-provider';

/** The sandbox by default; production refuses it. */
export type WechatPayConfig =
  | {
      provider: 'sandbox';
      /** The appids the sandbox merchant is bound to (openids of the WeChat sandbox, or ours). */
      appId: string;
      miniProgramAppId: string;
    }
  | ({ provider: 'wechatpay' } & WechatPaySettings);

const CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** Each PEM certificate in the variable (several when WeChat Pay rotates its certificate). */
const certificatesIn = (value: string | undefined) => value?.match(CERTIFICATE) ?? [];

function rsaKey(read: () => KeyObject): KeyObject | null {
  try {
    const key = read();
    return key.asymmetricKeyType === 'rsa' ? key : null;
  } catch {
    return null;
  }
}

const samePublicKey = (a: KeyObject, b: KeyObject) =>
  a.export({ type: 'spki', format: 'der' }).equals(b.export({ type: 'spki', format: 'der' }));

interface WechatPayEnv {
  WECHAT_PAY_MCH_ID?: string | undefined;
  WECHAT_PAY_APP_ID?: string | undefined;
  WECHAT_APP_ID?: string | undefined;
  WECHAT_PAY_MINIPROGRAM_APP_ID?: string | undefined;
  WECHAT_MINIPROGRAM_APP_ID?: string | undefined;
  WECHAT_PAY_PRIVATE_KEY?: string | undefined;
  WECHAT_PAY_SERIAL_NO?: string | undefined;
  WECHAT_PAY_API_V3_KEY?: string | undefined;
  WECHAT_PAY_PUBLIC_KEY?: string | undefined;
  WECHAT_PAY_PUBLIC_KEY_ID?: string | undefined;
  WECHAT_PAY_PLATFORM_CERTIFICATES?: string | undefined;
  WECHAT_PAY_API_BASE: string;
}

const WHEN = 'WECHAT_PAY_PROVIDER=wechatpay';

/** Every reason the merchant's settings cannot work: what is missing, then what is malformed. */
function wechatPayProblems(env: WechatPayEnv, isProduction: boolean): string[] {
  const problems = missing(
    env,
    [
      'WECHAT_PAY_MCH_ID',
      'WECHAT_PAY_PRIVATE_KEY',
      'WECHAT_PAY_SERIAL_NO',
      'WECHAT_PAY_API_V3_KEY',
    ],
    WHEN,
  );
  if (!env.WECHAT_PAY_APP_ID && !env.WECHAT_APP_ID)
    problems.push(
      `WECHAT_PAY_APP_ID is required when ${WHEN} (or WECHAT_APP_ID: the official account the merchant is bound to)`,
    );
  if (!env.WECHAT_PAY_PUBLIC_KEY && !env.WECHAT_PAY_PLATFORM_CERTIFICATES)
    problems.push(
      `WECHAT_PAY_PUBLIC_KEY (with WECHAT_PAY_PUBLIC_KEY_ID) or WECHAT_PAY_PLATFORM_CERTIFICATES is required when ${WHEN} (to verify WeChat Pay's answers and notifies)`,
    );
  if (env.WECHAT_PAY_PUBLIC_KEY && !env.WECHAT_PAY_PUBLIC_KEY_ID)
    problems.push(
      'WECHAT_PAY_PUBLIC_KEY_ID is required with WECHAT_PAY_PUBLIC_KEY (the PUB_KEY_ID_… shown beside it)',
    );
  if (env.WECHAT_PAY_PUBLIC_KEY_ID && !env.WECHAT_PAY_PUBLIC_KEY)
    problems.push('WECHAT_PAY_PUBLIC_KEY is required with WECHAT_PAY_PUBLIC_KEY_ID');

  if (env.WECHAT_PAY_MCH_ID && !/^\d{6,12}$/.test(env.WECHAT_PAY_MCH_ID))
    problems.push('WECHAT_PAY_MCH_ID must be the merchant number (商户号, digits)');
  for (const name of ['WECHAT_PAY_APP_ID', 'WECHAT_PAY_MINIPROGRAM_APP_ID'] as const) {
    const appId = env[name];
    if (appId && !/^wx[0-9a-zA-Z]{10,30}$/.test(appId))
      problems.push(`${name} must be an appid (wx…)`);
  }
  if (env.WECHAT_PAY_SERIAL_NO && !/^[0-9A-Fa-f]{8,64}$/.test(env.WECHAT_PAY_SERIAL_NO))
    problems.push(
      'WECHAT_PAY_SERIAL_NO must be the merchant API certificate’s serial number (hexadecimal)',
    );
  if (env.WECHAT_PAY_API_V3_KEY && Buffer.byteLength(env.WECHAT_PAY_API_V3_KEY, 'utf8') !== 32)
    problems.push('WECHAT_PAY_API_V3_KEY must be 32 characters (the APIv3 key, APIv3密钥)');
  const { WECHAT_PAY_PRIVATE_KEY: privatePem, WECHAT_PAY_PUBLIC_KEY: publicPem } = env;
  const privateKey = privatePem ? rsaKey(() => privateKeyFrom(privatePem)) : null;
  if (privatePem && !privateKey)
    problems.push('WECHAT_PAY_PRIVATE_KEY is not an RSA private key in PEM (apiclient_key.pem)');
  const publicKey = publicPem ? rsaKey(() => createPublicKey(publicPem)) : null;
  if (publicPem && !publicKey)
    problems.push('WECHAT_PAY_PUBLIC_KEY is not an RSA public key in PEM (pub_key.pem)');
  if (privateKey && publicKey && samePublicKey(createPublicKey(privateKey), publicKey))
    problems.push(
      'WECHAT_PAY_PUBLIC_KEY is the merchant’s own public key; it must be WeChat Pay’s (微信支付公钥)',
    );
  if (env.WECHAT_PAY_PUBLIC_KEY_ID && !/^PUB_KEY_ID_\w+$/.test(env.WECHAT_PAY_PUBLIC_KEY_ID))
    problems.push('WECHAT_PAY_PUBLIC_KEY_ID must be the PUB_KEY_ID_… shown beside the public key');
  if (env.WECHAT_PAY_PLATFORM_CERTIFICATES) {
    const certificates = certificatesIn(env.WECHAT_PAY_PLATFORM_CERTIFICATES);
    const readable = certificates.filter((pem) => rsaKey(() => publicKeyFrom(pem)) !== null);
    if (certificates.length === 0 || readable.length < certificates.length)
      problems.push(
        'WECHAT_PAY_PLATFORM_CERTIFICATES must hold WeChat Pay platform certificates in PEM (one or more)',
      );
  }
  if (isProduction && new URL(env.WECHAT_PAY_API_BASE).protocol !== 'https:')
    problems.push('WECHAT_PAY_API_BASE must be an https URL in production');
  return problems;
}

/**
 * WeChat Pay API v3 (decision 0053): JSAPI in WeChat's browser, the mini-program, H5 elsewhere;
 * WeChat Pay's API, or the embedded sandbox that speaks it on our origin under
 * /sandbox/wechat-pay (cashier pages, signed encrypted notifies as jobs). The payment module
 * takes it as `platform.payments.wechat`.
 */
export const wechatPayIntegration = integration({
  env: z.object({
    WECHAT_PAY_PROVIDER: z
      .enum(['sandbox', 'wechatpay'], { error: 'must be sandbox or wechatpay' })
      .default('sandbox'),
    WECHAT_PAY_MCH_ID: text(),
    WECHAT_PAY_APP_ID: text(),
    // The WeChat integration's official account: the default appid, since JSAPI payments use
    // the openids its login hands out.
    WECHAT_APP_ID: text(),
    WECHAT_PAY_MINIPROGRAM_APP_ID: text(),
    // Likewise its mini-program, whose login gives the openids of mini-program payments.
    WECHAT_MINIPROGRAM_APP_ID: text(),
    WECHAT_PAY_PRIVATE_KEY: keyText(),
    WECHAT_PAY_SERIAL_NO: text(),
    WECHAT_PAY_API_V3_KEY: text(),
    WECHAT_PAY_PUBLIC_KEY: keyText(),
    WECHAT_PAY_PUBLIC_KEY_ID: text(),
    WECHAT_PAY_PLATFORM_CERTIFICATES: keyText(),
    WECHAT_PAY_API_BASE: urlOr('https://api.mch.weixin.qq.com'),
  }),
  problems: (env, { isProduction }) => [
    ...(env.WECHAT_PAY_MINIPROGRAM_APP_ID &&
    env.WECHAT_MINIPROGRAM_APP_ID &&
    env.WECHAT_PAY_MINIPROGRAM_APP_ID !== env.WECHAT_MINIPROGRAM_APP_ID
      ? [
          'WECHAT_PAY_MINIPROGRAM_APP_ID must be WECHAT_MINIPROGRAM_APP_ID (mini-program payments use the openids that mini-program’s login gives)',
        ]
      : []),
    ...(isProduction && env.WECHAT_PAY_PROVIDER === 'sandbox'
      ? [
          'WECHAT_PAY_PROVIDER=sandbox cannot be used in production (members would pay the embedded sandbox, not WeChat Pay)',
        ]
      : []),
    ...(env.WECHAT_PAY_PROVIDER === 'wechatpay' ? wechatPayProblems(env, isProduction) : []),
  ],
  settings: (env): WechatPayConfig => {
    const appId = env.WECHAT_PAY_APP_ID ?? env.WECHAT_APP_ID;
    const miniProgramAppId = env.WECHAT_PAY_MINIPROGRAM_APP_ID ?? env.WECHAT_MINIPROGRAM_APP_ID;
    if (env.WECHAT_PAY_PROVIDER === 'sandbox') {
      return {
        provider: 'sandbox',
        appId: appId ?? SANDBOX_WECHAT_APP_ID,
        miniProgramAppId: miniProgramAppId ?? SANDBOX_WECHAT_PAY_MINIPROGRAM_APP_ID,
      };
    }
    const certificates = certificatesIn(env.WECHAT_PAY_PLATFORM_CERTIFICATES);
    return {
      provider: 'wechatpay',
      mchId: env.WECHAT_PAY_MCH_ID ?? '',
      appId: appId ?? '',
      miniProgramAppId,
      merchantPrivateKey: env.WECHAT_PAY_PRIVATE_KEY ?? '',
      merchantSerialNo: (env.WECHAT_PAY_SERIAL_NO ?? '').toUpperCase(),
      apiV3Key: env.WECHAT_PAY_API_V3_KEY ?? '',
      wechatPayPublicKey:
        env.WECHAT_PAY_PUBLIC_KEY && env.WECHAT_PAY_PUBLIC_KEY_ID
          ? { id: env.WECHAT_PAY_PUBLIC_KEY_ID, pem: env.WECHAT_PAY_PUBLIC_KEY }
          : undefined,
      platformCertificates: certificates.length > 0 ? certificates : undefined,
      apiBase: withoutTrailingSlash(env.WECHAT_PAY_API_BASE),
    };
  },
  // No CSP source: H5 leaves for h5_url by a top-level navigation, JSAPI goes through
  // WeixinJSBridge or the mini-program; the sandbox's pages post to themselves.
  create: (
    settings,
    {
      app,
      db,
      jobs,
      now,
      log,
      publicOrigins,
    }: Pick<IntegrationContext, 'app' | 'db' | 'jobs' | 'now' | 'log' | 'publicOrigins'>,
    options: {
      /**
       * Providers instead of those the environment selects (tests). A channel left out keeps
       * the environment's; a replaced channel runs no sandbox.
       */
      payments?: PaymentProviders;
    },
  ) => {
    const replaced = options.payments?.wechat;
    if (replaced) return { provides: { wechatPay: replaced } };
    if (settings.provider === 'wechatpay') {
      // A key that does not parse stops the start here, not the first payment.
      return {
        provides: { wechatPay: createWechatPayProvider(settings, { http: fetchPayClient(), now }) },
      };
    }
    const [origin = 'http://localhost'] = publicOrigins;
    const postNotify = ownOriginPayClient(app, publicOrigins);
    return {
      provides: {
        wechatPay: wechatPaySandboxProvider({
          app,
          db,
          origin,
          appId: settings.appId,
          miniProgramAppId: settings.miniProgramAppId,
          now,
        }),
      },
      sandboxServer: (server) =>
        registerWechatPaySandbox(server, {
          db,
          origin,
          ownOrigins: publicOrigins,
          appIds: [settings.appId, settings.miniProgramAppId],
          postNotify,
          jobs,
          now,
          log: (message, error) => log.warn({ err: error }, message),
        }),
      jobs: (registry) => registerWechatPaySandboxJobs(registry, { db, jobs, postNotify, now }),
    };
  },
});
