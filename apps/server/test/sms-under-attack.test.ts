import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTICES_PER_DAY } from '../src/modules/sms-code/notice-limit';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';

/**
 * Someone who knows only a member's number (decision 0013): whatever they send or guess, the
 * member still receives codes and can use them.
 */
let t: TestApp;
let ipCounter = 0;
const freshIp = () => `10.7.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
});
afterAll(async () => t?.close());

const WRONG_CODE = '短信验证码错误或已过期';
const TOO_MANY = '验证码错误次数过多，请重新获取';
const wrongFor = (code: string, i = 0) =>
  String((Number(code) + i + 1) % 1_000_000).padStart(6, '0');

async function sendLogin(mobile: string, ip: string) {
  return t.post<{ resendAfterSeconds: number }>(
    '/api/MemberAuth/SendLoginMessage',
    { mobile, ncVerifyDto: await t.solveCaptcha() },
    { ip },
  );
}

async function sendRegister(mobile: string, ip: string) {
  return t.post<{ resendAfterSeconds: number }>(
    '/api/MemberAuth/SendRegisterMessage',
    { mobile, ncVerifyDto: await t.solveCaptcha() },
    { ip },
  );
}

const registerWith = (mobile: string, smsCode: string, ip: string) =>
  t.post(
    '/api/MemberAuth/Register',
    { mobile, smsCode, password: 'Secret123', agreement: true },
    { ip },
  );

const smsLogin = (mobile: string, smsCode: string, ip: string) =>
  t.post<{ accessToken: string }>('/api/MemberAuth/SmsLogin', { mobile, smsCode }, { ip });

async function member() {
  const mobile = uniqueMobile();
  await t.createMember({ mobile });
  return mobile;
}

const notices = async (mobile: string) =>
  (await t.outbox(mobile)).filter((m) => m.text.includes('已注册'));

describe('Register notices to a member’s number', () => {
  it('leave the member’s own codes alone: a login code goes out right after one', async () => {
    const mobile = await member();
    const attacker = freshIp();
    t.clock.advance(61_000);
    expect((await sendRegister(mobile, attacker)).status).toBe(200);
    const owner = freshIp();
    expect((await sendLogin(mobile, owner)).status).toBe(200);
    expect((await smsLogin(mobile, await t.lastCode(mobile), owner)).status).toBe(200);
  });

  it('never use up the member’s daily codes', async () => {
    const mobile = await member();
    // The register lane of this number is used up from many addresses…
    for (let i = 0; i < 12; i++) await sendRegister(mobile, freshIp());
    const capped = await sendRegister(mobile, freshIp());
    expect(capped.status).toBe(429);
    // …and the member still gets a login code, and can use it.
    const owner = freshIp();
    expect((await sendLogin(mobile, owner)).status).toBe(200);
    expect((await smsLogin(mobile, await t.lastCode(mobile), owner)).status).toBe(200);
  });

  it('are few (3 a day), 10 minutes apart, and answered exactly like a code to a new number', async () => {
    const mobile = await member();
    const fresh = uniqueMobile();
    for (let i = 0; i < 8; i++) {
      t.clock.advance(4 * 60_000);
      const ip = freshIp();
      const toMember = await sendRegister(mobile, ip);
      const toNew = await sendRegister(fresh, ip);
      expect(toMember.status).toBe(toNew.status);
      expect(toMember.body).toEqual(toNew.body);
    }
    // 32 minutes: a notice at most every 10 minutes, and 3 a day.
    expect(await notices(mobile)).toHaveLength(3);
    t.clock.advance(3600_000);
    await sendRegister(mobile, freshIp());
    expect(await notices(mobile)).toHaveLength(NOTICES_PER_DAY);
  });

  it('go out once when many are asked at the same moment', async () => {
    const mobile = await member();
    const dtos = await Promise.all(Array.from({ length: 6 }, () => t.solveCaptcha()));
    const answers = await Promise.all(
      dtos.map((ncVerifyDto) =>
        t.post('/api/MemberAuth/SendRegisterMessage', { mobile, ncVerifyDto }, { ip: freshIp() }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await notices(mobile)).toHaveLength(1);
  });
});

describe('Guesses at a member’s code from other addresses', () => {
  it('never void it for the address that asked for it', async () => {
    const mobile = await member();
    const owner = freshIp();
    await sendLogin(mobile, owner);
    const code = await t.lastCode(mobile);
    for (let i = 0; i < 10; i++) {
      const res = await smsLogin(mobile, wrongFor(code, i), freshIp());
      expect(res.status).toBe(400);
    }
    expect((await smsLogin(mobile, code, owner)).status).toBe(200);
  });

  it('get 3 tries per address and 5 for all other addresses together', async () => {
    const mobile = await member();
    const owner = freshIp();
    await sendLogin(mobile, owner);
    const code = await t.lastCode(mobile);
    const one = freshIp();
    for (let i = 0; i < 3; i++) {
      expect((await smsLogin(mobile, wrongFor(code, i), one)).body.message).toBe(WRONG_CODE);
    }
    // This address is done with the code, even with the right one.
    expect((await smsLogin(mobile, code, one)).body.message).toBe(TOO_MANY);
    const two = freshIp();
    for (let i = 3; i < 5; i++) {
      expect((await smsLogin(mobile, wrongFor(code, i), two)).body.message).toBe(WRONG_CODE);
    }
    // Five from other addresses: a third address gets no try at all.
    expect((await smsLogin(mobile, code, freshIp())).body.message).toBe(TOO_MANY);
    expect((await smsLogin(mobile, code, owner)).status).toBe(200);
  });

  it('are counted strictly when sent at once: 5 of 20 are checked', async () => {
    const mobile = await member();
    const owner = freshIp();
    await sendLogin(mobile, owner);
    const code = await t.lastCode(mobile);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => smsLogin(mobile, wrongFor(code, i), freshIp())),
    );
    const messages = answers.map((a) => a.body.message);
    expect(messages.filter((m) => m === WRONG_CODE)).toHaveLength(5);
    expect(messages.filter((m) => m === TOO_MANY)).toHaveLength(15);
    expect((await smsLogin(mobile, code, owner)).status).toBe(200);
  });

  it('cannot outrun one address’s own tries by sending them at once', async () => {
    const mobile = await member();
    const owner = freshIp();
    await sendLogin(mobile, owner);
    const code = await t.lastCode(mobile);
    const one = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => smsLogin(mobile, wrongFor(code, i), one)),
    );
    expect(answers.filter((a) => a.body.message === WRONG_CODE)).toHaveLength(3);
  });
});

describe('A member’s code requested by someone else', () => {
  it('does not end the member’s own live code', async () => {
    const mobile = await member();
    const owner = freshIp();
    await sendLogin(mobile, owner);
    const mine = await t.lastCode(mobile);
    // A stranger asks for another login code for the number a moment later.
    expect((await sendLogin(mobile, freshIp())).status).toBe(200);
    expect((await smsLogin(mobile, mine, owner)).status).toBe(200);
  });

  it('stays live when another is sent: the latest 3 work, one use ends them all', async () => {
    const mobile = uniqueMobile();
    const ip = freshIp();
    const codes: string[] = [];
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      await sendRegister(mobile, ip);
      codes.push(await t.lastCode(mobile));
    }
    const [first, second, third, fourth] = codes as [string, string, string, string];
    // The fourth took the first one's place; the second is still live and works.
    if (![second, third, fourth].includes(first)) {
      expect((await registerWith(mobile, first, ip)).status).toBe(400);
    }
    const consume = (code: string) =>
      t.app.modules.smsCode.consume({ mobile, purpose: 'register', code, ip });
    await consume(second);
    for (const code of [third, fourth]) {
      if (code !== second) {
        await expect(consume(code)).rejects.toMatchObject({ message: '短信验证码错误或已过期' });
      }
    }
  });

  it('leaves the member half of the day’s codes', async () => {
    const mobile = await member();
    const attacker = freshIp();
    let sent = 0;
    for (let i = 0; i < 12; i++) {
      t.clock.advance(61_000);
      if ((await sendLogin(mobile, attacker)).status === 200) sent++;
    }
    expect(sent).toBe(5);
    const owner = freshIp();
    expect((await sendLogin(mobile, owner)).status).toBe(200);
    expect((await smsLogin(mobile, await t.lastCode(mobile), owner)).status).toBe(200);
  });
});
