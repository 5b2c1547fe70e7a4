import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

async function login(userNameOrMobile: string, password: string, ip?: string) {
  return t.post<{ accessToken: string }>(
    '/api/MemberAuth/Login',
    { userNameOrMobile, password, userAgent: 'vitest', ncVerifyDto: await t.solveCaptcha() },
    { ip },
  );
}

describe('MemberAuth.Register', () => {
  it('registers with a texted code and returns a working token', async () => {
    const mobile = uniqueMobile();
    const sent = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(sent.body).toEqual({ success: true, data: { resendAfterSeconds: 60 }, message: '' });
    const [sms] = await t.outbox(mobile);
    expect(sms?.text).toMatch(/^【会员中心】您的注册验证码为\d{6}，5分钟内有效。$/);

    const res = await t.post<{ accessToken: string }>('/api/MemberAuth/Register', {
      mobile,
      smsCode: await t.lastCode(mobile),
      password: 'Secret123',
      agreement: true,
      from: 'miniprogram',
    });
    expect(res.status).toBe(200);
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', {
      token: res.body.data.accessToken,
    });
    expect(info.body.data).toMatchObject({
      mobile,
      status: 'active',
      hasPassword: true,
      agreementVersion: '2026-11',
      agreementCurrent: true,
      gradeName: '普通',
      balance: 0,
    });
  });

  it('stores the password as an argon2id hash', async () => {
    const mobile = uniqueMobile();
    await t.register(mobile, 'Secret123');
    const { rows } = await t.database.pool.query<{ password_hash: string }>(
      'SELECT password_hash FROM member WHERE mobile = $1',
      [mobile],
    );
    expect(rows[0]?.password_hash).toMatch(/^\$argon2id\$/);
    expect(rows[0]?.password_hash).not.toContain('Secret123');
  });

  it('refuses a wrong code', async () => {
    const mobile = uniqueMobile();
    await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: await t.solveCaptcha(),
    });
    const code = await t.lastCode(mobile);
    const wrong = code === '000000' ? '111111' : '000000';
    const res = await t.post('/api/MemberAuth/Register', {
      mobile,
      smsCode: wrong,
      password: 'Secret123',
      agreement: true,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('短信验证码错误或已过期');
    expect(res.body.field).toBe('smsCode');
  });

  it('requires the agreement', async () => {
    const res = await t.post('/api/MemberAuth/Register', {
      mobile: uniqueMobile(),
      smsCode: '123456',
      password: 'Secret123',
      agreement: false,
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('会员协议：请阅读并同意会员协议');
  });

  it('gives a registered number a notice, not a code, with the same response', async () => {
    const registered = uniqueMobile();
    await t.register(registered);
    t.clock.advance(61_000);
    const fresh = uniqueMobile();
    const a = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile: registered,
      ncVerifyDto: await t.solveCaptcha(),
    });
    const b = await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile: fresh,
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(a.status).toBe(b.status);
    expect(a.raw.body).toBe(b.raw.body);
    const [notice] = await t.outbox(registered);
    expect(notice?.text).toContain('已注册');
    expect(notice?.text).not.toMatch(/\d{6}/);
  });

  it('creates one member when two registrations of a mobile race', async () => {
    const mobile = uniqueMobile();
    await t.post('/api/MemberAuth/SendRegisterMessage', {
      mobile,
      ncVerifyDto: await t.solveCaptcha(),
    });
    const smsCode = await t.lastCode(mobile);
    const body = { mobile, smsCode, password: 'Secret123', agreement: true };
    const results = await Promise.all([
      t.post('/api/MemberAuth/Register', body),
      t.post('/api/MemberAuth/Register', body),
      t.post('/api/MemberAuth/Register', body),
    ]);
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const { rows } = await t.database.pool.query('SELECT id FROM member WHERE mobile = $1', [
      mobile,
    ]);
    expect(rows).toHaveLength(1);
  });

  it('refuses a duplicate mobile with 409 even past the code check', async () => {
    const mobile = uniqueMobile();
    await t.register(mobile);
    await expect(
      t.app.modules.member.members.create({ mobile, passwordHash: 'x', status: 'active' }),
    ).rejects.toMatchObject({ statusCode: 409, message: '该手机号已注册，请直接登录' });
    // Two direct inserts at once: the unique constraint decides, one wins.
    const other = uniqueMobile();
    const settled = await Promise.allSettled([
      t.app.modules.member.members.create({ mobile: other, passwordHash: 'x' }),
      t.app.modules.member.members.create({ mobile: other, passwordHash: 'x' }),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
  });

  it('assigns the active account manager with the fewest members', async () => {
    const pool = t.database.pool;
    const { rows: managers } = await pool.query<{ id: number }>(
      `INSERT INTO account_manager (real_name, mobile, qq, pic) VALUES
       ('甲', '13700000001', '1', '/a.svg'), ('乙', '13700000002', '2', '/b.svg'),
       ('停', '13700000003', '3', '/c.svg') RETURNING id`,
    );
    const [first, second, inactive] = managers.map((m) => m.id);
    await pool.query('UPDATE account_manager SET is_active = false WHERE id = $1', [inactive]);
    await pool.query('UPDATE member SET account_manager_id = $1', [first]);

    const token = await t.register(uniqueMobile());
    const manager = await t.get<{ realName: string; qq: string }>('/api/MemberAdmin/Get', {
      token,
    });
    expect(manager.body.data).toEqual({
      realName: '乙',
      mobile: '13700000002',
      qq: '2',
      pic: '/b.svg',
    });
    expect(second).toBeDefined();
  });
});

