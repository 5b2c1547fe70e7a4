import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
});
afterAll(async () => t?.close());

const WRONG_CODE = {
  success: false,
  data: null,
  message: '短信验证码错误或已过期',
  field: 'smsCode',
};

async function passwordLogin(mobile: string, password: string) {
  return t.post<{ accessToken: string }>('/api/MemberAuth/Login', {
    userNameOrMobile: mobile,
    password,
    ncVerifyDto: await t.solveCaptcha(),
  });
}

const otherCode = (code: string) => (code === '000000' ? '111111' : '000000');

describe('MemberAuth.SendLoginMessage and SmsLogin', () => {
  it('logs a member in with a texted code, once', async () => {
    const mobile = uniqueMobile();
    const { id } = await t.createMember({ mobile });
    const code = await t.sendCode('/api/MemberAuth/SendLoginMessage', { mobile });
    const [sms] = await t.outbox(mobile);
    expect(sms?.text).toMatch(/^【会员中心】您的登录验证码为\d{6}，5分钟内有效。$/);

    const res = await t.post<{ accessToken: string }>('/api/MemberAuth/SmsLogin', {
      mobile,
      smsCode: code,
      userAgent: 'vitest',
    });
    expect(res.status).toBe(200);
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', {
      token: res.body.data.accessToken,
    });
    expect(info.body.data.id).toBe(id);

    const again = await t.post('/api/MemberAuth/SmsLogin', { mobile, smsCode: code });
    expect(again.body).toEqual(WRONG_CODE);
  });

  it('sends nothing to an unknown number and answers exactly the same', async () => {
    const known = uniqueMobile();
    await t.createMember({ mobile: known });
    const unknown = uniqueMobile();
    t.clock.advance(61_000);
    const a = await t.post('/api/MemberAuth/SendLoginMessage', {
      mobile: known,
      ncVerifyDto: await t.solveCaptcha(),
    });
    const b = await t.post('/api/MemberAuth/SendLoginMessage', {
      mobile: unknown,
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(a.status).toBe(200);
    expect(b.status).toBe(a.status);
    expect(b.raw.body).toBe(a.raw.body);
    expect(await t.outbox(unknown)).toEqual([]);
    // The resend interval applies alike, so it does not tell the numbers apart either.
    const early = await t.post('/api/MemberAuth/SendLoginMessage', {
      mobile: unknown,
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(early.status).toBe(429);
  });

  it('refuses an unknown number as it refuses a wrong code', async () => {
    const res = await t.post('/api/MemberAuth/SmsLogin', {
      mobile: uniqueMobile(),
      smsCode: '123456',
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual(WRONG_CODE);
  });

  it('refuses a wrong code, and a code sent for another purpose', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile });
    const forgotCode = await t.sendCode('/api/MemberAuth/SendChangePasswordMessage', {
      mobile,
      body: { mobile },
    });
    const viaOtherPurpose = await t.post('/api/MemberAuth/SmsLogin', {
      mobile,
      smsCode: forgotCode,
    });
    expect(viaOtherPurpose.body).toEqual(WRONG_CODE);

    const loginCode = await t.sendCode('/api/MemberAuth/SendLoginMessage', {
      mobile,
      body: { mobile },
    });
    const wrong = await t.post('/api/MemberAuth/SmsLogin', {
      mobile,
      smsCode: otherCode(loginCode),
    });
    expect(wrong.body).toEqual(WRONG_CODE);
    // And the login code does not reset a password.
    const reset = await t.patch('/api/MemberAuth/ChangePassword', {
      mobile,
      smsCode: loginCode,
      password: 'Another123',
    });
    expect(reset.body).toEqual(WRONG_CODE);
    expect((await t.post('/api/MemberAuth/SmsLogin', { mobile, smsCode: loginCode })).status).toBe(
      200,
    );
  });

  it('refuses a disabled member', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile, status: 'disabled' });
    const code = await t.sendCode('/api/MemberAuth/SendLoginMessage', {
      mobile,
      body: { mobile },
    });
    const res = await t.post('/api/MemberAuth/SmsLogin', { mobile, smsCode: code });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('账号已被停用，请联系客服');
  });

  it('needs a solved captcha to send', async () => {
    const res = await t.post('/api/MemberAuth/SendLoginMessage', {
      mobile: uniqueMobile(),
      ncVerifyDto: { provider: 'altcha', token: 'forged' },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('人机验证失败，请重试');
  });
});

