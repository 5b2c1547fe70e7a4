import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import {
  auditRows,
  cookieOf,
  createStaff,
  STAFF_PASSWORD,
  staffCall,
  staffLogin,
  totpFor,
} from './staff-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

describe('staff login', () => {
  it('starts a session in an HttpOnly, SameSite=Strict cookie under /api/ for a role without a second factor', async () => {
    const { userName } = await createStaff(t, { roles: ['engineer'] });
    const res = await t.post<{
      next: string;
      session: { csrfToken: string; idleTimeoutSeconds: number };
    }>('/api/StaffAuth/Login', { userName, password: STAFF_PASSWORD });
    expect(res.status).toBe(200);
    expect(res.body.data.next).toBe('done');
    expect(res.body.data.session.idleTimeoutSeconds).toBe(1800);
    // The session's cookie first; the second makes this browser a known one (decision 0032).
    const [header, device] = [res.raw.headers['set-cookie']].flat();
    expect(header).toMatch(
      /^pcb_staff=[\w-]{43}; Path=\/api\/; Max-Age=43200; HttpOnly; SameSite=Strict$/,
    );
    expect(device).toMatch(
      /^pcb_staff_device=[^;]+; Path=\/api\/StaffAuth\/; .*HttpOnly; SameSite=Strict$/,
    );
    const session = { cookie: cookieOf(res), csrf: res.body.data.session.csrfToken };
    const me = await staffCall<{ staff: { userName: string } }>(
      t,
      session,
      'GET',
      '/api/StaffAuth/Me',
    );
    expect(me.status).toBe(200);
    expect(me.body.data.staff.userName).toBe(userName);
    const [row] = await auditRows(t, `action = 'StaffAuth.Login' AND staff_id = $1`, [
      (me.body.data as unknown as { staff: { id: number } }).staff.id,
    ]);
    expect(row?.after).toEqual({ result: 'success', step: 'password' });
  });

  it('marks the cookie Secure when the public origin is HTTPS', async () => {
    const https = await buildTestApp({ env: { PUBLIC_ORIGIN: 'https://console.example.com' } });
    try {
      const { userName } = await createStaff(https, { roles: ['content'] });
      const res = await https.post('/api/StaffAuth/Login', { userName, password: STAFF_PASSWORD });
      expect(String(res.raw.headers['set-cookie'])).toMatch(/; Secure$/);
    } finally {
      await https.close();
    }
  });

  it('refuses a wrong password the same way for unknown and known accounts, and records both', async () => {
    const { userName, id } = await createStaff(t, { roles: ['sales'] });
    const known = await t.post('/api/StaffAuth/Login', { userName, password: 'Wrong123x' });
    const unknown = await t.post('/api/StaffAuth/Login', {
      userName: 'nobody.here',
      password: 'Wrong123x',
    });
    expect(known.status).toBe(400);
    expect(known.body.message).toBe('用户名或密码错误，还可尝试4次');
    expect(unknown.body.message).toBe('用户名或密码错误，还可尝试4次');
    const rows = await auditRows(
      t,
      `action = 'StaffAuth.Login' AND (staff_id = $1 OR staff_id IS NULL)`,
      [id],
    );
    expect(rows.map((r) => r.after?.result)).toEqual(
      expect.arrayContaining(['wrongPassword', 'unknownUser']),
    );
  });

  it('slows guessing: after five failures the account waits', async () => {
    const { userName } = await createStaff(t, { roles: ['sales'] });
    for (let i = 0; i < 5; i++)
      await t.post('/api/StaffAuth/Login', { userName, password: 'Wrong123x' });
    const res = await t.post('/api/StaffAuth/Login', { userName, password: STAFF_PASSWORD });
    expect(res.status).toBe(429);
    expect(res.raw.headers['retry-after']).toBe('30');
    t.clock.advance(31_000);
    expect(
      (await t.post('/api/StaffAuth/Login', { userName, password: STAFF_PASSWORD })).status,
    ).toBe(200);
  });

  it('makes an admin enrol an authenticator at the first login, then asks for its code', async () => {
    const { userName } = await createStaff(t, { roles: ['admin'] });
    const first = await t.post<{
      next: string;
      challenge: string;
      secret: string;
      otpauthUrl: string;
    }>('/api/StaffAuth/Login', { userName, password: STAFF_PASSWORD });
    expect(first.body.data.next).toBe('enrollTotp');
    expect(first.raw.headers['set-cookie']).toBeUndefined();
    expect(first.body.data.otpauthUrl).toContain(`secret=${first.body.data.secret}`);
    const wrong = await t.post('/api/StaffAuth/EnrollTotp', {
      challenge: first.body.data.challenge,
      code: '000000',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('code');
    const code = totpFor(t).codeAt(first.body.data.secret, t.clock.now());
    const enrolled = await t.post<{ staff: { totpEnabled: boolean } }>(
      '/api/StaffAuth/EnrollTotp',
      {
        challenge: first.body.data.challenge,
        code,
      },
    );
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.data.staff.totpEnabled).toBe(true);
    t.clock.advance(30_000);
    const again = await t.post<{ next: string }>('/api/StaffAuth/Login', {
      userName,
      password: STAFF_PASSWORD,
    });
    expect(again.body.data.next).toBe('totp');
  });

  it('accepts a TOTP code once: a replay in the same step is refused', async () => {
    const { userName } = await createStaff(t, { roles: ['finance'], totpSecret: SECRET });
    const code = totpFor(t).codeAt(SECRET, t.clock.now());
    const login = async () =>
      (
        await t.post<{ challenge: string }>('/api/StaffAuth/Login', {
          userName,
          password: STAFF_PASSWORD,
        })
      ).body.data.challenge;
    const ok = await t.post('/api/StaffAuth/VerifyTotp', { challenge: await login(), code });
    expect(ok.status).toBe(200);
    const replay = await t.post('/api/StaffAuth/VerifyTotp', { challenge: await login(), code });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe('该动态验证码已使用，请等待下一个验证码');
    expect(replay.raw.headers['set-cookie']).toBeUndefined();
  });

  it('refuses a challenge used twice or made up', async () => {
    const { userName } = await createStaff(t, { roles: ['finance'], totpSecret: SECRET });
    t.clock.advance(60_000);
    const challenge = (
      await t.post<{ challenge: string }>('/api/StaffAuth/Login', {
        userName,
        password: STAFF_PASSWORD,
      })
    ).body.data.challenge;
    const code = totpFor(t).codeAt(SECRET, t.clock.now());
    expect((await t.post('/api/StaffAuth/VerifyTotp', { challenge, code })).status).toBe(200);
    t.clock.advance(30_000);
    const next = totpFor(t).codeAt(SECRET, t.clock.now());
    expect((await t.post('/api/StaffAuth/VerifyTotp', { challenge, code: next })).status).toBe(401);
    expect(
      (await t.post('/api/StaffAuth/VerifyTotp', { challenge: 'made-up', code: next })).status,
    ).toBe(401);
  });
});

describe('staff sessions', () => {
  it('needs the CSRF header on every write, compared exactly; Me hands it back', async () => {
    const { userName } = await createStaff(t, { roles: ['engineer'] });
    const session = await staffLogin(t, userName);
    // After a reload the console has only the cookie: Me, a read, gives the token again.
    const me = await staffCall(t, session, 'GET', '/api/StaffAuth/Me', {}, { csrf: null });
    expect(me.status).toBe(200);
    expect((me.body.data as { csrfToken: string }).csrfToken).toBe(session.csrf);
    for (const csrf of [null, 'x', `${session.csrf}x`]) {
      const res = await staffCall(t, session, 'POST', '/api/StaffAuth/Logout', {}, { csrf });
      expect(res.status).toBe(403);
      expect(res.body).toEqual({
        success: false,
        data: null,
        message: '安全校验失败，请刷新页面后重试',
      });
    }
  });

  it('ends after 30 minutes without a call, and after 12 hours in any case', async () => {
    const { userName } = await createStaff(t, { roles: ['engineer'] });
    const session = await staffLogin(t, userName);
    t.clock.advance(29 * 60_000);
    expect((await staffCall(t, session, 'GET', '/api/StaffAuth/Me')).status).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await staffCall(t, session, 'GET', '/api/StaffAuth/Me')).status).toBe(200);
    t.clock.advance(31 * 60_000);
    const idle = await staffCall(t, session, 'GET', '/api/StaffAuth/Me');
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe('员工登录已失效，请重新登录');

    const busy = await staffLogin(t, userName);
    for (let minutes = 0; minutes < 12 * 60 - 25; minutes += 25) {
      t.clock.advance(25 * 60_000);
      expect((await staffCall(t, busy, 'GET', '/api/StaffAuth/Me')).status).toBe(200);
    }
    t.clock.advance(25 * 60_000);
    expect((await staffCall(t, busy, 'GET', '/api/StaffAuth/Me')).status).toBe(401);
  });

  it('logs out: the session ends and the cookie is cleared', async () => {
    const { userName, id } = await createStaff(t, { roles: ['production'] });
    const session = await staffLogin(t, userName);
    const res = await staffCall(t, session, 'POST', '/api/StaffAuth/Logout');
    expect(res.status).toBe(200);
    expect(String(res.raw.headers['set-cookie'])).toMatch(/^pcb_staff=; Path=\/api\/; Max-Age=0/);
    expect((await staffCall(t, session, 'GET', '/api/StaffAuth/Me')).status).toBe(401);
    expect((await auditRows(t, `action = 'StaffAuth.Logout' AND staff_id = $1`, [id])).length).toBe(
      1,
    );
  });

  it('changes the password: the old one proves the caller, other sessions end', async () => {
    const { userName } = await createStaff(t, { roles: ['content'] });
    const one = await staffLogin(t, userName);
    const two = await staffLogin(t, userName);
    const wrong = await staffCall(t, one, 'POST', '/api/StaffAuth/ChangePassword', {
      oldPassword: 'Nope12345',
      newPassword: 'NewPass123',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.field).toBe('oldPassword');
    const ok = await staffCall(t, one, 'POST', '/api/StaffAuth/ChangePassword', {
      oldPassword: STAFF_PASSWORD,
      newPassword: 'NewPass123',
    });
    expect(ok.status).toBe(200);
    expect((await staffCall(t, one, 'GET', '/api/StaffAuth/Me')).status).toBe(200);
    expect((await staffCall(t, two, 'GET', '/api/StaffAuth/Me')).status).toBe(401);
    await staffLogin(t, userName, { password: 'NewPass123' });
  });

  it("checks at most the login lane's free tries of the old password, also from 60 parallel guesses", async () => {
    const { userName } = await createStaff(t, { roles: ['content'] });
    const session = await staffLogin(t, userName);
    const guesses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        staffCall(t, session, 'POST', '/api/StaffAuth/ChangePassword', {
          oldPassword: `Guess${String(i).padStart(4, '0')}x`,
          newPassword: 'NewPass123',
        }),
      ),
    );
    const checked = guesses.filter((r) => r.status === 400);
    const refused = guesses.filter((r) => r.status === 429);
    expect(checked.length).toBe(5);
    expect(refused.length).toBe(55);
    expect(checked.every((r) => r.body.field === 'oldPassword')).toBe(true);
    expect(refused[0]!.body.message).toMatch(/^原密码尝试过于频繁，请\d+秒后再试/);
    // The right password waits too, and so does a login of the same account: one lane.
    const right = await staffCall(t, session, 'POST', '/api/StaffAuth/ChangePassword', {
      oldPassword: STAFF_PASSWORD,
      newPassword: 'NewPass123',
    });
    expect(right.status).toBe(429);
    const login = await t.post('/api/StaffAuth/Login', { userName, password: STAFF_PASSWORD });
    expect(login.status).toBe(429);
    t.clock.advance(60_000);
    const after = await staffCall(t, session, 'POST', '/api/StaffAuth/ChangePassword', {
      oldPassword: STAFF_PASSWORD,
      newPassword: 'NewPass123',
    });
    expect(after.status).toBe(200);
  });
});

describe('member and staff credentials never cross', () => {
  it('refuses a member token on a staff endpoint (401) and a staff cookie on a member endpoint (401)', async () => {
    const member = await t.createMember({ mobile: uniqueMobile() });
    const asMember = await t.get('/api/StaffAuth/Me', { token: member.token });
    expect(asMember.status).toBe(401);
    const { userName } = await createStaff(t, { roles: ['admin'], totpSecret: SECRET });
    t.clock.advance(90_000);
    const staff = await staffLogin(t, userName, { totpSecret: SECRET });
    const asStaff = await staffCall(t, staff, 'GET', '/api/MemberInfo/Get');
    expect(asStaff.status).toBe(401);
    expect(asStaff.body.message).toBe('登录已失效，请重新登录');
  });
});
