import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MemberInfo } from '@pcb/contract';
import { hashPassword } from '../src/lib/password';
import * as pinHash from '../src/lib/pin-hash';
import type { PinHasher } from '../src/lib/pin-hash';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
/** The payment-password hashers the app made, to count their checks. */
const hashers: PinHasher[] = [];
beforeAll(async () => {
  const { createPinHasher } = pinHash;
  vi.spyOn(pinHash, 'createPinHasher').mockImplementation((key) => {
    const hasher = createPinHasher(key);
    hashers.push(hasher);
    return hasher;
  });
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
  vi.restoreAllMocks();
});
afterAll(async () => t?.close());

/** A member with payment password `password`; returns the id and the token after setting it. */
async function memberWithPaymentPassword(password = '135790') {
  const mobile = uniqueMobile();
  const { id, token } = await t.createMember({ mobile });
  const code = await t.sendCode('/api/MemberAuth/SendChangePaymentPasswordMessage', {
    mobile,
    token,
  });
  const res = await t.patch<{ accessToken: string }>(
    '/api/MemberAuth/ChangePaymentPassword',
    { mobile, smsCode: code, password },
    { token },
  );
  expect(res.status).toBe(200);
  return { id, mobile, oldToken: token, token: res.body.data.accessToken };
}

const verify = (memberId: number, password: string) =>
  t.app.modules.memberAuth.verifyPaymentPassword(memberId, password);

describe('MemberAuth.ChangePaymentPassword', () => {
  it('sets a hashed 6-digit payment password and hands the session a new token', async () => {
    const { id, mobile, oldToken, token } = await memberWithPaymentPassword('246810');
    expect((await t.get('/api/MemberInfo/Get', { token: oldToken })).status).toBe(401);
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', { token });
    expect(info.body.data).toMatchObject({ mobile, hasPaymentPassword: true, hasPassword: true });
    const { rows } = await t.database.pool.query<{ payment_password_hash: string }>(
      'SELECT payment_password_hash FROM member WHERE id = $1',
      [id],
    );
    // A keyed HMAC over a salt (decision 0063): neither the digits nor a plain hash of them.
    expect(rows[0]?.payment_password_hash).toMatch(/^hmac-sha256\$[\w-]{22}\$[\w-]{43}$/);
    expect(rows[0]?.payment_password_hash).not.toContain('246810');
    await expect(verify(id, '246810')).resolves.toBeUndefined();
  });

  it('refuses a repeat or a run of digits, with a clear message, and keeps the code', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const code = await t.sendCode('/api/MemberAuth/SendChangePaymentPasswordMessage', {
      mobile,
      token,
    });
    for (const weak of ['123456', '000000', '654321', '012345', '999999']) {
      const res = await t.patch(
        '/api/MemberAuth/ChangePaymentPassword',
        { mobile, smsCode: code, password: weak },
        { token },
      );
      expect(res.status, weak).toBe(400);
      expect(res.body.message).toContain('支付密码过于简单，请勿使用连续或重复的数字');
    }
    const ok = await t.patch(
      '/api/MemberAuth/ChangePaymentPassword',
      { mobile, smsCode: code, password: '385917' },
      { token },
    );
    expect(ok.status).toBe(200);
  });

  it('starts without one', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', { token });
    expect(info.body.data.hasPaymentPassword).toBe(false);
  });

  it('texts only the member’s own mobile and takes only its own code', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const other = uniqueMobile();
    await t.createMember({ mobile: other });
    const foreign = await t.post(
      '/api/MemberAuth/SendChangePaymentPasswordMessage',
      { mobile: other, ncVerifyDto: await t.solveCaptcha() },
      { token },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('请使用账号绑定的手机号');

    // A login-password code is not a payment-password code.
    const code = await t.sendCode('/api/MemberAuth/SendChangePasswordMessage', { mobile, token });
    const res = await t.patch(
      '/api/MemberAuth/ChangePaymentPassword',
      { mobile, smsCode: code, password: '135790' },
      { token },
    );
    expect(res.body.message).toBe('短信验证码错误或已过期');
  });

  it('accepts exactly 6 digits', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    for (const password of ['12345', '1234567', '12345a']) {
      const res = await t.patch(
        '/api/MemberAuth/ChangePaymentPassword',
        { mobile: uniqueMobile(), smsCode: '123456', password },
        { token },
      );
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('支付密码：应为6位数字');
    }
  });

  it('needs a login', async () => {
    const res = await t.patch('/api/MemberAuth/ChangePaymentPassword', {
      mobile: uniqueMobile(),
      smsCode: '123456',
      password: '123456',
    });
    expect(res.status).toBe(401);
  });
});