describe('MemberAuth.Login', () => {
  it('logs in by mobile and by user name, case-insensitively', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile, password: 'Secret123', userName: `Lin${mobile.slice(-6)}` });
    const byMobile = await login(mobile, 'Secret123');
    expect(byMobile.status).toBe(200);
    expect(byMobile.body.data.accessToken.split('.')).toHaveLength(3);
    const byName = await login(`lin${mobile.slice(-6)}`, 'Secret123');
    expect(byName.status).toBe(200);
  });

  it('says 账号或密码错误 for a wrong password and for an unknown account alike', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile, password: 'Secret123' });
    const wrongPassword = await login(mobile, 'Secret124');
    const unknown = await login(uniqueMobile(), 'Secret123');
    for (const res of [wrongPassword, unknown]) {
      expect(res.status).toBe(400);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: '账号或密码错误，还可尝试4次',
      });
    }
  });

  it('requires a solved captcha, once', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile, password: 'Secret123' });
    const bad = await t.post('/api/MemberAuth/Login', {
      userNameOrMobile: mobile,
      password: 'Secret123',
      ncVerifyDto: { provider: 'altcha', token: 'bm90IGEgcGF5bG9hZA==' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('人机验证失败，请重试');

    const ncVerifyDto = await t.solveCaptcha();
    const first = await t.post('/api/MemberAuth/Login', {
      userNameOrMobile: mobile,
      password: 'Secret123',
      ncVerifyDto,
    });
    const replay = await t.post('/api/MemberAuth/Login', {
      userNameOrMobile: mobile,
      password: 'Secret123',
      ncVerifyDto,
    });
    expect(first.status).toBe(200);
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('人机验证失败，请重试');
  });

  it('refuses a disabled member', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile, password: 'Secret123', status: 'disabled' });
    const res = await login(mobile, 'Secret123');
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('账号已被停用，请联系客服');
  });

  it('throttles an address after 30 failures across accounts', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 30; i++) {
      expect((await login(uniqueMobile(), 'Whatever1', ip)).status).toBe(400);
    }
    const mobile = uniqueMobile();
    await t.createMember({ mobile, password: 'Secret123' });
    expect((await login(mobile, 'Secret123', ip)).status).toBe(429);
    expect((await login(mobile, 'Secret123', '10.2.0.2')).status).toBe(200);
  });
});

describe('agreement and activation', () => {
  it('activates a staff-created member only after the agreement is signed', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile, status: 'inactive' });
    const before = await t.get<MemberInfo>('/api/MemberInfo/Get', { token });
    expect(before.body.data).toMatchObject({
      status: 'inactive',
      agreementVersion: null,
      agreementCurrent: false,
    });

    const early = await t.post('/api/MemberAuth/Activate', undefined, { token });
    expect(early.status).toBe(400);
    expect(early.body.message).toBe('请先阅读并同意会员协议');

    const signed = await t.get<{ version: string; signedAt: string }>(
      '/api/MemberAuth/SignMbAgreement',
      { token },
    );
    expect(signed.body.data.version).toBe('2026-11');
    const again = await t.get<{ signedAt: string }>('/api/MemberAuth/SignMbAgreement', { token });
    expect(again.body.data.signedAt).toBe(signed.body.data.signedAt);

    const activated = await t.post('/api/MemberAuth/Activate', undefined, { token });
    expect(activated.body).toEqual({ success: true, data: { activated: true }, message: '' });
    const twice = await t.post('/api/MemberAuth/Activate', {}, { token });
    expect(twice.status).toBe(200);
    const after = await t.get<MemberInfo>('/api/MemberInfo/Get', { token });
    expect(after.body.data).toMatchObject({
      status: 'active',
      agreementVersion: '2026-11',
      agreementCurrent: true,
    });
    const { rows } = await t.database.pool.query(
      'SELECT version FROM member_agreement WHERE member_id = (SELECT id FROM member WHERE mobile = $1)',
      [mobile],
    );
    expect(rows).toEqual([{ version: '2026-11' }]);
  });

  it('accepts an Activate POST with an empty JSON body', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/MemberAuth/Activate',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(200);
  });
});
