import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MemberInfo } from '@pcb/contract';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { endpointQueryOptions, queryClient } from './api';
import { Captcha } from '@pcb/contract/captcha';
import { getLoadedMemberInfo, memberInfoQueryKey } from './member-info';
import {
  decodeJwtPayload,
  hasLoggedOutByChoice,
  isLoggedIn,
  isTokenValid,
  logout,
  saveAccessToken,
  signOut,
} from './auth-session';

const now = Date.UTC(2026, 0, 1, 12, 0, 0);
const nowSeconds = now / 1000;

describe('login state (spec section 4)', () => {
  it('is logged in with a token whose exp is in the future', () => {
    expect(isTokenValid(fakeToken(nowSeconds + 60), now)).toBe(true);
  });
  it('is logged out once exp has passed', () => {
    expect(isTokenValid(fakeToken(nowSeconds - 1), now)).toBe(false);
  });
  it('is still logged in when exp × 1000 equals now', () => {
    expect(isTokenValid(fakeToken(nowSeconds), now)).toBe(true);
    expect(isTokenValid(fakeToken(nowSeconds), now + 1)).toBe(false);
  });
  it('is logged out without a token or with an empty one', () => {
    expect(isTokenValid(null, now)).toBe(false);
    expect(isTokenValid('', now)).toBe(false);
  });
  it('is logged out with a malformed token', () => {
    for (const token of ['abc', 'a.b.c', 'a.!!!.c', `x.${btoa('"text"')}.y`, `x.${btoa('{}')}.y`]) {
      expect(isTokenValid(token, now)).toBe(false);
    }
    expect(isTokenValid(`x.${btoa(JSON.stringify({ exp: 'soon' }))}.y`, now)).toBe(false);
  });
  it('decodes base64url payloads with non-ASCII claims', () => {
    const payload = { name: '张三', exp: 1 };
    const encoded = btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(payload))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
    expect(decodeJwtPayload(`h.${encoded}.s`)).toEqual(payload);
  });
  it('reads the stored accessToken', () => {
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) + 60));
    expect(isLoggedIn()).toBe(true);
  });
});

describe('logout', () => {
  beforeEach(() => {
    queryClient.setQueryData(memberInfoQueryKey, { id: 1 } as MemberInfo);
  });
  it('removes accessToken and orderInfo and forgets the member', () => {
    localStorage.setItem('accessToken', 'token');
    localStorage.setItem('orderInfo', '{"id":1}');
    localStorage.setItem('countGUID', 'keep-me');
    logout();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('orderInfo')).toBeNull();
    expect(localStorage.getItem('countGUID')).toBe('keep-me');
    expect(getLoadedMemberInfo()).toBeUndefined();
  });
  it("drops the member's cached answers but keeps public ones", async () => {
    queryClient.setQueryData(['MemberAdmin', 'Get'], { realName: '李经理' });
    await queryClient.prefetchQuery({
      ...endpointQueryOptions(Captcha.GetConfig, {}),
      queryFn: () => ({ provider: 'altcha' as const }),
    });
    logout();
    expect(queryClient.getQueryData(['MemberAdmin', 'Get'])).toBeUndefined();
    expect(queryClient.getQueryData(['Captcha', 'GetConfig'])).toEqual({ provider: 'altcha' });
  });
  it('a new session starts without the previous member', () => {
    queryClient.setQueryData(['MemberAdmin', 'Get'], { realName: '李经理' });
    saveAccessToken('new-token');
    expect(localStorage.getItem('accessToken')).toBe('new-token');
    expect(getLoadedMemberInfo()).toBeUndefined();
    expect(queryClient.getQueryData(['MemberAdmin', 'Get'])).toBeUndefined();
  });
});

describe('signOut (退出登录)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it("asks the server to end this device's session, then ends it here", async () => {
    localStorage.setItem('accessToken', fakeToken(inOneHour()));
    const { requests } = mockApi({
      'POST /api/MemberAuth/Logout': () => ({ body: envelope({ ok: true }) }),
    });
    await signOut();
    expect(requests.map((r) => r.url.pathname)).toEqual(['/api/MemberAuth/Logout']);
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('is remembered in storage as a choice until the next login, so a reload keeps it', async () => {
    localStorage.setItem('accessToken', fakeToken(inOneHour()));
    mockApi({ 'POST /api/MemberAuth/Logout': () => 'network-error' });
    expect(hasLoggedOutByChoice()).toBe(false);
    await signOut();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('loggedOutByChoice')).toBe('1');
    expect(hasLoggedOutByChoice()).toBe(true);
    saveAccessToken(fakeToken(inOneHour()));
    expect(hasLoggedOutByChoice()).toBe(false);
    expect(localStorage.getItem('loggedOutByChoice')).toBeNull();
  });

  it('a session that simply ends (a 401, an expired token) is no choice', () => {
    localStorage.setItem('accessToken', 'token');
    logout();
    expect(hasLoggedOutByChoice()).toBe(false);
  });
});
