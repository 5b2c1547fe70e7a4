import { useSyncExternalStore } from 'react';
import type { Query } from '@tanstack/react-query';
import { MemberAuthSession } from '@pcb/contract/member-auth-session';
import { isTokenValid } from './access-token';
import { apiCall, queryClient } from './api';
import {
  getAccessToken,
  getLoggedOutByChoice,
  removeAccessToken,
  removeLoggedOutByChoice,
  removeOrderInfo,
  setAccessToken,
  setLoggedOutByChoice,
  subscribeStorage,
} from './storage';

export { decodeJwtPayload, isTokenValid } from './access-token';

export function isLoggedIn(now: number = Date.now()): boolean {
  return isTokenValid(getAccessToken(), now);
}

/** Re-renders when the token changes (login, logout, a 401, another tab). */
export function useIsLoggedIn(): boolean {
  return useSyncExternalStore(subscribeStorage, () => isLoggedIn());
}

/** The stored token; re-renders when it changes, also for the same member's renewed token. */
export function useAccessToken(): string | null {
  return useSyncExternalStore(subscribeStorage, getAccessToken);
}

// Public answers are the same for every visitor and can stay cached across a change of
// member; every query knows whose answer it holds (@pcb/client's endpoint-query.ts), and one that does not
// say is treated as the member's.
function isMemberData(query: Query): boolean {
  return query.meta?.access !== 'public';
}

function forgetMemberData(): void {
  queryClient.removeQueries({ predicate: isMemberData });
}

/**
 * The member chose to log out on this device and has not logged in since. Inside WeChat the
 * guard would otherwise log them straight back in with the stored openId; kept in storage, so
 * a reload or a new visit does not do it either (decision 0011).
 */
export const hasLoggedOutByChoice = () => getLoggedOutByChoice();

/** The member tapped 微信一键登录 after such a logout: the guard may log in by openId again. */
export const allowWechatLogin = () => removeLoggedOutByChoice();

/** Starts a session: another member's data must not survive into it. */
export function saveAccessToken(token: string): void {
  removeLoggedOutByChoice();
  forgetMemberData();
  setAccessToken(token);
}

/**
 * The same member's session continues with a token the server just renewed (after a change
 * that ends every other token: payment password, mobile, WeChat binding). Cached data stays.
 */
export function replaceAccessToken(token: string): void {
  setAccessToken(token);
}

/** Spec section 4: logout removes accessToken and orderInfo (and the order's kept file). */
export function logout(): void {
  removeAccessToken();
  removeOrderInfo();
  // Its IndexedDB store loads with the quote and order pages; every screen runs this file.
  void import('./order-file-store').then(({ removeOrderFile }) => removeOrderFile());
  forgetMemberData();
}

/** Ends the session here as the member's own choice: no silent WeChat login until a login. */
export function endSessionByChoice(): void {
  setLoggedOutByChoice();
  logout();
}

/**
 * The member's 退出登录: asks the server to end this device's session, best effort, then ends
 * it here whatever the answer (offline, already expired, server down). Other devices stay
 * logged in (退出所有设备 in account security ends them). Until the next login, the WeChat
 * guard does not log the member back in silently, also after a reload.
 */
export async function signOut(): Promise<void> {
  if (isLoggedIn()) {
    try {
      await apiCall(MemberAuthSession.Logout, {});
    } catch {
      // The local session ends below all the same.
    }
  }
  endSessionByChoice();
}
