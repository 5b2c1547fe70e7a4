import { z } from 'zod';
import {
  missing,
  missingInProduction,
  text,
  urlOr,
  withoutTrailingSlash,
} from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import { createMiniProgramApi, type MiniProgramApi } from './mini-program-api';
import {
  inProcessClient,
  registerWechatSandbox,
  SANDBOX_WECHAT_API_BASE,
  SANDBOX_WECHAT_APP_ID,
  SANDBOX_WECHAT_MINIPROGRAM_APP_ID,
  SANDBOX_WECHAT_PATH,
} from './sandbox-wechat';
import { createWechatApi, fetchClient, type HttpClient } from './wechat-api';

/**
 * The mini-program whose logins give the openids its payments need (decision 0057): WeChat's
 * with WECHAT_MINIPROGRAM_APP_ID, the sandbox's while the official account is the sandbox's,
 * else none (WeChat Pay is then not offered inside the mini-program).
 */
export type MiniProgramConfig =
  | { provider: 'sandbox' }
  | { provider: 'wechat'; appId: string; appSecret: string; apiBase: string }
  | null;

/** Without an app id our own server plays WeChat (the sandbox); production refuses that. */
export type WechatConfig = (
  | { provider: 'sandbox' }
  | {
      provider: 'wechat';
      appId: string;
      appSecret: string;
      openBase: string;
      apiBase: string;
      mpBase: string;
    }
) & { miniProgram: MiniProgramConfig };

const APP_ID = /^wx[0-9a-zA-Z]{10,30}$/;

/**
 * The official account (OAuth inside WeChat's browser, its QR codes): WeChat's own hosts, or
 * the sandbox that plays them on our origin under /sandbox/wechat.
 */
export const wechatIntegration = integration({
  env: z.object({
    WECHAT_APP_ID: text(),
    WECHAT_APP_SECRET: text(),
    WECHAT_OPEN_BASE: urlOr('https://open.weixin.qq.com'),
    WECHAT_API_BASE: urlOr('https://api.weixin.qq.com'),
    WECHAT_MP_BASE: urlOr('https://mp.weixin.qq.com'),
    // The mini-program (its login, for WeChat Pay inside it); optional.
    WECHAT_MINIPROGRAM_APP_ID: text(),
    WECHAT_MINIPROGRAM_APP_SECRET: text(),
  }),
  problems: (env, { isProduction }) => [
    ...(env.WECHAT_APP_ID
      ? missing(env, ['WECHAT_APP_SECRET'], 'WECHAT_APP_ID is set')
      : isProduction
        ? missingInProduction(
            env,
            ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'],
            'the WeChat sandbox cannot be used there',
          )
        : []),
    ...(env.WECHAT_MINIPROGRAM_APP_ID
      ? missing(env, ['WECHAT_MINIPROGRAM_APP_SECRET'], 'WECHAT_MINIPROGRAM_APP_ID is set')
      : env.WECHAT_MINIPROGRAM_APP_SECRET
        ? ['WECHAT_MINIPROGRAM_APP_ID is required with WECHAT_MINIPROGRAM_APP_SECRET']
        : []),
    ...(env.WECHAT_MINIPROGRAM_APP_ID && !APP_ID.test(env.WECHAT_MINIPROGRAM_APP_ID)
      ? ['WECHAT_MINIPROGRAM_APP_ID must be an appid (wx…)']
      : []),
  ],
  settings: (env): WechatConfig => {
    const miniProgram: MiniProgramConfig = env.WECHAT_MINIPROGRAM_APP_ID
      ? {
          provider: 'wechat',
          appId: env.WECHAT_MINIPROGRAM_APP_ID,
          appSecret: env.WECHAT_MINIPROGRAM_APP_SECRET ?? '',
          apiBase: withoutTrailingSlash(env.WECHAT_API_BASE),
        }
      : env.WECHAT_APP_ID
        ? null
        : { provider: 'sandbox' };
    return env.WECHAT_APP_ID
      ? {
          provider: 'wechat',
          appId: env.WECHAT_APP_ID,
          appSecret: env.WECHAT_APP_SECRET ?? '',
          openBase: withoutTrailingSlash(env.WECHAT_OPEN_BASE),
          apiBase: withoutTrailingSlash(env.WECHAT_API_BASE),
          mpBase: withoutTrailingSlash(env.WECHAT_MP_BASE),
          miniProgram,
        }
      : { provider: 'sandbox', miniProgram };
  },
  // The official-account QR image comes from WeChat.
  csp: (settings) =>
    settings.provider === 'wechat' ? { imgSrc: [new URL(settings.mpBase).origin] } : {},
  create: (
    settings,
    { app, store, deriveKey }: Pick<IntegrationContext, 'app' | 'store' | 'deriveKey'>,
    options: {
      /** How the server calls WeChat (default: the network, or the sandbox in process). */
      wechatHttp?: HttpClient;
    },
  ) => {
    const sandboxSecrets = {
      wechatAppSecret: Buffer.from(deriveKey('wechat-sandbox-app-secret')).toString('hex'),
      wechatMiniProgramSecret: Buffer.from(deriveKey('wechat-sandbox-miniprogram-secret')).toString(
        'hex',
      ),
      wechatOpenIdKey: deriveKey('wechat-sandbox-openid'),
    };
    const { miniProgram: mini } = settings;
    const miniProgram: MiniProgramApi | null =
      mini === null
        ? null
        : mini.provider === 'wechat'
          ? createMiniProgramApi({
              appId: mini.appId,
              appSecret: mini.appSecret,
              apiBase: mini.apiBase,
              http: options.wechatHttp ?? fetchClient(),
            })
          : createMiniProgramApi({
              appId: SANDBOX_WECHAT_MINIPROGRAM_APP_ID,
              appSecret: sandboxSecrets.wechatMiniProgramSecret,
              apiBase: SANDBOX_WECHAT_API_BASE,
              http: options.wechatHttp ?? inProcessClient(app),
            });
    const api =
      settings.provider === 'wechat'
        ? createWechatApi({
            appId: settings.appId,
            appSecret: settings.appSecret,
            apiBase: settings.apiBase,
            http: options.wechatHttp ?? fetchClient(),
            store,
          })
        : createWechatApi({
            appId: SANDBOX_WECHAT_APP_ID,
            appSecret: sandboxSecrets.wechatAppSecret,
            apiBase: SANDBOX_WECHAT_API_BASE,
            http: options.wechatHttp ?? inProcessClient(app),
            store,
          });
    /** WeChat's hosts for this origin: the sandbox plays WeChat on our own origin. */
    const base = (real: 'openBase' | 'mpBase') => (origin: string) =>
      settings.provider === 'wechat' ? settings[real] : `${origin}${SANDBOX_WECHAT_PATH}`;
    return {
      provides: {
        wechat: { api, miniProgram, openBase: base('openBase'), mpBase: base('mpBase') },
      },
      sandboxSecrets,
      sandboxServer:
        settings.provider === 'sandbox'
          ? (server) =>
              registerWechatSandbox(server, {
                appId: SANDBOX_WECHAT_APP_ID,
                appSecret: sandboxSecrets.wechatAppSecret,
                store,
                openIdKey: sandboxSecrets.wechatOpenIdKey,
                miniProgram: {
                  appId: SANDBOX_WECHAT_MINIPROGRAM_APP_ID,
                  appSecret: sandboxSecrets.wechatMiniProgramSecret,
                },
              })
          : undefined,
    };
  },
});
