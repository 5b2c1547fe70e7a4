import { expect } from 'vitest';
import type { TestApp } from './helper';

/** `name=value` of a Set-Cookie header (string or list), or undefined. */
export function cookieFrom(setCookie: string | string[] | undefined, name: string) {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith(`${name}=`));
}

export const cookiePair = (setCookie: string) => setCookie.split(';')[0] ?? '';

/** Step one: our server's authorize URL, and the nonce cookie it set for this browser. */
export async function getWxCodeUrl(t: TestApp, redirectUri: string, cookie?: string) {
  const res = await t.request<string>({
    method: 'GET',
    url: '/api/MemberAuth/getWxCodeUrl',
    query: { redirectUri },
    headers: cookie ? { cookie } : {},
  });
  const setCookie = cookieFrom(res.raw.headers['set-cookie'], 'wx_oauth_nonce');
  return { res, url: res.body.data, nonceCookie: setCookie ? cookiePair(setCookie) : undefined };
}

/** Step two, in the sandbox: the browser of WeChat user `user` follows the authorize URL. */
export async function authorize(t: TestApp, url: string, user?: string) {
  const target = new URL(url);
  const res = await t.app.inject({
    method: 'GET',
    url: `${target.pathname}${target.search}`,
    headers: user ? { cookie: `wx_sandbox_user=${user}` } : {},
  });
  return res;
}

/** The whole dance for a browser whose sandbox WeChat user is `user`: returns the sealed openid. */
export async function sandboxOpenId(t: TestApp, user: string): Promise<string> {
  const { url, nonceCookie } = await getWxCodeUrl(t, 'http://localhost/bind');
  const redirect = await authorize(t, url, user);
  expect(redirect.statusCode).toBe(302);
  const back = new URL(String(redirect.headers.location));
  const res = await t.request<{ openid: string }>({
    method: 'GET',
    url: '/api/MemberAuth/GetOpenId',
    query: {
      code: back.searchParams.get('code') ?? '',
      state: back.searchParams.get('state') ?? '',
    },
    headers: { cookie: nonceCookie ?? '' },
  });
  expect(res.body.message).toBe('');
  return res.body.data.openid;
}
