import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const SECRETS = ['passwordHash', 'paymentPasswordHash'];

describe('MemberService: what other modules get', () => {
  it('never hands out a password hash, and the token version only for a token', async () => {
    const mobile = uniqueMobile();
    await t.register(mobile);
    await t.database.pool.query("UPDATE member SET payment_password_hash = 'x' WHERE mobile = $1", [
      mobile,
    ]);
    const members = t.app.modules.member.members;
    const { id } = (await members.findByMobile(mobile)) ?? { id: 0 };
    const views = [
      await members.get(id),
      await members.findById(id),
      await members.findByMobile(mobile),
      ...(await members.findByIds([id])),
    ];
    for (const view of views) {
      expect(view).toMatchObject({ id, mobile });
      for (const key of [...SECRETS, 'tokenVersion']) expect(view).not.toHaveProperty(key);
    }
    const forToken = [
      await members.getForToken(id),
      await members.findForToken({ id }),
      await members.findForToken({ mobile }),
    ];
    for (const view of forToken) {
      expect(view).toMatchObject({ id, tokenVersion: expect.any(Number) });
      for (const key of SECRETS) expect(view).not.toHaveProperty(key);
    }
    // The checks get what they need, apart from the member.
    const login = await members.findForLogin(mobile);
    expect(login?.passwordHash).toMatch(/^\$argon2id\$/);
    for (const key of SECRETS) expect(login?.member).not.toHaveProperty(key);
    expect(await members.paymentPasswordHashOf(id)).toBe('x');
    // And logging in with the password still works.
    const res = await t.post('/api/MemberAuth/Login', {
      userNameOrMobile: mobile,
      password: 'Passw0rd!',
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(res.status).toBe(200);
  });

  it('creates a member and returns it without secrets', async () => {
    const created = await t.app.modules.member.members.create({
      mobile: uniqueMobile(),
      passwordHash: 'hash',
      status: 'active',
    });
    expect(created).toMatchObject({ tokenVersion: expect.any(Number) });
    for (const key of SECRETS) expect(created).not.toHaveProperty(key);
  });
});
