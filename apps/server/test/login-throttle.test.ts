import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
});
afterAll(async () => t?.close());

let nextAddress = 1;
/** A fresh client address, so only the lane under test counts. */
const address = () => `10.7.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

async function login(
  userNameOrMobile: string,
  password: string,
  options: { ip?: string; cookie?: string } = {},
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/MemberAuth/Login',
    remoteAddress: options.ip ?? address(),
    headers: {
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
    payload: { userNameOrMobile, password, ncVerifyDto: await t.solveCaptcha() },
  });
  return {
    status: res.statusCode,
    headers: res.headers,
    body: res.json<{ success: boolean; message: string }>(),
  };
}

/** The device cookie a successful login leaves in the browser. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string {
  expect(res.headers['set-cookie']).toMatch(/HttpOnly; SameSite=Lax/);
  const header = String(res.headers['set-cookie'] ?? '');
  const pair = header.split(';')[0] ?? '';
  expect(pair).toMatch(/^pcb_device=/);
  return pair;
}

async function member(password = 'Secret123') {
  const mobile = uniqueMobile();
  const created = await t.createMember({ mobile, password });
  return { ...created, mobile };
}

describe('the login throttle', () => {
  it('checks no more than the free tries when guesses arrive all at once', async () => {
    const { mobile } = await member();
    const guesses = await Promise.all(
      Array.from({ length: 24 }, (_, i) => login(mobile, `Wrong${i}abc`)),
    );
    const checked = guesses.filter((res) => res.status === 400);
    const refused = guesses.filter((res) => res.status === 429);
    expect(checked).toHaveLength(5);
    expect(refused).toHaveLength(19);
    for (const res of refused) {
      expect(res.body.message).toMatch(/^登录尝试过于频繁，请\d+秒后再试，或使用短信验证码登录$/);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    // Even the right password from an unknown device now waits.
    expect((await login(mobile, 'Secret123')).status).toBe(429);
  });

  it('tells how many tries remain, then slows down with growing delays instead of locking', async () => {
    const { mobile } = await member();
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) messages.push((await login(mobile, 'Wrong1abc')).body.message);
    expect(messages).toEqual([
      '账号或密码错误，还可尝试4次',
      '账号或密码错误，还可尝试3次',
      '账号或密码错误，还可尝试2次',
      '账号或密码错误，还可尝试1次',
      '账号或密码错误，请30秒后再试，或使用短信验证码登录',
    ]);
    const waiting = await login(mobile, 'Secret123');
    expect(waiting.status).toBe(429);
    expect(waiting.headers['retry-after']).toBe('30');

    t.clock.advance(30_000);
    const sixth = await login(mobile, 'Wrong1abc');
    expect(sixth.body.message).toBe('账号或密码错误，请1分钟后再试，或使用短信验证码登录');
    expect(sixth.headers['retry-after']).toBe('60');
    t.clock.advance(30_000);
    expect((await login(mobile, 'Secret123')).status).toBe(429);
    t.clock.advance(30_000);
    // The right password goes through, and the count starts again.
    expect((await login(mobile, 'Secret123')).status).toBe(200);
    expect((await login(mobile, 'Wrong1abc')).body.message).toBe('账号或密码错误，还可尝试4次');
  });

  it('counts per account: its mobile and its user name share one count', async () => {
    const mobile = uniqueMobile();
    const userName = `throttle${mobile.slice(-6)}`;
    await t.createMember({ mobile, userName, password: 'Secret123' });
    for (let i = 0; i < 3; i++) await login(mobile, 'Wrong1abc');
    expect((await login(userName, 'Wrong1abc')).body.message).toBe('账号或密码错误，还可尝试1次');
    expect((await login(userName.toUpperCase(), 'Wrong1abc')).body.message).toMatch(/30秒后再试/);
    expect((await login(mobile, 'Secret123')).status).toBe(429);
  });

  it('never slows the owner on a device that logged in before, and SMS login keeps working', async () => {
    const { mobile } = await member();
    const first = await login(mobile, 'Secret123');
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);

    // Someone else hammers the account from elsewhere.
    for (let i = 0; i < 12; i++) await login(mobile, `Wrong${i}abc`);
    expect((await login(mobile, 'Secret123')).status).toBe(429);

    const owner = await login(mobile, 'Secret123', { cookie });
    expect(owner.status).toBe(200);

    const sent = await t.post('/api/MemberAuth/SendLoginMessage', {
      mobile,
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(sent.status).toBe(200);
    const sms = await t.app.inject({
      method: 'POST',
      url: '/api/MemberAuth/SmsLogin',
      payload: { mobile, smsCode: await t.lastCode(mobile) },
    });
    expect(sms.statusCode).toBe(200);
    // The browser that logged in by SMS is a known device for password tries too.
    const smsCookie = deviceCookieOf(sms);
    expect((await login(mobile, 'Secret123', { cookie: smsCookie })).status).toBe(200);
  });

  it('gives a known device its own few tries: a stolen cookie buys no more guesses', async () => {
    const { mobile } = await member();
    const cookie = deviceCookieOf(await login(mobile, 'Secret123'));
    const guesses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(mobile, `Wrong${i}abc`, { cookie })),
    );
    expect(guesses.filter((res) => res.status === 400)).toHaveLength(10);
    // A forged cookie is an unknown device.
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    const other = await member();
    expect((await login(other.mobile, 'Wrong1abc', { cookie: forged })).body.message).toBe(
      '账号或密码错误，还可尝试4次',
    );
  });

  it('does not let one address lock out another account behind it', async () => {
    const office = address();
    // An attack from the office's address against one account...
    const victim = await member();
    for (let i = 0; i < 8; i++) await login(victim.mobile, `Wrong${i}abc`, { ip: office });
    // ...leaves a colleague at the same address free to log in.
    const colleague = await member();
    expect((await login(colleague.mobile, 'Secret123', { ip: office })).status).toBe(200);
  });

  it('never slows an office whose members type their passwords right', async () => {
    const office = address();
    for (let i = 0; i < 40; i++) {
      const colleague = await member();
      const res = await login(colleague.mobile, 'Secret123', { ip: office });
      expect(res.status, `colleague ${i + 1}`).toBe(200);
    }
  });

  it('spaces out unknown-device tries from an address after many failures there', async () => {
    const crowd = address();
    // Password spraying: one guess at each of many names.
    for (let i = 0; i < 30; i++) {
      expect((await login(uniqueMobile(), 'Spray123', { ip: crowd })).status).toBe(400);
    }
    const spaced = await login(uniqueMobile(), 'Spray123', { ip: crowd });
    expect(spaced.status).toBe(429);
    expect(Number(spaced.headers['retry-after'])).toBeLessThanOrEqual(60);
    // A member whose device logged in before is not held up.
    const known = await member();
    const cookie = deviceCookieOf(await login(known.mobile, 'Secret123'));
    expect((await login(known.mobile, 'Secret123', { ip: crowd, cookie })).status).toBe(200);
  });
});
