import { safeLocalPath } from '@pcb/contract';
import { paths } from './paths';
import { getReturnUrl, removeReturnUrl } from './storage';

/**
 * Where to go after login. Only a path on this site is accepted (the contract's
 * `safeLocalPath`): an absolute, protocol-relative or backslashed address in ?returnurl= would
 * make the login page an open redirect.
 */
export const safeReturnPath = (raw: string | null): string | null => safeLocalPath(raw);

/** Where a login would continue now: the session's returnUrl, else the member centre. */
export function peekReturnPath(): string {
  const path = safeReturnPath(getReturnUrl());
  const pathname = path?.split(/[?#]/)[0]?.toLowerCase();
  if (!path || pathname === paths.login || pathname === paths.register) return paths.member;
  return path;
}

/**
 * Where a fresh login continues: the session's returnUrl once (then forgotten, so a later
 * login in the same visit is not sent there again), else the member centre.
 */
export function takeReturnPath(): string {
  const path = peekReturnPath();
  removeReturnUrl();
  return path;
}
