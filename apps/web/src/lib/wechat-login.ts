import { MemberAuth } from '@pcb/contract/member-auth';
import { WechatMb } from '@pcb/contract/wechat';
import { apiCall } from './api';
import { isLoggedIn, saveAccessToken } from './auth-session';
import { documentNavigation } from './document-navigation';
import { getWxOpenId, setWxOpenId } from './storage';
import { getOpenIdBinding } from './wechat-binding';
import { isMiniProgram, isWeChatBrowser } from './wechat';

/** Spec sections 5 and 9: a stored openId counts only when longer than 10 characters. */
export const STORED_OPENID_MIN_LENGTH = 11;
/** Spec sections 5 and 9: an openid from the server is accepted only when longer than 20. */
export const SERVER_OPENID_MIN_LENGTH = 21;

/** What the flows need from the browser and the server; tests inject their own. */
export interface WechatLoginDeps {
  userAgent: string;
  isMiniProgram: () => boolean;
  /** The page's full address as the browser shows it now. */
  currentUrl: () => string;
  getStoredOpenId: () => string | null;
  storeOpenId: (openId: string) => void;
  isTokenValid: () => boolean;
  storeToken: (accessToken: string) => void;
  exchangeCode: (input: { code: string; state: string }) => Promise<{ openid: string }>;
  getAuthorizeUrl: (redirectUri: string) => Promise<string>;
  openIdLogin: (openId: string) => Promise<{ accessToken: string }>;
  /** Leaves for WeChat's authorization page. */
  navigateTo: (url: string) => void;
  /** Rewrites the address bar without loading anything. */
  replaceUrl: (url: string) => void;
}

/**
 * true / false as the spec's flows report them; 'redirecting' when the browser is on its way
 * to WeChat's authorization page (the flow continues when WeChat sends the member back).
 */
export type WechatFlowResult = boolean | 'redirecting';

/** The stored openId, when it counts as one (longer than 10 characters). */
export function usableStoredOpenId(stored: string | null): string | null {
  return stored !== null && stored.length >= STORED_OPENID_MIN_LENGTH ? stored : null;
}

/** Spec section 5: an OAuth code is ignored when empty or the literal text 'undefined'. */
export function isUsableCode(code: string | null): code is string {
  return code !== null && code !== '' && code !== 'undefined';
}

/**
 * The address without WeChat's OAuth parameters, so they can be neither replayed nor shared;
 * the '#wechat_redirect' that the redirect back inherits from the authorization URL goes too.
 */
export function withoutOAuthParams(href: string): string {
  const url = new URL(href);
  if (url.hash === '#wechat_redirect') url.hash = '';
  if (url.searchParams.has('code') || url.searchParams.has('state')) {
    url.searchParams.delete('code');
    url.searchParams.delete('state');
  }
  return url.href;
}

/**
 * Spec section 4, openId acquisition: (1) a usable stored openId; (2) nothing to do outside
 * the WeChat browser or inside the mini-program; (3) exchange the URL's code (with its state,
 * which the server bound to this browser) and keep an openid longer than 20 characters;
 * (4) otherwise go and fetch a code from WeChat's authorization page. No message is shown.
 */
export async function acquireOpenId(deps: WechatLoginDeps): Promise<WechatFlowResult> {
  if (usableStoredOpenId(deps.getStoredOpenId())) return true;
  if (!isWeChatBrowser(deps.userAgent) || deps.isMiniProgram()) return false;

  const href = deps.currentUrl();
  const params = new URL(href).searchParams;
  const code = params.get('code');
  if (isUsableCode(code)) {
    try {
      const { openid } = await deps.exchangeCode({ code, state: params.get('state') ?? '' });
      if (openid.length < SERVER_OPENID_MIN_LENGTH) return false;
      deps.storeOpenId(openid);
      return true;
    } catch {
      return false;
    } finally {
      // A code works once: a reload or a shared link must not present it again.
      deps.replaceUrl(withoutOAuthParams(href));
    }
  }

  try {
    const authorizeUrl = await deps.getAuthorizeUrl(withoutOAuthParams(href));
    if (!authorizeUrl) return false;
    deps.navigateTo(authorizeUrl);
    return 'redirecting';
  } catch {
    return false;
  }
}