describe('forgot password (logged out)', () => {
  it('sets a new password, kills every earlier token, and the new password logs in', async () => {
    const mobile = uniqueMobile();
    const first = await t.register(mobile, 'OldPass123');
    const second = (await passwordLogin(mobile, 'OldPass123')).body.data.accessToken;

    const code = await t.sendCode('/api/MemberAuth/SendChangePasswordMessage', {
      mobile,
      body: { mobile },
    });
    expect((await t.outbox(mobile))[0]?.text).toContain('修改登录密码验证码');
    const res = await t.patch('/api/MemberAuth/ChangePassword', {
      areaCode: '86',
      mobile,
      smsCode: code,
      password: 'NewPass456',
    });
    expect(res.body).toEqual({ success: true, data: { ok: true }, message: '' });

    for (const token of [first, second]) {
      expect((await t.get('/api/MemberInfo/Get', { token })).status).toBe(401);
    }
    const old = await passwordLogin(mobile, 'OldPass123');
    expect(old.body.message).toBe('账号或密码错误，还可尝试4次');
    const fresh = await passwordLogin(mobile, 'NewPass456');
    expect(fresh.status).toBe(200);
    expect(
      (await t.get('/api/MemberInfo/Get', { token: fresh.body.data.accessToken })).status,
    ).toBe(200);
    const { rows } = await t.database.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM member WHERE mobile = $1',
      [mobile],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('sends nothing to an unknown number, with the same answer', async () => {
    const known = uniqueMobile();
    await t.createMember({ mobile: known });
    const unknown = uniqueMobile();
    t.clock.advance(61_000);
    const a = await t.post('/api/MemberAuth/SendChangePasswordMessage', {
      mobile: known,
      ncVerifyDto: await t.solveCaptcha(),
    });
    const b = await t.post('/api/MemberAuth/SendChangePasswordMessage', {
      mobile: unknown,
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(a.status).toBe(200);
    expect(b.raw.body).toBe(a.raw.body);
    expect(await t.outbox(unknown)).toEqual([]);
    const reset = await t.patch('/api/MemberAuth/ChangePassword', {
      mobile: unknown,
      smsCode: '123456',
      password: 'NewPass456',
    });
    expect(reset.body).toEqual(WRONG_CODE);
  });

  it('accepts only area code 86 and a valid password', async () => {
    const mobile = uniqueMobile();
    const area = await t.patch('/api/MemberAuth/ChangePassword', {
      areaCode: '852',
      mobile,
      smsCode: '123456',
      password: 'NewPass456',
    });
    expect(area.status).toBe(400);
    expect(area.body.message).toBe('区号：目前仅支持中国大陆手机号');
    const weak = await t.patch('/api/MemberAuth/ChangePassword', {
      mobile,
      smsCode: '123456',
      password: 'short',
    });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toMatch(/^密码：/);
  });

  it('refuses a code sent to another mobile', async () => {
    const a = uniqueMobile();
    const b = uniqueMobile();
    await t.createMember({ mobile: a });
    await t.createMember({ mobile: b });
    const code = await t.sendCode('/api/MemberAuth/SendChangePasswordMessage', {
      mobile: a,
      body: { mobile: a },
    });
    const res = await t.patch('/api/MemberAuth/ChangePassword', {
      mobile: b,
      smsCode: code,
      password: 'NewPass456',
    });
    expect(res.body).toEqual(WRONG_CODE);
  });
});

describe('change password (logged in)', () => {
  it('only texts and accepts the member’s own mobile', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const other = uniqueMobile();
    await t.createMember({ mobile: other });

    const foreign = await t.post(
      '/api/MemberAuth/SendChangePasswordMessage',
      { mobile: other, ncVerifyDto: await t.solveCaptcha() },
      { token },
    );
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('请使用账号绑定的手机号');
    expect(await t.outbox(other)).toEqual([]);

    const code = await t.sendCode('/api/MemberAuth/SendChangePasswordMessage', {
      mobile,
      body: { mobile },
      token,
    });
    const wrongMobile = await t.patch(
      '/api/MemberAuth/ChangePassword',
      { mobile: other, smsCode: code, password: 'NewPass456' },
      { token },
    );
    expect(wrongMobile.body.message).toBe('请使用账号绑定的手机号');

    const res = await t.patch(
      '/api/MemberAuth/ChangePassword',
      { mobile, smsCode: code, password: 'NewPass456' },
      { token },
    );
    expect(res.body.data).toEqual({ ok: true });
    // The session that changed it is logged out too: every earlier token dies.
    expect((await t.get('/api/MemberInfo/Get', { token })).status).toBe(401);
    expect((await passwordLogin(mobile, 'NewPass456')).status).toBe(200);
  });
});

describe('MemberAuth.Logout and LogoutAll', () => {
  it("Logout ends this device's session only", async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile, password: 'Secret123' });
    const otherDevice = (await passwordLogin(mobile, 'Secret123')).body.data.accessToken;
    const bystander = await t.createMember({ mobile: uniqueMobile() });

    const res = await t.post('/api/MemberAuth/Logout', undefined, { token });
    expect(res.body).toEqual({ success: true, data: { ok: true }, message: '' });
    const after = await t.get('/api/MemberInfo/Get', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('登录已失效，请重新登录');
    expect((await t.post('/api/MemberAuth/Logout', {}, { token })).status).toBe(401);
    expect((await t.get('/api/MemberInfo/Get', { token: otherDevice })).status).toBe(200);
    expect((await t.get('/api/MemberInfo/Get', { token: bystander.token })).status).toBe(200);
    expect((await passwordLogin(mobile, 'Secret123')).status).toBe(200);
  });

  it("LogoutAll ends every device's session of the member, and only of that member", async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile, password: 'Secret123' });
    const second = (await passwordLogin(mobile, 'Secret123')).body.data.accessToken;
    const bystander = await t.createMember({ mobile: uniqueMobile() });

    const res = await t.post('/api/MemberAuth/LogoutAll', undefined, { token });
    expect(res.body).toEqual({ success: true, data: { ok: true }, message: '' });
    for (const revoked of [token, second]) {
      expect((await t.get('/api/MemberInfo/Get', { token: revoked })).status).toBe(401);
    }
    expect((await t.get('/api/MemberInfo/Get', { token: bystander.token })).status).toBe(200);
    const again = (await passwordLogin(mobile, 'Secret123')).body.data.accessToken;
    expect((await t.get('/api/MemberInfo/Get', { token: again })).status).toBe(200);
  });

  it('need a token', async () => {
    expect((await t.post('/api/MemberAuth/Logout')).status).toBe(401);
    expect((await t.post('/api/MemberAuth/LogoutAll')).status).toBe(401);
  });
});
