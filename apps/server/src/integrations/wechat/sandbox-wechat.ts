import { createHmac, randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookie, serializeCookie } from '../../http/cookies';
import type { EphemeralStore } from '../store/store';
import { renderQrSvg } from './qr-svg';
import type { HttpClient } from './wechat-api';

/**
 * The embedded stand-in for WeChat (development and tests; production refuses it). It answers
 * the same requests as WeChat, under /sandbox/wechat on our own server:
 * - `GET connect/oauth2/authorize`: silent snsapi_base authorization → 302 back with code+state;
 * - `GET sns/oauth2/access_token`: the code exchange, with WeChat's answers and error codes;
 * - `GET cgi-bin/token`, `POST cgi-bin/qrcode/create`, `GET cgi-bin/showqrcode`: the official
 *   account's parametric QR code;
 * - the mini-program's login: `POST miniprogram/login` plays `wx.login` (a code for this
 *   browser's WeChat user) and `GET sns/jscode2session` exchanges it, with WeChat's answers.
 * The WeChat user of a browser is the cookie `wx_sandbox_user` (path /sandbox/wechat), made at
 * random on first use; a test presets it to be "the same phone" in a fresh browser.
 */

export const SANDBOX_WECHAT_PATH = '/sandbox/wechat';
export const SANDBOX_WECHAT_APP_ID = 'wxsandbox000000001';
/** The sandbox's mini-program: its logins hand out openids for this appid. */
export const SANDBOX_WECHAT_MINIPROGRAM_APP_ID = 'wxsandboxminiapp01';
export const SANDBOX_USER_COOKIE = 'wx_sandbox_user';
/** Where the server's own calls to the sandbox go (in process; the host is never resolved). */
export const SANDBOX_WECHAT_API_BASE = `http://wechat-sandbox.internal${SANDBOX_WECHAT_PATH}`;

const CODE_TTL_MS = 5 * 60_000;
const TOKEN_TTL_SECONDS = 7200;
const USER_PATTERN = /^[\w.:@-]{1,128}$/;

export interface SandboxWechatOptions {
  appId: string;
  appSecret: string;
  /** The mini-program whose `wx.login` codes the sandbox hands out and exchanges. */
  miniProgram: { appId: string; appSecret: string };
  store: EphemeralStore;
  /** Derives each sandbox user's openid, stable per app + user. */
  openIdKey: Uint8Array;
}

/** The openid WeChat would give this user for this app: 28 characters starting with 'o'. */
export function sandboxOpenId(key: Uint8Array, appId: string, user: string): string {
  return `o${createHmac('sha256', key).update(`${appId}:${user}`).digest('base64url').slice(0, 27)}`;
}

const wechatError = (errcode: number, errmsg: string) => ({
  errcode,
  errmsg: `${errmsg}, rid: ${randomBytes(4).toString('hex')}-${randomBytes(4).toString('hex')}`,
});

function errorPage(reply: FastifyReply, message: string) {
  return reply
    .code(400)
    .header('content-type', 'text/html; charset=utf-8')
    .send(
      `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>微信（沙箱）</title></head><body><p>${message}</p></body></html>`,
    );
}

type Query = Record<string, string | undefined>;

