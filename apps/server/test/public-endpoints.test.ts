import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Announcement } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('Captcha', () => {
  it('tells the page that ALTCHA is in use', async () => {
    const res = await t.get('/api/Captcha/GetConfig');
    expect(res.body).toEqual({ success: true, data: { provider: 'altcha' }, message: '' });
  });

  it('issues signed challenges that expire within 5 minutes', async () => {
    const res = await t.get<{
      parameters: { expiresAt: number; algorithm: string };
      signature: string;
    }>('/api/Captcha/GetChallenge');
    expect(res.status).toBe(200);
    const { parameters, signature } = res.body.data;
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect(parameters.algorithm).toBe('SHA-256');
    const secondsLeft = parameters.expiresAt - Date.now() / 1000;
    expect(secondsLeft).toBeGreaterThan(240);
    expect(secondsLeft).toBeLessThanOrEqual(300);
  });

  it('refuses a solution whose challenge was altered', async () => {
    const dto = await t.solveCaptcha();
    const payload = JSON.parse(Buffer.from(dto.token, 'base64').toString()) as {
      challenge: { parameters: { expiresAt: number } };
    };
    payload.challenge.parameters.expiresAt += 3600;
    const forged = {
      provider: 'altcha' as const,
      token: Buffer.from(JSON.stringify(payload)).toString('base64'),
    };
    expect(await t.app.platform.captcha.verify(forged, '127.0.0.1')).toBe(false);
    expect(await t.app.platform.captcha.verify(dto, '127.0.0.1')).toBe(true);
    expect(await t.app.platform.captcha.verify(dto, '127.0.0.1')).toBe(false);
  });

  it('accepts a solution once even when submitted concurrently', async () => {
    const dto = await t.solveCaptcha();
    const results = await Promise.all(
      Array.from({ length: 5 }, () => t.app.platform.captcha.verify(dto, '127.0.0.1')),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });
});

describe('MemberAuth.GetEffectiveAnnouncement', () => {
  it('returns the newest announcement whose window is open, or null', async () => {
    const now = t.clock.now().getTime();
    const at = (hours: number) => new Date(now + hours * 3600_000);
    await t.database.pool.query(
      `INSERT INTO announcement (type, title, content, link_url, starts_at, ends_at) VALUES
       ('login', '旧公告', '旧', NULL, $1, NULL),
       ('login', '当前公告', '本周六设备检修，暂停发货一天。', '/news/1', $2, $3),
       ('login', '未来公告', '尚未开始', NULL, $4, NULL),
       ('register', '已结束', '过期', NULL, $5, $6)`,
      [at(-48), at(-1), at(24), at(2), at(-48), at(-24)],
    );
    const res = await t.get<Announcement>('/api/MemberAuth/GetEffectiveAnnouncement', {
      query: { type: 'login' },
    });
    expect(res.body.data).toMatchObject({
      type: 'login',
      title: '当前公告',
      linkUrl: '/news/1',
      startsAt: at(-1).toISOString(),
      endsAt: at(24).toISOString(),
    });
    const none = await t.get('/api/MemberAuth/GetEffectiveAnnouncement', {
      query: { type: 'register' },
    });
    expect(none.body).toEqual({ success: true, data: null, message: '' });
    t.clock.advance(25 * 3600_000);
    const later = await t.get<Announcement>('/api/MemberAuth/GetEffectiveAnnouncement', {
      query: { type: 'login' },
    });
    expect(later.body.data.title).toBe('未来公告');
  });
});

describe('MemberAdmin.Get', () => {
  it('is null while no account manager exists, then the assigned one', async () => {
    const token = await t.register(uniqueMobile());
    expect((await t.get('/api/MemberAdmin/Get', { token })).body).toEqual({
      success: true,
      data: null,
      message: '',
    });
    await t.database.pool.query(
      "INSERT INTO account_manager (real_name, mobile, qq, pic) VALUES ('周敏', '13500000009', '8001', '/avatars/manager-2.svg')",
    );
    const second = await t.register(uniqueMobile());
    const res = await t.get('/api/MemberAdmin/Get', { token: second });
    expect(res.body.data).toEqual({
      realName: '周敏',
      mobile: '13500000009',
      qq: '8001',
      pic: '/avatars/manager-2.svg',
    });
  });
});

describe('CKInfo.Add', () => {
  const visits = (guid: string) =>
    t.database.pool.query<{
      guid: string;
      member_id: number | null;
      bd_vid: string | null;
      user_agent: string | null;
      ip: string;
    }>('SELECT guid, member_id, bd_vid, user_agent, ip FROM visit WHERE guid = $1', [guid]);

  it('records a first visit once per GUID, whatever its format', async () => {
    const n = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const d = 'A1B2C3D4-E5F6-0718-293A-4B5C6D7E8F90';
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/CKInfo/Add',
      headers: { 'user-agent': 'Mozilla/5.0 MicroMessenger/8.0' },
      payload: {
        FirstHref: 'https://m.example.com/?bd_vid=xyz&from=miniprogram',
        GUID: `{${d}}`,
        bd_vid: 'xyz',
        from: 'miniprogram',
      },
    });
    expect(first.json()).toEqual({ success: true, data: { GUID: n }, message: '' });
    const repeat = await t.post('/api/CKInfo/Add', {
      FirstHref: 'https://m.example.com/other',
      GUID: d,
    });
    expect(repeat.body).toEqual({ success: true, data: { GUID: n }, message: '' });
    const { rows } = await visits(n);
    expect(rows).toEqual([
      {
        guid: n,
        member_id: null,
        bd_vid: 'xyz',
        user_agent: 'Mozilla/5.0 MicroMessenger/8.0',
        ip: '127.0.0.1',
      },
    ]);
  });

  it('links the visit to the logged-in member', async () => {
    const { id, token } = await t.createMember({ mobile: uniqueMobile() });
    const guid = 'ffffffffffffffffffffffffffff0001';
    await t.post(
      '/api/CKInfo/Add',
      { FirstHref: 'https://m.example.com/member', GUID: guid },
      { token },
    );
    expect((await visits(guid)).rows[0]?.member_id).toBe(id);
  });

  it('rejects a GUID that is not 32 hex digits', async () => {
    const res = await t.post('/api/CKInfo/Add', {
      FirstHref: 'https://m.example.com/',
      GUID: 'abc',
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('访客标识：应为32位十六进制数字');
  });

  it('limits visits per address', async () => {
    const ip = '10.7.0.1';
    const post = (i: number) =>
      t.post(
        '/api/CKInfo/Add',
        { FirstHref: 'https://m.example.com/', GUID: i.toString(16).padStart(32, '0') },
        { ip },
      );
    for (let i = 1; i <= 30; i++) expect((await post(i)).status).toBe(200);
    const limited = await post(31);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('请求过于频繁，请稍后再试');
    t.clock.advance(61_000);
    expect((await post(32)).status).toBe(200);
  });
});

describe('Sandbox.SmsOutbox', () => {
  it('lists the texts of one mobile, newest first', async () => {
    const mobile = uniqueMobile();
    await t.register(mobile);
    const outbox = await t.outbox(mobile);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.mobile).toBe(mobile);
    expect((await t.outbox(uniqueMobile())).length).toBe(0);
  });
});
