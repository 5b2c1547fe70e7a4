import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_WECHAT_APP_ID } from '../src/integrations/wechat/sandbox-wechat';
import { buildTestApp, type TestApp } from './helper';
import { authorize, cookieFrom, cookiePair, getWxCodeUrl, sandboxOpenId } from './wechat-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const EXPIRED = { success: false, data: null, message: '授权已失效，请重新进入' };

async function getOpenId(query: { code: string; state: string }, cookie?: string) {
  return t.request<{ openid: string }>({
    method: 'GET',
    url: '/api/MemberAuth/GetOpenId',
    query,
    headers: cookie ? { cookie } : {},
  });
}

/** Runs steps one and two; returns what the browser has when it lands back on our page. */
async function landBack(user = 'alice', redirectUri = 'http://localhost/bind') {
  const { url, nonceCookie } = await getWxCodeUrl(t, redirectUri);
  const redirect = await authorize(t, url, user);
  const back = new URL(String(redirect.headers.location));
  return {
    code: back.searchParams.get('code') ?? '',
    state: back.searchParams.get('state') ?? '',
    nonceCookie: nonceCookie ?? '',
    back,
  };
}

describe('MemberAuth.getWxCodeUrl', () => {
  it('builds the WeChat authorize URL (the sandbox on our origin) with a random state', async () => {
    const { res, url, nonceCookie } = await getWxCodeUrl(t, 'http://localhost/member?a=1&b=2');
    expect(res.status).toBe(200);
    const pattern = new RegExp(
      '^http://localhost/sandbox/wechat/connect/oauth2/authorize\\?appid=' +
        SANDBOX_WECHAT_APP_ID +
        '&redirect_uri=http%3A%2F%2Flocalhost%2Fmember%3Fa%3D1%26b%3D2' +
        '&response_type=code&scope=snsapi_base&state=[A-Za-z0-9_-]{22}#wechat_redirect$',
    );
    expect(url).toMatch(pattern);
    const setCookie = cookieFrom(res.raw.headers['set-cookie'], 'wx_oauth_nonce') ?? '';
    expect(setCookie).toMatch(/^wx_oauth_nonce=[A-Za-z0-9_-]{22}; /);
    expect(setCookie).toContain('Path=/api/MemberAuth');
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    expect(setCookie).toContain('Max-Age=600');
    expect(setCookie).not.toContain('Secure');
    expect(nonceCookie).toBeDefined();
    const again = await getWxCodeUrl(t, 'http://localhost/member');
    expect(new URL(again.url).searchParams.get('state')).not.toBe(
      new URL(url).searchParams.get('state'),
    );
  });

  it('limits how many states one address can ask for', async () => {
    const ask = () =>
      t.request({
        method: 'GET',
        url: '/api/MemberAuth/getWxCodeUrl',
        query: { redirectUri: 'http://localhost/bind' },
        remoteAddress: '10.77.0.1',
      });
    for (let i = 0; i < 60; i++) expect((await ask()).status).toBe(200);
    expect((await ask()).status).toBe(429);
    t.clock.advance(61_000);
    expect((await ask()).status).toBe(200);
  });

  it('limits the states of one address strictly when asked for at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 70 }, () =>
        t.request({
          method: 'GET',
          url: '/api/MemberAuth/getWxCodeUrl',
          query: { redirectUri: 'http://localhost/bind' },
          remoteAddress: '10.77.0.2',
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(60);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });

  it('keeps the browser’s nonce, so two tabs can sign in at once', async () => {
    const first = await getWxCodeUrl(t, 'http://localhost/member');
    const second = await getWxCodeUrl(t, 'http://localhost/bind', first.nonceCookie);
    expect(second.nonceCookie).toBe(first.nonceCookie);
  });

  it('only redirects back to our own origin', async () => {
    for (const redirectUri of [
      'https://evil.example.com/bind',
      'http://localhost.evil.example.com/bind',
      'https://localhost/bind',
      'http://localhost:8080/bind',
      'javascript:alert(1)',
    ]) {
      const { res } = await getWxCodeUrl(t, redirectUri);
      expect(res.status, redirectUri).toBe(400);
    }
    const { res } = await getWxCodeUrl(t, 'https://evil.example.com/bind');
    expect(res.body.message).toBe('回跳地址不正确');
  });

  it('never takes the origin from the Host header: it only picks one of the server’s own', async () => {
    const withHost = (host: string, redirectUri: string) =>
      t.request<string>({
        method: 'GET',
        url: '/api/MemberAuth/getWxCodeUrl',
        query: { redirectUri },
        headers: { host },
      });
    const forged = await withHost('m.example.com', 'http://m.example.com/bind');
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('回跳地址不正确');
    // A forged Host falls back to the server's first origin.
    const fallback = await withHost('m.example.com', 'http://localhost/bind');
    expect(fallback.body.data).toMatch(/^http:\/\/localhost\/sandbox\/wechat\//);
    // 127.0.0.1 is one of this server's own (HOST is loopback): the Host picks it.
    const loopback = await withHost('127.0.0.1', 'http://127.0.0.1/bind');
    expect(loopback.body.data).toMatch(/^http:\/\/127\.0\.0\.1\/sandbox\/wechat\//);
  });
});

describe('the WeChat sandbox', () => {
  it('authorizes silently and redirects back with code and state', async () => {
    const { url } = await getWxCodeUrl(t, 'http://localhost/bind?from=menu');
    const res = await authorize(t, url);
    expect(res.statusCode).toBe(302);
    const back = new URL(String(res.headers.location));
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost/bind');
    expect(back.searchParams.get('from')).toBe('menu');
    expect(back.searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
    expect(back.searchParams.get('state')).toBe(new URL(url).searchParams.get('state'));
    // A browser without a sandbox user gets one, for a year, on the sandbox's path only.
    const user = cookieFrom(res.headers['set-cookie'], 'wx_sandbox_user') ?? '';
    expect(user).toMatch(
      /^wx_sandbox_user=[A-Za-z0-9_-]+; Path=\/sandbox\/wechat; Max-Age=31536000; HttpOnly/,
    );
    const preset = await authorize(t, url, 'e2e-13800000000');
    expect(cookieFrom(preset.headers['set-cookie'], 'wx_sandbox_user')).toBeUndefined();
  });

  it('refuses a wrong app id, scope, response type or redirect domain', async () => {
    const { url } = await getWxCodeUrl(t, 'http://localhost/bind');
    const cases: [string, string][] = [
      ['appid', 'wx-someone-else'],
      ['scope', 'snsapi_userinfo'],
      ['response_type', 'token'],
      ['redirect_uri', 'http://evil.example.com/steal'],
    ];
    for (const [name, value] of cases) {
      const bad = new URL(url);
      bad.searchParams.set(name, value);
      const res = await authorize(t, bad.toString(), 'alice');
      expect(res.statusCode, name).toBe(400);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('exchanges a code as WeChat does, once, with WeChat’s error codes', async () => {
    const { code } = await landBack('bob');
    const { wechatAppSecret } = t.app.platform.sandbox;
    const exchange = (query: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/sandbox/wechat/sns/oauth2/access_token',
        query: {
          appid: SANDBOX_WECHAT_APP_ID,
          secret: wechatAppSecret,
          code,
          grant_type: 'authorization_code',
          ...query,
        },
      });
    const errcode = async (query: Record<string, string>) =>
      (await exchange(query)).json<{ errcode?: number }>().errcode;

    expect(await errcode({ appid: 'wx-other' })).toBe(40013);
    expect(await errcode({ secret: 'guess' })).toBe(40125);
    expect(await errcode({ code: 'not-a-code' })).toBe(40029);
    const ok = (await exchange({})).json<Record<string, unknown>>();
    expect(ok).toMatchObject({ expires_in: 7200, scope: 'snsapi_base' });
    expect(ok.access_token).toEqual(expect.any(String));
    expect(ok.refresh_token).toEqual(expect.any(String));
    expect(ok.openid).toMatch(/^o[A-Za-z0-9_-]{27}$/);
    expect(await errcode({})).toBe(40163);

    // The same sandbox user always has the same openid for this app; another user another.
    const again = await landBack('bob');
    const other = await landBack('carol');
    const openIdOf = async (c: string) =>
      (await exchange({ code: c })).json<{ openid: string }>().openid;
    expect(await openIdOf(again.code)).toBe(ok.openid);
    expect(await openIdOf(other.code)).not.toBe(ok.openid);
  });

  it('lets a code live 5 minutes', async () => {
    const { code, state, nonceCookie } = await landBack('dave');
    t.clock.advance(5 * 60_000 + 1_000);
    expect((await getOpenId({ code, state }, nonceCookie)).body).toEqual(EXPIRED);
  });
});

describe('MemberAuth.GetOpenId', () => {
  it('returns a sealed openid, the same for the same WeChat user', async () => {
    const first = await sandboxOpenId(t, 'erin');
    const second = await sandboxOpenId(t, 'erin');
    const other = await sandboxOpenId(t, 'frank');
    expect(first.startsWith('v1.')).toBe(true);
    expect(first.length).toBeGreaterThan(20);
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    const [, payload] = first.split('.');
    const inside = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as {
      a: string;
      o: string;
    };
    expect(inside.a).toBe(SANDBOX_WECHAT_APP_ID);
    expect(inside.o).toMatch(/^o[A-Za-z0-9_-]{27}$/);
  });

  it('refuses a replayed state', async () => {
    const { code, state, nonceCookie } = await landBack('gina');
    expect((await getOpenId({ code, state }, nonceCookie)).status).toBe(200);
    expect((await getOpenId({ code, state }, nonceCookie)).body).toEqual(EXPIRED);
  });

  it('refuses an unknown or expired state', async () => {
    const { code, nonceCookie } = await landBack('hank');
    expect((await getOpenId({ code, state: 'made-up-state' }, nonceCookie)).body).toEqual(EXPIRED);
    const late = await landBack('hank');
    t.clock.advance(10 * 60_000 + 1_000);
    expect((await getOpenId(late, late.nonceCookie)).body).toEqual(EXPIRED);
  });

  it('refuses a replayed code, even with a fresh state', async () => {
    const first = await landBack('ivan');
    expect((await getOpenId(first, first.nonceCookie)).status).toBe(200);
    const fresh = await getWxCodeUrl(t, 'http://localhost/bind');
    const state = new URL(fresh.url).searchParams.get('state') ?? '';
    const replay = await getOpenId({ code: first.code, state }, fresh.nonceCookie);
    expect(replay.body).toEqual(EXPIRED);
  });

  it('refuses a state used from another browser', async () => {
    const victim = await landBack('judy');
    // No nonce cookie at all.
    expect((await getOpenId(victim)).body).toEqual(EXPIRED);
    // The state is used up by that attempt; another one for a browser with its own nonce.
    const again = await landBack('judy');
    const attacker = await getWxCodeUrl(t, 'http://localhost/bind');
    expect(attacker.nonceCookie).not.toBe(again.nonceCookie);
    expect((await getOpenId(again, attacker.nonceCookie)).body).toEqual(EXPIRED);
  });

  it('validates its input', async () => {
    const res = await getOpenId({ code: '', state: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('授权码：不能为空');
  });
});

describe('with a real WeChat app (a local fake of WeChat’s API)', () => {
  let server: http.Server;
  let real: TestApp;
  let apiBase: string;
  const calls: { path: string; query: Record<string, string>; body: string }[] = [];
  let staleTokensLeft = 0;
  let tokensIssued = 0;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        const query = Object.fromEntries(url.searchParams);
        calls.push({ path: url.pathname, query, body });
        const send = (data: unknown) => {
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.end(JSON.stringify(data));
        };
        if (url.pathname === '/sns/oauth2/access_token') {
          if (query.secret !== 'real-secret')
            return send({ errcode: 40125, errmsg: 'invalid appsecret' });
          if (query.code === 'bad-code') return send({ errcode: 40029, errmsg: 'invalid code' });
          if (query.code === 'outage') return send({ errcode: -1, errmsg: 'system error' });
          return send({
            access_token: 'sns-token',
            expires_in: 7200,
            refresh_token: 'r',
            openid: `oReal${query.code}`.padEnd(28, 'x'),
            scope: 'snsapi_base',
          });
        }
        if (url.pathname === '/cgi-bin/token') {
          tokensIssued += 1;
          return send({ access_token: `cgi-${tokensIssued}`, expires_in: 7200 });
        }
        if (url.pathname === '/cgi-bin/qrcode/create') {
          if (staleTokensLeft > 0) {
            staleTokensLeft -= 1;
            return send({ errcode: 40001, errmsg: 'invalid credential' });
          }
          return send({
            ticket: 'gQH4+8DwAAAA/ABC==',
            expire_seconds: 600,
            url: 'http://weixin.qq.com/q/x',
          });
        }
        res.writeHead(404);
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    apiBase = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    real = await buildTestApp({
      env: {
        WECHAT_APP_ID: 'wxreal0000000001',
        WECHAT_APP_SECRET: 'real-secret',
        WECHAT_API_BASE: apiBase,
        PUBLIC_ORIGIN: 'https://m.example.com',
      },
    });
  });
  afterAll(async () => {
    await real?.close();
    await new Promise<void>((resolve) => server?.close(() => resolve()));
  });

  async function realOpenId(code: string, cookieOverride?: string) {
    const { url, nonceCookie } = await getWxCodeUrl(real, 'https://m.example.com/bind');
    const state = new URL(url).searchParams.get('state') ?? '';
    return real.request<{ openid: string }>({
      method: 'GET',
      url: '/api/MemberAuth/GetOpenId',
      query: { code, state },
      headers: { cookie: cookieOverride ?? nonceCookie ?? '' },
    });
  }

  it('points the browser at WeChat, for the public origin only, with a Secure nonce', async () => {
    const { res, url } = await getWxCodeUrl(real, 'https://m.example.com/bind?x=1');
    expect(url).toMatch(
      /^https:\/\/open\.weixin\.qq\.com\/connect\/oauth2\/authorize\?appid=wxreal0000000001&redirect_uri=https%3A%2F%2Fm\.example\.com%2Fbind%3Fx%3D1&response_type=code&scope=snsapi_base&state=[A-Za-z0-9_-]{22}#wechat_redirect$/,
    );
    expect(cookieFrom(res.raw.headers['set-cookie'], 'wx_oauth_nonce')).toContain('Secure');
    // The Host header does not matter once PUBLIC_ORIGIN is set.
    const spoofed = await real.request({
      method: 'GET',
      url: '/api/MemberAuth/getWxCodeUrl',
      query: { redirectUri: 'http://evil.example.com/bind' },
      headers: { host: 'evil.example.com' },
    });
    expect(spoofed.status).toBe(400);
    expect(
      (await real.app.inject({ method: 'GET', url: '/sandbox/wechat/connect/oauth2/authorize' }))
        .statusCode,
    ).toBe(404);
  });

  it('exchanges the code server-side with the app secret, and never shows the secret', async () => {
    const res = await realOpenId('good1');
    expect(res.status).toBe(200);
    expect(res.raw.body).not.toContain('real-secret');
    const call = calls.find(
      (c) => c.path === '/sns/oauth2/access_token' && c.query.code === 'good1',
    );
    expect(call?.query).toEqual({
      appid: 'wxreal0000000001',
      secret: 'real-secret',
      code: 'good1',
      grant_type: 'authorization_code',
    });
    const inside = JSON.parse(
      Buffer.from(res.body.data.openid.split('.')[1] ?? '', 'base64url').toString(),
    ) as { a: string; o: string };
    expect(inside).toEqual({ a: 'wxreal0000000001', o: 'oRealgood1'.padEnd(28, 'x') });
  });

  it('refuses a code already used before asking WeChat again', async () => {
    expect((await realOpenId('good2')).status).toBe(200);
    const before = calls.length;
    expect((await realOpenId('good2')).body).toEqual(EXPIRED);
    expect(calls.length).toBe(before);
  });

  it('answers an invalid code as an expired authorization, an outage with 503', async () => {
    expect((await realOpenId('bad-code')).body).toEqual(EXPIRED);
    const outage = await realOpenId('outage');
    expect(outage.status).toBe(503);
    expect(outage.body.message).toBe('微信服务暂不可用，请稍后再试');
  });

  it('checks the nonce before calling WeChat', async () => {
    const before = calls.length;
    expect((await realOpenId('good3', 'wx_oauth_nonce=AAAAAAAAAAAAAAAAAAAAAA')).body).toEqual(
      EXPIRED,
    );
    expect(calls.length).toBe(before);
  });

  it('creates the official-account QR code with a cached access token', async () => {
    const { token } = await real.createMember({ mobile: '13512345678' });
    const ask = () =>
      real.get<{ url: string; expiresIn: number }>(
        '/api/WechatConfig/GetOfficialAccountQrCodeUrl',
        { token },
      );
    const first = await ask();
    expect(first.body.data).toEqual({
      url: 'https://mp.weixin.qq.com/cgi-bin/showqrcode?ticket=gQH4%2B8DwAAAA%2FABC%3D%3D',
      expiresIn: 600,
    });
    const create = calls.filter((c) => c.path === '/cgi-bin/qrcode/create').at(-1);
    expect(create?.query.access_token).toBe('cgi-1');
    const { id } = (await real.get<{ id: number }>('/api/MemberInfo/Get', { token })).body.data;
    expect(JSON.parse(create?.body ?? '{}')).toEqual({
      expire_seconds: 600,
      action_name: 'QR_STR_SCENE',
      action_info: { scene: { scene_str: `bind:${id}` } },
    });
    expect(calls.find((c) => c.path === '/cgi-bin/token')?.query).toEqual({
      grant_type: 'client_credential',
      appid: 'wxreal0000000001',
      secret: 'real-secret',
    });
    await ask();
    expect(tokensIssued).toBe(1);
    // A token WeChat no longer takes is renewed once.
    staleTokensLeft = 1;
    expect((await ask()).status).toBe(200);
    expect(tokensIssued).toBe(2);
    expect(
      calls.filter((c) => c.path === '/cgi-bin/qrcode/create').at(-1)?.query.access_token,
    ).toBe('cgi-2');
    const csp = String(
      (await real.app.inject({ method: 'GET', url: '/login' })).headers['content-security-policy'],
    );
    expect(csp).toContain("img-src 'self' data: blob: https://mp.weixin.qq.com");
  });
});

describe('WechatConfig.GetOfficialAccountQrCodeUrl in the sandbox', () => {
  it('gives a showqrcode URL on our origin that serves an image', async () => {
    const { token } = await t.createMember({ mobile: '13612345678' });
    const res = await t.get<{ url: string; expiresIn: number }>(
      '/api/WechatConfig/GetOfficialAccountQrCodeUrl',
      { token },
    );
    expect(res.body.data.expiresIn).toBe(600);
    const url = new URL(res.body.data.url);
    expect(`${url.origin}${url.pathname}`).toBe(
      'http://localhost/sandbox/wechat/cgi-bin/showqrcode',
    );
    const image = await t.app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/svg+xml');
    expect(image.body).toContain('<svg');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/sandbox/wechat/cgi-bin/showqrcode?ticket=nope',
    });
    expect(unknown.statusCode).toBe(404);
    expect((await t.get('/api/WechatConfig/GetOfficialAccountQrCodeUrl')).status).toBe(401);
  });

  it('keeps nonce cookies apart from the sandbox user cookie', () => {
    expect(cookiePair('a=b; Path=/')).toBe('a=b');
  });
});
