import { paths } from '../lib/paths';
import type { RouteRow } from './route-table';

export type AccessDecision =
  | { type: 'allow' }
  | { type: 'wait' }
  | { type: 'redirect'; to: string }
  | { type: 'document'; href: string }
  /** Leave a logged-out-only screen for where a login would continue (returnUrl, used once). */
  | { type: 'continue'; to: string };

/**
 * Where the WeChat token login stands for the current navigation: 'unavailable' outside the
 * WeChat browser (or inside the mini-program) or with nothing to do; 'pending' while it runs;
 * 'unbound' when it failed with a stored openId that no account is bound to; 'failed' otherwise.
 */
export type WechatLoginState = 'unavailable' | 'pending' | 'unbound' | 'failed';

/**
 * Spec section 2, reading the row's `access`: an unknown path goes to the member centre; a
 * member route without login goes to /login, except when the navigation started on /login
 * itself — then a full load of '/' breaks what would otherwise be a redirect loop. Inside
 * WeChat the token login (spec section 4) runs first: the member waits for it, and an unbound
 * openId is offered /bind. A member who arrives logged in at a guest route continues where a
 * login would (the returnUrl, else /member) — unless the server has just ended the session and
 * /login is where it is cleared (decision 0010); logging in on the screen itself is not
 * "arriving".
 */
export function decideAccess(
  row: RouteRow | undefined,
  context: {
    isLoggedIn: boolean;
    fromPath: string | null;
    wechatLogin?: WechatLoginState;
    /** Whether the member was logged in when this navigation arrived; isLoggedIn by default. */
    arrivedLoggedIn?: boolean;
    /** The navigation carries the news that the server ended the session. */
    sessionEnded?: boolean;
    /** Where a login would continue now (peekReturnPath); the member centre by default. */
    returnPath?: string;
  },
): AccessDecision {
  if (!row) return { type: 'redirect', to: paths.member };
  if (
    row.access === 'guest' &&
    context.isLoggedIn &&
    (context.arrivedLoggedIn ?? true) &&
    !context.sessionEnded
  ) {
    return { type: 'continue', to: context.returnPath ?? paths.member };
  }
  if (row.access !== 'member' || context.isLoggedIn) return { type: 'allow' };
  if (context.wechatLogin === 'pending') return { type: 'wait' };
  if (context.wechatLogin === 'unbound') return { type: 'redirect', to: paths.bind };
  if (context.fromPath === paths.login) return { type: 'document', href: paths.home };
  return { type: 'redirect', to: paths.login };
}
