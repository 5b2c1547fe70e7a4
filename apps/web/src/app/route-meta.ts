import { matchPath } from 'react-router';
import { paths } from '../lib/paths';

/** What the guard, the title and the footer need to know about a route (spec section 2). */
export interface RouteMeta {
  /** Route pattern, as React Router writes it. */
  path: string;
  title: string;
  requiresLogin: boolean;
  showFooter: boolean;
}

export const routeMeta = {
  home: { path: paths.home, title: '首页', requiresLogin: false, showFooter: true },
  login: { path: paths.login, title: '登录', requiresLogin: false, showFooter: false },
  register: { path: paths.register, title: '注册', requiresLogin: false, showFooter: false },
  /** The route the spec names Home. */
  member: { path: paths.member, title: '会员中心', requiresLogin: true, showFooter: true },
} satisfies Record<string, RouteMeta>;

const allMeta: RouteMeta[] = Object.values(routeMeta);

/** The meta of the route a path belongs to; undefined for an unknown path. */
export function metaForPath(pathname: string): RouteMeta | undefined {
  return allMeta.find((meta) => matchPath({ path: meta.path, end: true }, pathname));
}

export type AccessDecision =
  { type: 'allow' } | { type: 'redirect'; to: string } | { type: 'document'; href: string };

/**
 * Spec section 2: an unknown path goes to the member centre; a private route without login
 * goes to /login, except when the navigation started on /login itself — then a full load of
 * '/' breaks what would otherwise be a redirect loop.
 */
export function decideAccess(
  meta: RouteMeta | undefined,
  context: { isLoggedIn: boolean; fromPath: string | null },
): AccessDecision {
  if (!meta) return { type: 'redirect', to: paths.member };
  if (!meta.requiresLogin || context.isLoggedIn) return { type: 'allow' };
  if (context.fromPath === paths.login) return { type: 'document', href: paths.home };
  return { type: 'redirect', to: paths.login };
}

export const FOOTER_TABS = { home: 0, quote: 1, consult: 2, mine: 3 } as const;

/** The footer tab that belongs to a page: 首页 on '/', 我的 (the default) elsewhere. */
export function tabIndexForPath(pathname: string): number {
  return pathname === paths.home ? FOOTER_TABS.home : FOOTER_TABS.mine;
}
