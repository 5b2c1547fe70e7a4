import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type ApiResponse, type TestApp } from './helper';
import { auditRows, createStaff, STAFF_PASSWORD, totpFor } from './staff-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const PARALLEL = 60;

let nextAddress = 1;
/** A fresh client address per stranger, so only the account's own lanes count. */
const address = () => `10.8.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

type Sent = { cookie?: string; ip?: string };

const send = <T>(url: string, payload: Record<string, unknown>, options: Sent = {}) =>
  t.request<T>({
    method: 'POST',
    url,
    payload,
    remoteAddress: options.ip ?? address(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });

const login = (userName: string, password: string, options: Sent = {}) =>
  send<{ next: string; challenge?: string }>(
    '/api/StaffAuth/Login',
    { userName, password },
    options,
  );

const verify = (challenge: string, code: string, options: Sent = {}) =>
  send('/api/StaffAuth/VerifyTotp', { challenge, code }, options);

/** The password step of a TOTP account: its challenge. */
async function challengeOf(userName: string, options: Sent = {}): Promise<string> {
  const res = await login(userName, STAFF_PASSWORD, options);
  expect(res.status, res.body.message).toBe(200);
  expect(res.body.data.next).toBe('totp');
  return res.body.data.challenge ?? '';
}

const setCookies = (res: ApiResponse): string[] => {
  const header = res.raw.headers['set-cookie'];
  return Array.isArray(header) ? header : header ? [header] : [];
};

/** The staff device cookie a completed login leaves in the browser, as the browser sends it. */
function deviceCookieOf(res: ApiResponse): string {
  const header = setCookies(res).find((value) => value.startsWith('pcb_staff_device='));
  expect(header, 'a staff device cookie').toBeDefined();
  expect(header).toMatch(/; Path=\/api\/StaffAuth\/; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
  return header!.split(';')[0]!;
}

const now = () => t.clock.now();
const rightCode = () => totpFor(t).codeAt(SECRET, now());
/** Codes no step of the window accepts. */
function wrongCodes(count: number): string[] {
  const valid = new Set(
    [-30_000, 0, 30_000].map((ms) => totpFor(t).codeAt(SECRET, new Date(now().getTime() + ms))),
  );
  const codes: string[] = [];
  for (let n = 100_000; codes.length < count; n += 7919) {
    const code = String(n % 1_000_000).padStart(6, '0');
    if (!valid.has(code)) codes.push(code);
  }
  return codes;
}

const statuses = (answers: ApiResponse[]) => answers.map((res) => res.status);
const count = (answers: ApiResponse[], status: number) =>
  answers.filter((res) => res.status === status).length;

function expectRefusedWithWait(res: ApiResponse, what: RegExp) {
  expect(res.status).toBe(429);
  expect(res.body.success).toBe(false);
  expect(res.body.message).toMatch(what);
  expect(Number(res.raw.headers['retry-after'])).toBeGreaterThan(0);
}

describe('staff password guessing under parallel requests', () => {
  it('checks at most 5 of 60 wrong passwords sent at once; the rest wait (429, Retry-After)', async () => {
    const { userName, id } = await createStaff(t, { roles: ['sales'] });
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(userName, `Wrong${i}pass`)),
    );
    expect(count(answers, 400), String(statuses(answers))).toBe(5);
    expect(count(answers, 429)).toBe(PARALLEL - 5);
    for (const res of answers.filter((r) => r.status === 429)) {
      expectRefusedWithWait(res, /^登录尝试过于频繁，请\d+(秒|分钟)后再试$/);
    }
    // Each checked password is one audit row: no more were checked than answered 400.
    const checked = await auditRows(t, `action = 'StaffAuth.Login' AND staff_id = $1`, [id]);
    expect(checked).toHaveLength(5);
    // The right password from a stranger's browser now waits too.
    expect((await login(userName, STAFF_PASSWORD)).status).toBe(429);
  });

  it('counts an unknown user name as an account: 60 at once check at most 5', async () => {
    const answers = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login('nobody.at.all', `Wrong${i}pass`)),
    );
    expect(count(answers, 400)).toBe(5);
    expect(count(answers, 429)).toBe(PARALLEL - 5);
  });
});

describe('staff TOTP guessing under parallel requests', () => {
  it('checks at most 5 of 60 codes sent at once on one challenge; the right one among them does not get in', async () => {
    const { userName } = await createStaff(t, { roles: ['admin'], totpSecret: SECRET });
    t.clock.advance(60_000);
    const challenge = await challengeOf(userName);
    // The right code last: it arrives once the tries are spent.
    const codes = [...wrongCodes(PARALLEL - 1), rightCode()];
    const answers = await Promise.all(codes.map((code) => verify(challenge, code)));
    const checked = answers.filter((res) => res.status !== 429);
    expect(checked.length, String(statuses(answers))).toBeLessThanOrEqual(5);
    expect(count(answers, 200)).toBe(0);
    for (const res of answers.filter((r) => r.status === 429)) {
      expectRefusedWithWait(res, /^动态验证码尝试过于频繁，请\d+(秒|分钟)后再试$/);
    }
    expect(answers.at(-1)?.status).toBe(429);
    // Once the tries are spent, the right code on this challenge waits too.
    expect((await verify(challenge, rightCode())).status).toBe(429);
  });

  it('does not re-arm the code tries with a new challenge', async () => {
    const { userName } = await createStaff(t, { roles: ['finance'], totpSecret: SECRET });
    t.clock.advance(60_000);
    const first = await challengeOf(userName);
    for (const code of wrongCodes(5)) expect((await verify(first, code)).status).toBe(400);
    // The password is known: a new challenge is given, but its code tries are the account's.
    const second = await challengeOf(userName);
    expectRefusedWithWait(await verify(second, rightCode()), /^动态验证码尝试过于频繁/);
  });

  it('lets one code through each time the wait ends, however many race for it', async () => {
    const { userName } = await createStaff(t, { roles: ['admin'], totpSecret: SECRET });
    t.clock.advance(60_000);
    const first = await challengeOf(userName);
    for (const code of wrongCodes(5)) await verify(first, code);
    for (const wait of [30_000, 60_000]) {
      t.clock.advance(wait);
      const challenge = await challengeOf(userName);
      const codes = [...wrongCodes(PARALLEL - 1), rightCode()];
      const answers = await Promise.all(codes.map((code) => verify(challenge, code)));
      expect(
        answers.filter((res) => res.status !== 429),
        String(statuses(answers)),
      ).toHaveLength(1);
      expect(count(answers, 200)).toBe(0);
    }
  });
});

describe('a browser where the staff member logged in before keeps tries of its own', () => {
  it('lets the owner in from that browser right after a burst from strangers', async () => {
    const { userName } = await createStaff(t, { roles: ['sales'] });
    const cookie = deviceCookieOf(await login(userName, STAFF_PASSWORD));

    const burst = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(userName, `Wrong${i}pass`)),
    );
    expect(count(burst, 400)).toBeLessThanOrEqual(5);
    expect((await login(userName, STAFF_PASSWORD)).status).toBe(429);

    const owner = await login(userName, STAFF_PASSWORD, { cookie });
    expect(owner.status, owner.body.message).toBe(200);
    expect(owner.body.data.next).toBe('done');
  });

  it('keeps a stranger out for ever by one guess each time the wait ends, but never the owner', async () => {
    const { userName } = await createStaff(t, { roles: ['engineer'] });
    const cookie = deviceCookieOf(await login(userName, STAFF_PASSWORD));
    for (let i = 0; i < 5; i++) await login(userName, `Wrong${i}pass`);
    for (let round = 0; round < 4; round++) {
      t.clock.advance(15 * 60_000);
      expect((await login(userName, `Again${round}pass`)).status).toBe(400);
      expect((await login(userName, STAFF_PASSWORD)).status).toBe(429);
      expect((await login(userName, STAFF_PASSWORD, { cookie })).status).toBe(200);
    }
  });

  it('keeps the second factor of its own too: a stranger who knows the password cannot lock the owner out', async () => {
    const { userName } = await createStaff(t, { roles: ['admin'], totpSecret: SECRET });
    t.clock.advance(60_000);
    const ownerChallenge = await challengeOf(userName);
    const first = await verify(ownerChallenge, rightCode());
    expect(first.status).toBe(200);
    const cookie = deviceCookieOf(first);

    t.clock.advance(30_000);
    const strangers = await challengeOf(userName);
    const burst = await Promise.all(wrongCodes(PARALLEL).map((code) => verify(strangers, code)));
    expect(burst.filter((res) => res.status !== 429).length).toBeLessThanOrEqual(5);

    const challenge = await challengeOf(userName, { cookie });
    const owner = await verify(challenge, rightCode(), { cookie });
    expect(owner.status, owner.body.message).toBe(200);
  });

  it('is per account and per browser: a stolen cookie buys 5 tries, a forged one none', async () => {
    const { userName } = await createStaff(t, { roles: ['production'] });
    const cookie = deviceCookieOf(await login(userName, STAFF_PASSWORD));
    const stolen = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => login(userName, `Wrong${i}pass`, { cookie })),
    );
    expect(count(stolen, 400)).toBe(5);

    // Another account is a stranger to this browser; a forged cookie is no browser at all.
    const other = await createStaff(t, { roles: ['content'] });
    const forged = cookie.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const sent of [{ cookie }, { cookie: forged }]) {
      const res = await login(other.userName, 'Wrong0pass', sent);
      expect(res.body.message).toMatch(/^用户名或密码错误，还可尝试\d次$/);
    }
    for (let i = 0; i < 5; i++) await login(other.userName, `Wrong${i}pass`, { cookie });
    expect((await login(other.userName, STAFF_PASSWORD, { cookie: forged })).status).toBe(429);
  });
});
