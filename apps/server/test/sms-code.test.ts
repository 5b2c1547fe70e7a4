import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

async function register(mobile: string, smsCode: string, ip?: string) {
  return t.post(
    '/api/MemberAuth/Register',
    { mobile, smsCode, password: 'Secret123', agreement: true },
    { ip },
  );
}

const smsCodes = () => t.app.modules.smsCode;

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
    const ip = freshIp();
    await smsCodes().consume({ mobile, purpose: 'register', code, ip });
    await expect(
      smsCodes().consume({ mobile, purpose: 'register', code, ip }),
    ).rejects.toMatchObject({ statusCode: 400, message: '短信验证码错误或已过期' });
  });

  it('are bound to their purpose and their mobile', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    const ip = freshIp();
    await expect(smsCodes().consume({ mobile, purpose: 'login', code, ip })).rejects.toMatchObject({
      statusCode: 400,
    });
    await expect(
      smsCodes().consume({ mobile: uniqueMobile(), purpose: 'register', code, ip }),
    ).rejects.toMatchObject({ statusCode: 400 });
    // Neither attempt used the code up.
    await smsCodes().consume({ mobile, purpose: 'register', code, ip });
  });

  it('give the address that asked for them 5 tries, the right one included', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    await send(mobile, ip);
    const code = await t.lastCode(mobile);
    const wrong = code === '999999' ? '888888' : '999999';
    for (let i = 0; i < 5; i++) {
      expect((await register(mobile, wrong, ip)).body.message).toBe('短信验证码错误或已过期');
    }
    const res = await register(mobile, code, ip);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('验证码错误次数过多，请重新获取');
  });

  it('count concurrent wrong guesses strictly: of 12 at once, 5 are checked', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    await send(mobile, ip);
    const code = await t.lastCode(mobile);
    const guesses = Array.from({ length: 12 }, (_, i) =>
      String((Number(code) + i + 1) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => register(mobile, g, ip)));
    const messages = answers.map((a) => a.body.message);
    expect(messages.filter((m) => m === '短信验证码错误或已过期')).toHaveLength(5);
    expect(messages.filter((m) => m === '验证码错误次数过多，请重新获取')).toHaveLength(7);
    expect((await register(mobile, code, ip)).status).toBe(400);
  });

  it('are never stored in clear', async () => {
    const mobile = uniqueMobile();
    await send(mobile);
    const code = await t.lastCode(mobile);
    const { rows } = await t.database.pool.query<{ value: string }>(
      "SELECT value FROM ephemeral_store WHERE key LIKE 'sms:code:%' AND key LIKE $1",
      [`%${mobile}%`],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.value).not.toContain(code);
  });

  it('are sent at most once a minute per mobile and asking address', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    expect((await send(mobile, ip)).status).toBe(200);
    t.clock.advance(20_000);
    const early = await send(mobile, ip);
    expect(early.status).toBe(429);
    expect(early.body.message).toBe('发送过于频繁，请40秒后再试');
    // Someone else's wait is not this address's.
    expect((await send(mobile, freshIp())).status).toBe(200);
    t.clock.advance(40_000);
    expect((await send(mobile, ip)).status).toBe(200);
  });

  it('let one of many concurrent sends from one address through', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    const dtos = await Promise.all(Array.from({ length: 6 }, () => t.solveCaptcha()));
    const answers = await Promise.all(
      dtos.map((ncVerifyDto) =>
        t.post('/api/MemberAuth/SendRegisterMessage', { mobile, ncVerifyDto }, { ip }),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    expect(await t.outbox(mobile)).toHaveLength(1);
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

  it('work again after a use: a code sent later belongs to a new round', async () => {
    const mobile = uniqueMobile();
    await send(mobile, freshIp());
    const used = await t.lastCode(mobile);
    await smsCodes().consume({ mobile, purpose: 'register', code: used, ip: freshIp() });
    t.clock.advance(61_000);
    await send(mobile, freshIp());
    const fresh = await t.lastCode(mobile);
    // A code sent after a use belongs to a new round and works.
    await smsCodes().consume({ mobile, purpose: 'register', code: fresh, ip: freshIp() });
  });

  it('let only one of two live codes used at the same moment through', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    await send(mobile, ip);
    const a = await t.lastCode(mobile);
    t.clock.advance(61_000);
    await send(mobile, ip);
    const b = await t.lastCode(mobile);
    if (a === b) return;
    const results = await Promise.allSettled([
      smsCodes().consume({ mobile, purpose: 'register', code: a, ip }),
      smsCodes().consume({ mobile, purpose: 'register', code: b, ip }),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
  });

  it('stop at the daily cap per mobile: half of it per asking address', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    for (let i = 0; i < 2; i++) {
      expect((await send(mobile, ip)).status).toBe(200);
      t.clock.advance(61_000);
    }
    const ownHalf = await send(mobile, ip);
    expect(ownHalf.status).toBe(429);
    expect(ownHalf.body.message).toBe('今日短信发送次数已达上限，请明天再试');
    // Another address still gets the rest of the mobile's 3.
    expect((await send(mobile, freshIp())).status).toBe(200);
    const capped = await send(mobile, freshIp());
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('今日短信发送次数已达上限，请明天再试');
    expect(await t.outbox(mobile)).toHaveLength(3);
    t.clock.advance(24 * 3600_000);
    expect((await send(mobile, ip)).status).toBe(200);
  });

  it('stop at the daily cap per mobile when sent from many addresses at once', async () => {
    const mobile = uniqueMobile();
    const dtos = await Promise.all(Array.from({ length: 8 }, () => t.solveCaptcha()));
    const answers = await Promise.all(
      dtos.map((ncVerifyDto) =>
        t.post('/api/MemberAuth/SendRegisterMessage', { mobile, ncVerifyDto }, { ip: freshIp() }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(3);
    expect(await t.outbox(mobile)).toHaveLength(3);
  });

  it('stop at the daily cap per address', async () => {
    const ip = '10.8.0.1';
    for (let i = 0; i < 5; i++) expect((await send(uniqueMobile(), ip)).status).toBe(200);
    const capped = await send(uniqueMobile(), ip);
    expect(capped.status).toBe(429);
    expect(capped.body.message).toBe('今日短信发送次数已达上限，请明天再试');
  });

  it('stop at the daily cap per address when sent to many numbers at once', async () => {
    const ip = '10.8.0.2';
    const dtos = await Promise.all(Array.from({ length: 9 }, () => t.solveCaptcha()));
    const answers = await Promise.all(
      dtos.map((ncVerifyDto) =>
        t.post(
          '/api/MemberAuth/SendRegisterMessage',
          { mobile: uniqueMobile(), ncVerifyDto },
          { ip },
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
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

describe('Register and its code', () => {
  it('keeps the code when the member could not be inserted, so a retry works', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    await send(mobile, ip);
    const code = await t.lastCode(mobile);
    const create = vi
      .spyOn(t.app.modules.member.members, 'create')
      .mockRejectedValueOnce(new Error('connection lost'));
    try {
      expect((await register(mobile, code, ip)).status).toBe(500);
    } finally {
      create.mockRestore();
    }
    expect((await register(mobile, code, ip)).status).toBe(200);
    expect((await register(mobile, code, ip)).body.message).toBe('短信验证码错误或已过期');
  });

  it('registers once when the same code is sent many times at once; the others are told', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    await send(mobile, ip);
    const code = await t.lastCode(mobile);
    const answers = await Promise.all(Array.from({ length: 4 }, () => register(mobile, code, ip)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const lost of answers.filter((a) => a.status !== 200)) {
      expect(lost.status).toBe(409);
      expect(lost.body.message).toBe('该手机号已注册，请直接登录');
    }
    const { rows } = await t.database.pool.query('SELECT id FROM member WHERE mobile = $1', [
      mobile,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('leaves the code alone when the number was registered meanwhile', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    await send(mobile, ip);
    const code = await t.lastCode(mobile);
    await t.createMember({ mobile });
    const taken = await register(mobile, code, ip);
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('该手机号已注册，请直接登录');
    // Not used up: the same code still proves the number, and the number is still taken.
    expect((await register(mobile, code, ip)).status).toBe(409);
  });
});