describe('payment password verification', () => {
  it('asks for a payment password first when none is set', async () => {
    const { id } = await t.createMember({ mobile: uniqueMobile() });
    await expect(verify(id, '123456')).rejects.toMatchObject({
      statusCode: 400,
      message: '请先设置支付密码',
      field: 'paymentPassword',
    });
  });

  it('locks for 30 minutes after 5 wrong tries, and a right one resets the count', async () => {
    const { id } = await memberWithPaymentPassword('135790');
    for (let i = 0; i < 4; i++) {
      await expect(verify(id, '000000')).rejects.toMatchObject({
        statusCode: 400,
        message: `支付密码错误，还可尝试${4 - i}次`,
        field: 'paymentPassword',
      });
    }
    // Right: the four wrong ones are forgotten.
    await verify(id, '135790');
    for (let i = 0; i < 4; i++) await expect(verify(id, '000000')).rejects.toThrow();
    await expect(verify(id, '000000')).rejects.toMatchObject({
      statusCode: 429,
      message: '支付密码错误次数过多，请30分钟后再试',
    });
    // Locked: even the right password is refused.
    await expect(verify(id, '135790')).rejects.toMatchObject({ statusCode: 429 });
    t.clock.advance(29 * 60_000);
    await expect(verify(id, '135790')).rejects.toMatchObject({ statusCode: 429 });
    t.clock.advance(61_000);
    await expect(verify(id, '135790')).resolves.toBeUndefined();
    await expect(verify(id, '000000')).rejects.toMatchObject({
      statusCode: 400,
      message: '支付密码错误，还可尝试4次',
    });
  });

  it('counts concurrent wrong tries strictly: of 12 at once, 5 are checked', async () => {
    const { id } = await memberWithPaymentPassword('135790');
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, () => verify(id, '000000')),
    );
    const messages = results.map((r) =>
      r.status === 'rejected' ? (r.reason as { message: string }).message : 'passed',
    );
    expect(messages.filter((m) => m.startsWith('支付密码错误，还可尝试'))).toHaveLength(4);
    expect(messages.filter((m) => m === '支付密码错误次数过多，请30分钟后再试')).toHaveLength(8);
    await expect(verify(id, '135790')).rejects.toMatchObject({ statusCode: 429 });
  });

  it('checks the password at most 5 times however many tries come at once', async () => {
    const { id } = await memberWithPaymentPassword('135790');
    expect(hashers).toHaveLength(1);
    const checks = vi.spyOn(hashers[0]!, 'check');
    try {
      await Promise.allSettled(Array.from({ length: 12 }, () => verify(id, '000000')));
      expect(checks).toHaveBeenCalledTimes(5);
    } finally {
      checks.mockRestore();
    }
  });

  it('lifts the lock when the payment password is set anew by SMS', async () => {
    const { id, mobile, token } = await memberWithPaymentPassword('135790');
    for (let i = 0; i < 5; i++) await expect(verify(id, '000000')).rejects.toThrow();
    await expect(verify(id, '135790')).rejects.toMatchObject({ statusCode: 429 });
    const code = await t.sendCode('/api/MemberAuth/SendChangePaymentPasswordMessage', {
      mobile,
      token,
    });
    const res = await t.patch(
      '/api/MemberAuth/ChangePaymentPassword',
      { mobile, smsCode: code, password: '864200' },
      { token },
    );
    expect(res.status).toBe(200);
    await expect(verify(id, '864200')).resolves.toBeUndefined();
  });

  it('accepts a payment password hashed with argon2 before, once, and keeps it in the new form', async () => {
    const { id } = await memberWithPaymentPassword('135790');
    const hashOf = async () =>
      (
        await t.database.pool.query<{ payment_password_hash: string }>(
          'SELECT payment_password_hash FROM member WHERE id = $1',
          [id],
        )
      ).rows[0]?.payment_password_hash;
    await t.database.pool.query('UPDATE member SET payment_password_hash = $1 WHERE id = $2', [
      await hashPassword('975318'),
      id,
    ]);
    await expect(verify(id, '000000')).rejects.toMatchObject({ statusCode: 400 });
    expect(await hashOf()).toMatch(/^\$argon2id\$/);
    await expect(verify(id, '975318')).resolves.toBeUndefined();
    expect(await hashOf()).toMatch(/^hmac-sha256\$/);
    await expect(verify(id, '975318')).resolves.toBeUndefined();
    await expect(verify(id, '135790')).rejects.toMatchObject({ statusCode: 400 });
  });
});