/**
 * Spec section 4, token login. With a stored openId: a valid token is enough, else log in by
 * openId. Without one: acquire it first; a token that became valid meanwhile wins, an openId
 * obtained is tried once more as a stored one.
 */
export async function tokenLogin(
  deps: WechatLoginDeps,
  { isRetry = false }: { isRetry?: boolean } = {},
): Promise<WechatFlowResult> {
  const openId = usableStoredOpenId(deps.getStoredOpenId());
  if (openId) {
    if (deps.isTokenValid()) return true;
    try {
      const { accessToken } = await deps.openIdLogin(openId);
      deps.storeToken(accessToken);
      return true;
    } catch {
      return false;
    }
  }
  // The openId just obtained could not be kept (storage refused): do not start over.
  if (isRetry) return false;
  const acquired = await acquireOpenId(deps);
  if (deps.isTokenValid()) return true;
  if (acquired === true) return tokenLogin(deps, { isRetry: true });
  return acquired;
}

/** Logs in with a bound sealed openId (WechatMb/OpenIdLogin). */
export const openIdLogin = (openId: string) => apiCall(WechatMb.OpenIdLogin, { openId });

/** The deps of the real browser and server. */
export function browserDeps(): WechatLoginDeps {
  return {
    userAgent: navigator.userAgent,
    isMiniProgram: () => isMiniProgram(),
    currentUrl: () => window.location.href,
    getStoredOpenId: getWxOpenId,
    storeOpenId: setWxOpenId,
    isTokenValid: () => isLoggedIn(),
    storeToken: saveAccessToken,
    exchangeCode: (input) => apiCall(MemberAuth.GetOpenId, input),
    getAuthorizeUrl: (redirectUri) => apiCall(MemberAuth.getWxCodeUrl, { redirectUri }),
    openIdLogin,
    navigateTo: (url) => documentNavigation.assign(url),
    replaceUrl: (url) => window.history.replaceState(window.history.state, '', url),
  };
}

// A code can be exchanged once, and two logins at once would race for the token: callers
// that arrive while a flow runs share its result.
let acquiring: Promise<WechatFlowResult> | null = null;
let loggingIn: Promise<WechatFlowResult> | null = null;

/** acquireOpenId in this browser, one run at a time. */
export function acquireOpenIdOnce(deps: WechatLoginDeps = browserDeps()) {
  acquiring ??= acquireOpenId(deps).finally(() => {
    acquiring = null;
  });
  return acquiring;
}

/** tokenLogin in this browser, one run at a time. */
export function tokenLoginOnce(deps: WechatLoginDeps = browserDeps()) {
  loggingIn ??= tokenLogin(deps).finally(() => {
    loggingIn = null;
  });
  return loggingIn;
}

/**
 * What the navigation guard does with a private route in the WeChat browser:
 * 'loggedIn' → continue; 'unbound' → the stored openId belongs to no account, offer /bind;
 * 'failed' → the usual way to /login; 'redirecting' → wait, the page is leaving for WeChat.
 */
export type GuardLoginOutcome = 'loggedIn' | 'unbound' | 'failed' | 'redirecting';

export async function guardTokenLogin(
  deps: WechatLoginDeps = browserDeps(),
  getBinding: (openId: string) => Promise<{ isBound: boolean }> = getOpenIdBinding,
): Promise<GuardLoginOutcome> {
  const result = await tokenLoginOnce(deps);
  if (result === true) return 'loggedIn';
  if (result === 'redirecting') return 'redirecting';
  const openId = usableStoredOpenId(deps.getStoredOpenId());
  if (!openId) return 'failed';
  try {
    return (await getBinding(openId)).isBound ? 'failed' : 'unbound';
  } catch {
    return 'failed';
  }
}