export async function registerWechatSandbox(
  app: FastifyInstance,
  options: SandboxWechatOptions,
): Promise<void> {
  const { store } = options;
  const base = SANDBOX_WECHAT_PATH;

  const credentialsError = (query: Query) => {
    if (query.appid !== options.appId) return wechatError(40013, 'invalid appid');
    if (query.secret !== options.appSecret) return wechatError(40125, 'invalid appsecret');
    return null;
  };

  await app.register(async (scope) => {
    scope.addHook('onSend', async (_request, reply, payload) => {
      reply.header('cache-control', 'no-store');
      return payload;
    });

    scope.get(
      `${base}/connect/oauth2/authorize`,
      { schema: { hide: true } },
      async (request, reply) => {
        const query = request.query as Query;
        if (query.appid !== options.appId) return errorPage(reply, '参数错误：appid 无效');
        if (query.response_type !== 'code')
          return errorPage(reply, '参数错误：response_type 应为 code');
        if (query.scope !== 'snsapi_base')
          return errorPage(reply, 'scope 参数错误或没有 scope 权限');
        let redirect: URL;
        try {
          redirect = new URL(query.redirect_uri ?? '');
        } catch {
          return errorPage(reply, 'redirect_uri 参数错误');
        }
        // WeChat only redirects to the app's authorised domain: here, the host that asked.
        if (!/^https?:$/.test(redirect.protocol) || redirect.hostname !== hostnameOf(request)) {
          return errorPage(reply, 'redirect_uri 域名与后台配置不一致（10003）');
        }
        const state = query.state ?? '';
        if (state.length > 128) return errorPage(reply, 'state 参数过长');

        const user = currentUser(request, reply);
        const code = randomBytes(16).toString('hex');
        await store.set(
          `wxsbx:code:${code}`,
          JSON.stringify({ appId: options.appId, user }),
          CODE_TTL_MS,
        );
        redirect.searchParams.set('code', code);
        redirect.searchParams.set('state', state);
        return reply.redirect(redirect.toString(), 302);
      },
    );

    scope.get(`${base}/sns/oauth2/access_token`, { schema: { hide: true } }, async (request) => {
      const query = request.query as Query;
      const refused = credentialsError(query);
      if (refused) return refused;
      if (query.grant_type !== 'authorization_code')
        return wechatError(40002, 'invalid grant_type');
      const code = query.code ?? '';
      if (!code) return wechatError(41008, 'missing code');
      const raw = await store.take(`wxsbx:code:${code}`);
      if (!raw) {
        return (await store.get(`wxsbx:used:${code}`))
          ? wechatError(40163, 'code been used')
          : wechatError(40029, 'invalid code');
      }
      await store.set(`wxsbx:used:${code}`, '1', CODE_TTL_MS);
      const { appId, user } = JSON.parse(raw) as { appId: string; user: string };
      if (appId !== options.appId) return wechatError(40029, 'invalid code');
      return {
        access_token: randomBytes(32).toString('base64url'),
        expires_in: TOKEN_TTL_SECONDS,
        refresh_token: randomBytes(32).toString('base64url'),
        openid: sandboxOpenId(options.openIdKey, appId, user),
        scope: 'snsapi_base',
      };
    });

    // What wx.login does inside the mini-program: a code for this WeChat user, for this
    // mini-program, that its server exchanges once within five minutes.
    scope.post(`${base}/miniprogram/login`, { schema: { hide: true } }, async (request, reply) => {
      const appid = (request.query as Query).appid;
      if (appid !== options.miniProgram.appId) {
        return reply.code(400).send({ errMsg: 'login:fail invalid appid' });
      }
      const user = currentUser(request, reply);
      const code = randomBytes(16).toString('hex');
      await store.set(`wxsbx:jscode:${code}`, JSON.stringify({ appId: appid, user }), CODE_TTL_MS);
      return { errMsg: 'login:ok', code };
    });

    scope.get(`${base}/sns/jscode2session`, { schema: { hide: true } }, async (request) => {
      const query = request.query as Query;
      if (query.appid !== options.miniProgram.appId) return wechatError(40013, 'invalid appid');
      if (query.secret !== options.miniProgram.appSecret) {
        return wechatError(40125, 'invalid appsecret');
      }
      if (query.grant_type !== 'authorization_code')
        return wechatError(40002, 'invalid grant_type');
      const code = query.js_code ?? '';
      if (!code) return wechatError(41008, 'missing code');
      const raw = await store.take(`wxsbx:jscode:${code}`);
      if (!raw) {
        return (await store.get(`wxsbx:jsused:${code}`))
          ? wechatError(40163, 'code been used')
          : wechatError(40029, 'invalid code');
      }
      await store.set(`wxsbx:jsused:${code}`, '1', CODE_TTL_MS);
      const { appId, user } = JSON.parse(raw) as { appId: string; user: string };
      return {
        openid: sandboxOpenId(options.openIdKey, appId, user),
        session_key: randomBytes(16).toString('base64'),
      };
    });

    scope.get(`${base}/cgi-bin/token`, { schema: { hide: true } }, async (request) => {
      const query = request.query as Query;
      if (query.grant_type !== 'client_credential') return wechatError(40002, 'invalid grant_type');
      const refused = credentialsError(query);
      if (refused) return refused;
      const token = randomBytes(48).toString('base64url');
      await store.set(`wxsbx:cgi-token:${token}`, options.appId, TOKEN_TTL_SECONDS * 1000);
      return { access_token: token, expires_in: TOKEN_TTL_SECONDS };
    });

    scope.post(`${base}/cgi-bin/qrcode/create`, { schema: { hide: true } }, async (request) => {
      const query = request.query as Query;
      if (!query.access_token || !(await store.get(`wxsbx:cgi-token:${query.access_token}`))) {
        return wechatError(40001, 'invalid credential, access_token is invalid or not latest');
      }
      const body = (request.body ?? {}) as {
        expire_seconds?: unknown;
        action_name?: unknown;
        action_info?: { scene?: { scene_str?: unknown; scene_id?: unknown } };
      };
      const scene = body.action_info?.scene?.scene_str ?? body.action_info?.scene?.scene_id;
      if (body.action_name !== 'QR_STR_SCENE' && body.action_name !== 'QR_SCENE') {
        return wechatError(40053, 'invalid action info');
      }
      if (scene === undefined || String(scene).length > 64) {
        return wechatError(40053, 'invalid action info');
      }
      const expireSeconds = Math.min(
        Math.max(Number(body.expire_seconds ?? 60) || 60, 60),
        2_592_000,
      );
      const url = `http://weixin.qq.com/q/${randomBytes(16).toString('base64url')}`;
      // Real tickets are base64 with '+', '/' and '=': callers must encode them in URLs.
      const ticket = randomBytes(42).toString('base64');
      await store.set(`wxsbx:qr:${ticket}`, JSON.stringify({ url, scene }), expireSeconds * 1000);
      return { ticket, expire_seconds: expireSeconds, url };
    });

    scope.get(`${base}/cgi-bin/showqrcode`, { schema: { hide: true } }, async (request, reply) => {
      const ticket = (request.query as Query).ticket ?? '';
      const raw = ticket ? await store.get(`wxsbx:qr:${ticket}`) : null;
      if (!raw) return reply.code(404).header('content-type', 'text/plain').send('ticket expired');
      const { url } = JSON.parse(raw) as { url: string };
      return reply.header('content-type', 'image/svg+xml').send(renderQrSvg(url));
    });
  });
}

