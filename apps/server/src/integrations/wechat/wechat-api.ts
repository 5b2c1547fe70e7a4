import type { EphemeralStore } from '../store/store';

/**
 * WeChat's server API as this product uses it: the OAuth code exchange (snsapi_base), the
 * official account's access token (client_credential) and temporary parametric QR codes.
 * https://developers.weixin.qq.com/doc/offiaccount/OA_Web_Apps/Wechat_webpage_authorization.html
 * https://developers.weixin.qq.com/doc/offiaccount/Account_Management/Generating_a_Parametric_QR_Code.html
 */

export interface HttpAnswer {
  status: number;
  text(): Promise<string>;
}

/** `fetch`, or the in-process stand-in that sends the same requests to the sandbox. */
export type HttpClient = (
  url: string,
  init?: { method?: string; headers?: Record<string, string>; body?: string },
) => Promise<HttpAnswer>;

export class WechatApiError extends Error {
  constructor(
    message: string,
    readonly errcode?: number,
  ) {
    super(message);
    this.name = 'WechatApiError';
  }
}

/** Codes WeChat answers for a code that is wrong, used or expired. */
export const INVALID_CODE_ERRCODES = new Set([40029, 40163, 41008]);
/** Codes WeChat answers when the access token is no longer good. */
const STALE_TOKEN_ERRCODES = new Set([40001, 40014, 42001]);

export interface WechatApiOptions {
  appId: string;
  appSecret: string;
  apiBase: string;
  http: HttpClient;
  /** Caches the official account's access token for every instance. */
  store: EphemeralStore;
}

export interface WechatApi {
  readonly appId: string;
  exchangeCode(code: string): Promise<{ openid: string; scope: string }>;
  createQrTicket(
    sceneStr: string,
    expireSeconds: number,
  ): Promise<{ ticket: string; expireSeconds: number }>;
}

/** WeChat's own authorize URL for a silent (snsapi_base) login. */
export function buildAuthorizeUrl(
  openBase: string,
  appId: string,
  redirectUri: string,
  state: string,
): string {
  const query = [
    `appid=${encodeURIComponent(appId)}`,
    `redirect_uri=${encodeURIComponent(redirectUri)}`,
    'response_type=code',
    'scope=snsapi_base',
    `state=${encodeURIComponent(state)}`,
  ].join('&');
  return `${openBase}/connect/oauth2/authorize?${query}#wechat_redirect`;
}

/**
 * One call to WeChat's server API: the JSON answer, or a WechatApiError carrying WeChat's
 * errcode (answers with errcode ≠ 0, non-JSON, non-200, no answer).
 */
export async function callWechat(
  http: HttpClient,
  apiBase: string,
  path: string,
  query: Record<string, string>,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const url = `${apiBase}${path}?${new URLSearchParams(query).toString()}`;
  let answer: HttpAnswer;
  try {
    answer = await http(url, {
      method: body === undefined ? 'GET' : 'POST',
      ...(body === undefined
        ? {}
        : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    });
  } catch (error) {
    throw new WechatApiError(`WeChat ${path}: request failed (${String(error)})`);
  }
  const text = await answer.text();
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new WechatApiError(`WeChat ${path}: HTTP ${answer.status}, not JSON`);
  }
  if (typeof parsed.errcode === 'number' && parsed.errcode !== 0) {
    throw new WechatApiError(
      `WeChat ${path}: ${parsed.errcode} ${String(parsed.errmsg)}`,
      parsed.errcode,
    );
  }
  if (answer.status !== 200) throw new WechatApiError(`WeChat ${path}: HTTP ${answer.status}`);
  return parsed;
}

export function createWechatApi(options: WechatApiOptions): WechatApi {
  const { appId, appSecret, apiBase, http, store } = options;
  const tokenKey = `wechat:access-token:${appId}`;
  const call = (path: string, query: Record<string, string>, body?: unknown) =>
    callWechat(http, apiBase, path, query, body);

  async function accessToken(fresh: boolean): Promise<string> {
    if (!fresh) {
      const cached = await store.get(tokenKey);
      if (cached) return cached;
    }
    const result = await call('/cgi-bin/token', {
      grant_type: 'client_credential',
      appid: appId,
      secret: appSecret,
    });
    const token = result.access_token;
    const expiresIn = Number(result.expires_in);
    if (typeof token !== 'string' || !Number.isFinite(expiresIn)) {
      throw new WechatApiError('WeChat /cgi-bin/token: no access_token in the answer');
    }
    // Renewed five minutes early, so no call goes out with a token about to expire.
    await store.set(tokenKey, token, Math.max(60, expiresIn - 300) * 1000);
    return token;
  }

  return {
    appId,

    async exchangeCode(code) {
      const result = await call('/sns/oauth2/access_token', {
        appid: appId,
        secret: appSecret,
        code,
        grant_type: 'authorization_code',
      });
      if (typeof result.openid !== 'string' || result.openid === '') {
        throw new WechatApiError('WeChat /sns/oauth2/access_token: no openid in the answer');
      }
      return { openid: result.openid, scope: String(result.scope ?? '') };
    },

    async createQrTicket(sceneStr, expireSeconds) {
      const body = {
        expire_seconds: expireSeconds,
        action_name: 'QR_STR_SCENE',
        action_info: { scene: { scene_str: sceneStr } },
      };
      const create = async (fresh: boolean) =>
        call('/cgi-bin/qrcode/create', { access_token: await accessToken(fresh) }, body);
      let result: Record<string, unknown>;
      try {
        result = await create(false);
      } catch (error) {
        // Another holder of the app secret may have renewed the token: fetch a new one, once.
        if (!(error instanceof WechatApiError) || !STALE_TOKEN_ERRCODES.has(error.errcode ?? 0)) {
          throw error;
        }
        await store.delete(tokenKey);
        result = await create(true);
      }
      if (typeof result.ticket !== 'string') {
        throw new WechatApiError('WeChat /cgi-bin/qrcode/create: no ticket in the answer');
      }
      return {
        ticket: result.ticket,
        expireSeconds: Number(result.expire_seconds ?? expireSeconds),
      };
    },
  };
}

/** The real network, with a time-out. */
export function fetchClient(timeoutMs = 5_000): HttpClient {
  return async (url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
}
