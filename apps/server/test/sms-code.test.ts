import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
let ipCounter = 0;
/** Each test sends from its own address, so the per-address daily cap stays out of the way. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_DAILY_LIMIT: '3', SMS_IP_DAILY_LIMIT: '5' } });
});
afterAll(async () => t?.close());

async function send(mobile: string, ip = freshIp()) {
  return t.post<{ resendAfterSeconds: number }>(
    '/api/MemberAuth/SendRegisterMessage',
    { mobile, ncVerifyDto: await t.solveCaptcha() },
    { ip },
  );
}

async function register(mobile: string, smsCode: string) {
  return t.post('/api/MemberAuth/Register', {
    mobile,
    smsCode,
    password: 'Secret123',
    agreement: true,
  });
}

const smsCodes = () => t.app.services.smsCodes;

describe('SMS codes', () => {
  it('expire after 5 minutes', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    t.clock.advance(5 * 60_000 + 1);
    const res = await register(mobile, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('短信验证码错误或已过期');
  });

  it('are still good just before 5 minutes', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    t.clock.advance(5 * 60_000 - 1_000);
    expect((await register(mobile, code)).status).toBe(200);
  });

  it('work once', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    await smsCodes().consume({ mobile, purpose: 'register', code });
    await expect(smsCodes().consume({ mobile, purpose: 'register', code })).rejects.toMatchObject({
      statusCode: 400,
      message: '短信验证码错误或已过期',
    });
  });

  it('are bound to their purpose and their mobile', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    await expect(smsCodes().consume({ mobile, purpose: 'login', code })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      smsCodes().consume({ mobile: uniqueMobile(), purpose: 'register', code }),
    ).rejects.toMatchObject({ statusCode: 400 });
    // Neither attempt used the code up.
    await smsCodes().consume({ mobile, purpose: 'register', code });
  });

  it('die after 5 wrong attempts, even for the right code after', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 4; i++) {
      expect((await register(mobile, wrong)).body.message).toBe('短信验证码错误或已过期');
    }
    expect((await register(mobile, wrong)).status).toBe(400);
    const res = await register(mobile, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/短信验证码错误或已过期|验证码错误次数过多/);
  });

  it('count concurrent wrong guesses strictly', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    await Promise.all(guesses.map((g) => register(mobile, g)));
    expect((await register(mobile, code)).status).toBe(400);
  });

  it('are never stored in clear', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    const { rows } = await t.database.pool.query<{ value: string }>(
      "SELECT value FROM ephemeral_store WHERE key LIKE 'sms:code:%' AND key LIKE $1",
      [`%${mobile}`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).not.toContain(code);
  });

  it('are sent at most once a minute per mobile', async () => {
    const mobile = uniqueMobile();
    expect((await send(mobile)).status).toBe(200);
    t.clock.advance(20_000);
    const early = await send(mobile);
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('发送过于频繁，请40秒后再试');
    t.clock.advance(40_000);
    expect((await send(mobile)).status).toBe(200);
  });

  it('follow a configured resend interval, which the response announces', async () => {
    const quick = await buildTestApp({ env: { SMS_RESEND_INTERVAL_SECONDS: '5' } });
    try {
      const mobile = uniqueMobile();
      const sendQuick = async () =>
        quick.post<{ resendAfterSeconds: number }>('/api/MemberAuth/SendRegisterMessage', {
          mobile,
          ncVerifyDto: await quick.solveCaptcha(),
        });
      const first = await sendQuick();
      expect(first.body.data?.resendAfterSeconds).toBe(5);
      quick.clock.advance(3_000);
      const early = await sendQuick();
      expect(early.status).toBe(429);
      expect(early.body.message).toBe('发送过于频繁，请2秒后再试');
      quick.clock.advance(2_000);
      expect((await sendQuick()).status).toBe(200);
    } finally {
      await quick.close();
    }
  });

  it('replace the earlier code when resent', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const first = await t.lastCode(mobile);
    t.clock.advance(61_000);
    await send(mobile);
    const second = await t.lastCode(mobile);
    if (first !== second) expect((await register(mobile, first)).status).toBe(400);
    expect((await register(mobile, second)).status).toBe(200);
  });

  it('stop at the daily cap per mobile', async () => {
    const mobile = uniqueMobile();
    for (let i = 0; i < 3; i++) {
      expect((await send(mobile)).status).toBe(200);
      t.clock.advance(61_000);
    }
    const capped = await send(mobile);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('今日短信发送次数已达上限，请明天再试');
    expect(await t.outbox(mobile)).toHaveLength(3);
    t.clock.advance(24 * 3600_000);
    expect((await send(mobile)).status).toBe(200);
  });

  it('stop at the daily cap per address', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 5; i++) expect((await send(uniqueMobile(), ip)).status).toBe(200);
    const capped = await send(uniqueMobile(), ip);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('今日短信发送次数已达上限，请明天再试');
  });

  it('need a solved captcha', async () => {
    const res = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile: uniqueMobile(),
      ncVerifyDto: { provider: 'aliyun', token: 'forged' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('人机验证失败，请重试');
  });
});