function hostnameOf(request: FastifyRequest): string {
  try {
    return new URL(`http://${request.host}`).hostname;
  } catch {
    return '';
  }
}

/** The sandbox WeChat user of this browser, created (and kept a year) on first visit. */
function currentUser(request: FastifyRequest, reply: FastifyReply): string {
  const existing = readCookie(request.headers.cookie, SANDBOX_USER_COOKIE);
  if (existing && USER_PATTERN.test(existing)) return existing;
  const user = randomBytes(12).toString('base64url');
  reply.header(
    'set-cookie',
    serializeCookie(SANDBOX_USER_COOKIE, user, {
      path: SANDBOX_WECHAT_PATH,
      maxAgeSeconds: 365 * 24 * 3600,
      secure: request.protocol === 'https',
    }),
  );
  return user;
}

/** Sends the server's WeChat API calls to the sandbox routes of this same app, in process. */
export function inProcessClient(app: FastifyInstance): HttpClient {
  return async (url, init) => {
    const target = new URL(url);
    const response = await app.inject({
      method: (init?.method ?? 'GET') as 'GET' | 'POST',
      url: `${target.pathname}${target.search}`,
      headers: init?.headers,
      payload: init?.body,
    });
    return { status: response.statusCode, text: async () => response.body };
  };
}
