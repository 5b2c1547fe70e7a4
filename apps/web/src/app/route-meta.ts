import { matchPath } from 'react-router';
import { paths } from '../lib/paths';

/** What the guard, the title and the footer need to know about a route (spec section 2). */
export interface RouteMeta {
  /** Route pattern, as React Router writes it. */
  path: string;
  title: string;
  requiresLogin: boolean;
  /** Only for visitors without login: a logged-in member continues as after a login. */
  guestOnly?: boolean;
  showFooter: boolean;
}

export const routeMeta = {
  home: { path: paths.home, title: '首页', requiresLogin: false, showFooter: true },
  login: {
    path: paths.login,
    title: '登录',
    requiresLogin: false,
    guestOnly: true,
    showFooter: false,
  },
  smsLogin: {
    path: paths.smsLogin,
    title: '短信登录',
    requiresLogin: false,
    guestOnly: true,
    showFooter: false,
  },
  register: {
    path: paths.register,
    title: '注册',
    requiresLogin: false,
    guestOnly: true,
    showFooter: false,
  },
  forgetPassword: {
    path: paths.forgetPassword,
    title: '忘记密码',
    requiresLogin: false,
    showFooter: false,
  },
  associatedAccount: {
    path: paths.associatedAccount,
    title: '关联账号',
    requiresLogin: false,
    showFooter: false,
  },
  bind: { path: paths.bind, title: '绑定账号', requiresLogin: false, showFooter: false },
  /** The route the spec names Home. */
  member: { path: paths.member, title: '会员中心', requiresLogin: true, showFooter: true },
  setting: { path: paths.setting, title: '会员设置', requiresLogin: true, showFooter: false },
  accountSecurity: {
    path: paths.accountSecurity,
    title: '账户安全',
    requiresLogin: true,
    showFooter: false,
  },
  bindWechat: { path: paths.bindWechat, title: '微信绑定', requiresLogin: true, showFooter: false },
  paymentPassword: {
    path: paths.paymentPassword,
    title: '支付密码',
    requiresLogin: true,
    showFooter: false,
  },
  loginPassword: {
    path: paths.loginPassword,
    title: '登录密码',
    requiresLogin: true,
    showFooter: false,
  },
  /** A child of /userInfo, whose own screen comes with the profile feature. */
  editPhone: { path: paths.editPhone, title: '更换手机号', requiresLogin: true, showFooter: false },
} satisfies Record<string, RouteMeta>;

const allMeta: RouteMeta[] = Object.values(routeMeta);

/** The meta of the route a path belongs to; undefined for an unknown path. */
export function metaForPath(pathname: string): RouteMeta | undefined {
  return allMeta.find((meta) => matchPath({ path: meta.path, end: true }, pathname));
}

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
 * Spec section 2: an unknown path goes to the member centre; a private route without login
 * goes to /login, except when the navigation started on /login itself — then a full load of
 * '/' breaks what would otherwise be a redirect loop. Inside WeChat the token login (spec
 * section 4) runs first: the member waits for it, and an unbound openId is offered /bind.
 * A member who arrives logged in at /login, /note or /register continues where a login would
 * (the returnUrl, else /member) — unless the server has just ended the session and /login is
 * where it is cleared (decision 0010); logging in on the screen itself is not "arriving".
 */
export function decideAccess(
  meta: RouteMeta | undefined,
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
  if (!meta) return { type: 'redirect', to: paths.member };
  if (
    meta.guestOnly &&
    context.isLoggedIn &&
    (context.arrivedLoggedIn ?? true) &&
    !context.sessionEnded
  ) {
    return { type: 'continue', to: context.returnPath ?? paths.member };
  }
  if (!meta.requiresLogin || context.isLoggedIn) return { type: 'allow' };
  if (context.wechatLogin === 'pending') return { type: 'wait' };
  if (context.wechatLogin === 'unbound') return { type: 'redirect', to: paths.bind };
  if (context.fromPath === paths.login) return { type: 'document', href: paths.home };
  return { type: 'redirect', to: paths.login };
}

export const FOOTER_TABS = { home: 0, quote: 1, consult: 2, mine: 3 } as const;

/** The footer tab that belongs to a page: 首页 on '/', 我的 (the default) elsewhere. */
export function tabIndexForPath(pathname: string): number {
  return pathname === paths.home ? FOOTER_TABS.home : FOOTER_TABS.mine;
}
