import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError, messages } from '../../http/errors';
import type { EphemeralStore } from '../../integrations/store/store';
import {
  buildAuthorizeUrl,
  INVALID_CODE_ERRCODES,
  WechatApiError,
  type WechatApi,
} from '../../integrations/wechat/wechat-api';
import type { OpenIdSeal } from './openid-seal';

export const OAUTH_STATE_TTL_MS = 10 * 60_000;
const USED_CODE_TTL_MS = 10 * 60_000;
export const STATES_PER_IP_PER_MINUTE = 60;
export const OAUTH_EXPIRED_MESSAGE = '授权已失效，请重新进入';
export const WECHAT_UNAVAILABLE_MESSAGE = '微信服务暂不可用，请稍后再试';
const NONCE_PATTERN = /^[A-Za-z0-9_-]{22}$/;

interface StateRecord {
  redirectUri: string;
  nonce: string;
}

/**
 * WeChat web authorization, snsapi_base (decision 0008). The state is random, used once, lives
 * 10 minutes and belongs to the browser that asked (a cookie nonce); the code is exchanged here,
 * so the app secret never reaches the browser, which receives the sealed openid.
 */
export function createWechatOAuthService(deps: {
  api: WechatApi;
  store: EphemeralStore;
  seal: OpenIdSeal;
  /** WeChat's open platform base for this origin (the sandbox lives on our own). */
  openBase: (origin: string) => string;
  onApiError?: (error: unknown) => void;
}) {
  const { store } = deps;
  const stateKey = (state: string) => `wx:state:${state}`;

  return {
    /**
     * The authorize URL for a page of ours. `nonce` is the browser's current nonce cookie, kept
     * when well-formed so two tabs do not undo each other; the answer says which to set.
     */
    async getCodeUrl(input: {
      redirectUri: string;
      origin: string;
      nonce: string | undefined;
      ip: string;
    }): Promise<{ url: string; nonce: string }> {
      // Each call stores a state: anonymous callers get a bounded number of them.
      if ((await store.incr(`wx:state-ip:${input.ip}`, 60_000)) > STATES_PER_IP_PER_MINUTE) {
        throw new AppError(429, messages.tooManyRequests);
      }
      let target: URL;
      try {
        target = new URL(input.redirectUri);
      } catch {
        throw new AppError(400, '回跳地址不正确');
      }
      // Only back to ourselves: never an open redirect that carries a code elsewhere.
      if (target.origin !== input.origin) throw new AppError(400, '回跳地址不正确');
      const nonce =
        input.nonce && NONCE_PATTERN.test(input.nonce)
          ? input.nonce
          : randomBytes(16).toString('base64url');
      const state = randomBytes(16).toString('base64url');
      const record: StateRecord = { redirectUri: target.toString(), nonce };
      await store.set(stateKey(state), JSON.stringify(record), OAUTH_STATE_TTL_MS);
      return {
        url: buildAuthorizeUrl(
          deps.openBase(input.origin),
          deps.api.appId,
          record.redirectUri,
          state,
        ),
        nonce,
      };
    },

    async getOpenId(input: {
      code: string;
      state: string;
      nonce: string | undefined;
    }): Promise<{ openid: string }> {
      const expired = () => new AppError(400, OAUTH_EXPIRED_MESSAGE);
      const raw = await store.take(stateKey(input.state));
      if (!raw) throw expired();
      const record = JSON.parse(raw) as StateRecord;
      const expected = Buffer.from(record.nonce);
      const given = Buffer.from(input.nonce ?? '');
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw expired();
      // A code is exchanged at most once, even by two instances at the same moment.
      const codeKey = `wx:code:${deps.api.appId}:${createHash('sha256').update(input.code).digest('base64url')}`;
      if (!(await store.setIfAbsent(codeKey, '1', USED_CODE_TTL_MS))) throw expired();
      try {
        const { openid } = await deps.api.exchangeCode(input.code);
        return { openid: deps.seal.seal({ appId: deps.api.appId, openId: openid }) };
      } catch (error) {
        if (error instanceof WechatApiError && INVALID_CODE_ERRCODES.has(error.errcode ?? 0)) {
          throw expired();
        }
        deps.onApiError?.(error);
        throw new AppError(503, WECHAT_UNAVAILABLE_MESSAGE);
      }
    },
  };
}

export type WechatOAuthService = ReturnType<typeof createWechatOAuthService>;
