import { z } from 'zod';
import {
  missing,
  missingInProduction,
  text,
  urlOr,
  withoutTrailingSlash,
} from '../../lib/settings';
import { integration, type IntegrationContext } from '../integration';
import {
  inProcessClient,
  registerWechatSandbox,
  SANDBOX_WECHAT_API_BASE,
  SANDBOX_WECHAT_APP_ID,
  SANDBOX_WECHAT_PATH,
} from './sandbox-wechat';
import { createWechatApi, fetchClient, type HttpClient } from './wechat-api';

/** Without an app id our own server plays WeChat (the sandbox); production refuses that. */
export type WechatConfig =
  | { provider: 'sandbox' }
  | {
      provider: 'wechat';
      appId: string;
      appSecret: string;
      openBase: string;
      apiBase: string;
      mpBase: string;
    };

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
  }),
  problems: (env, { isProduction }) =>
    env.WECHAT_APP_ID
      ? missing(env, ['WECHAT_APP_SECRET'], 'WECHAT_APP_ID is set')
      : isProduction
        ? missingInProduction(
            env,
            ['WECHAT_APP_ID', 'WECHAT_APP_SECRET'],
            'the WeChat sandbox cannot be used there',
          )
        : [],
  settings: (env): WechatConfig =>
    env.WECHAT_APP_ID
      ? {
          provider: 'wechat',
          appId: env.WECHAT_APP_ID,
          appSecret: env.WECHAT_APP_SECRET ?? '',
          openBase: withoutTrailingSlash(env.WECHAT_OPEN_BASE),
          apiBase: withoutTrailingSlash(env.WECHAT_API_BASE),
          mpBase: withoutTrailingSlash(env.WECHAT_MP_BASE),
        }
      : { provider: 'sandbox' },
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
      wechatOpenIdKey: deriveKey('wechat-sandbox-openid'),
    };
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
      provides: { wechat: { api, openBase: base('openBase'), mpBase: base('mpBase') } },
      sandboxSecrets,
      sandboxServer:
        settings.provider === 'sandbox'
          ? (server) =>
              registerWechatSandbox(server, {
                appId: SANDBOX_WECHAT_APP_ID,
                appSecret: sandboxSecrets.wechatAppSecret,
                store,
                openIdKey: sandboxSecrets.wechatOpenIdKey,
              })
          : undefined,
    };
  },
});
