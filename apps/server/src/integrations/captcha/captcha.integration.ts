import { z } from 'zod';
import { intSetting, missing, secretProblems, text, textOr, url } from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import type { AliyunRpcCredentials } from '../aliyun/rpc-client';
import { createAliyunVerifier } from './aliyun-verifier';
import { createAltchaVerifier } from './altcha-verifier';
import type { HumanVerifier } from './captcha';

/** The development default; production refuses to start while it is in use. */
export const DEV_ALTCHA_HMAC_KEY = 'dev-only-altcha-hmac-key-do-not-use-in-production';

/** Where the Aliyun captcha 2.0 widget loads its script from, and talks to. */
const ALIYUN_CAPTCHA_SCRIPT = 'https://o.alicdn.com';
const ALIYUN_CAPTCHA_API = 'https://*.aliyuncs.com';

export type CaptchaConfig =
  | { provider: 'altcha'; altcha: { hmacKey: string; maxNumber: number } }
  | {
      provider: 'aliyun';
      altcha: { hmacKey: string; maxNumber: number };
      aliyun: AliyunRpcCredentials & { sceneId: string; prefix: string; region: string };
    };

/** Human verification: self-hosted ALTCHA proof of work, or Aliyun captcha 2.0. */
export const captchaIntegration = integration({
  env: z.object({
    CAPTCHA_PROVIDER: z
      .enum(['altcha', 'aliyun'], { error: 'must be altcha or aliyun' })
      .default('altcha'),
    ALTCHA_HMAC_KEY: textOr(DEV_ALTCHA_HMAC_KEY),
    // Around 1000 iterations keeps a low-end phone under a second (see stack-notes).
    ALTCHA_MAX_NUMBER: intSetting(1000, 10, 1_000_000),
    ALIYUN_CAPTCHA_ACCESS_KEY_ID: text(),
    ALIYUN_CAPTCHA_ACCESS_KEY_SECRET: text(),
    ALIYUN_CAPTCHA_SCENE_ID: text(),
    ALIYUN_CAPTCHA_PREFIX: text(),
    ALIYUN_CAPTCHA_REGION: textOr('cn-shanghai'),
    ALIYUN_CAPTCHA_ENDPOINT: url(),
  }),
  problems: (env, { isProduction }) => [
    ...(isProduction
      ? secretProblems('ALTCHA_HMAC_KEY', env.ALTCHA_HMAC_KEY, DEV_ALTCHA_HMAC_KEY)
      : []),
    ...(env.CAPTCHA_PROVIDER === 'aliyun'
      ? missing(
          env,
          [
            'ALIYUN_CAPTCHA_ACCESS_KEY_ID',
            'ALIYUN_CAPTCHA_ACCESS_KEY_SECRET',
            'ALIYUN_CAPTCHA_SCENE_ID',
            'ALIYUN_CAPTCHA_PREFIX',
          ],
          'CAPTCHA_PROVIDER=aliyun',
        )
      : []),
  ],
  settings: (env): CaptchaConfig => {
    const altcha = { hmacKey: env.ALTCHA_HMAC_KEY, maxNumber: env.ALTCHA_MAX_NUMBER };
    return env.CAPTCHA_PROVIDER === 'aliyun'
      ? {
          provider: 'aliyun',
          altcha,
          aliyun: {
            accessKeyId: env.ALIYUN_CAPTCHA_ACCESS_KEY_ID ?? '',
            accessKeySecret: env.ALIYUN_CAPTCHA_ACCESS_KEY_SECRET ?? '',
            sceneId: env.ALIYUN_CAPTCHA_SCENE_ID ?? '',
            prefix: env.ALIYUN_CAPTCHA_PREFIX ?? '',
            region: env.ALIYUN_CAPTCHA_REGION,
            endpoint:
              env.ALIYUN_CAPTCHA_ENDPOINT ??
              `https://captcha.${env.ALIYUN_CAPTCHA_REGION}.aliyuncs.com`,
          },
        }
      : { provider: 'altcha', altcha };
  },
  csp: (settings) =>
    settings.provider === 'aliyun'
      ? {
          scriptSrc: [ALIYUN_CAPTCHA_SCRIPT],
          imgSrc: [ALIYUN_CAPTCHA_SCRIPT],
          connectSrc: [ALIYUN_CAPTCHA_API],
        }
      : {},
  create: (
    settings,
    { store, logError }: Pick<IntegrationContext, 'store' | 'logError'>,
    options: {
      /** A verifier instead of the one the environment selects (tests). */
      captcha?: HumanVerifier;
    },
  ) => ({
    provides: {
      captcha:
        options.captcha ??
        (settings.provider === 'aliyun'
          ? createAliyunVerifier(
              settings.aliyun,
              logError('Aliyun captcha verification call failed'),
            )
          : createAltchaVerifier({ ...settings.altcha, store })),
    },
  }),
});
