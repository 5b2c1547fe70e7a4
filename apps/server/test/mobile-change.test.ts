import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo, MobileApply, OldMobileTicket } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { getTicket, postToSandbox, ticketFields, uploadIdentityDocument } from './upload-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
});
afterAll(async () => t?.close());

const TICKET_INVALID = '原手机号验证已失效，请重新验证';

/** Steps one and two: the code to the current mobile, then the ticket for it. */
async function oldMobileTicket(mobile: string, token: string): Promise<string> {
  const code = await t.sendCode('/api/MemberAuth/SendOldMobileMessage', {
    mobile,
    body: {},
    token,
  });
  const res = await t.post<OldMobileTicket>(
    '/api/MemberAuth/checkOldMobileMessage',
    { smsCode: code },
    { token },
  );
  expect(res.status).toBe(200);
  return res.body.data.oldMobileTicket;
}

const newMobileCode = (mobile: string, token: string) =>
  t.sendCode('/api/MemberInfo/SendChangeMobileMessage', { mobile, token });

describe('old mobile verification', () => {
  it('texts the current mobile and returns a 10-minute ticket', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const code = await t.sendCode('/api/MemberAuth/SendOldMobileMessage', {
      mobile,
      body: {},
      token,
    });
    expect((await t.outbox(mobile))[0]?.text).toContain('身份验证验证码');
    const res = await t.post<OldMobileTicket>(
      '/api/MemberAuth/checkOldMobileMessage',
      { smsCode: code },
      { token },
    );
    expect(res.body.data.expiresIn).toBe(600);
    expect(res.body.data.oldMobileTicket).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const again = await t.post(
      '/api/MemberAuth/checkOldMobileMessage',
      { smsCode: code },
      { token },
    );
    expect(again.body.message).toBe('短信验证码错误或已过期');
  });

  it('refuses a code of another purpose', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const code = await t.sendCode('/api/MemberAuth/SendLoginMessage', { mobile });
    const res = await t.post('/api/MemberAuth/checkOldMobileMessage', { smsCode: code }, { token });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('短信验证码错误或已过期');
  });
});

describe('MemberInfo.ChangeMobile', () => {
  it('changes the mobile, ends earlier tokens and returns a working one', async () => {
    const mobile = uniqueMobile();
    const { id, token } = await t.createMember({ mobile, password: 'Secret123' });
    const ticket = await oldMobileTicket(mobile, token);
    const next = uniqueMobile();
    const code = await newMobileCode(next, token);
    expect((await t.outbox(next))[0]?.text).toContain('更换手机号验证码');

    const res = await t.patch<{ accessToken: string }>(
      '/api/MemberInfo/ChangeMobile',
      { mobile: next, smsCode: code, oldMobileTicket: ticket },
      { token },
    );
    expect(res.status).toBe(200);
    expect((await t.get('/api/MemberInfo/Get', { token })).status).toBe(401);
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', {
      token: res.body.data.accessToken,
    });
    expect(info.body.data).toMatchObject({ id, mobile: next });
    const login = await t.post('/api/MemberAuth/Login', {
      userNameOrMobile: next,
      password: 'Secret123',
      ncVerifyDto: await t.solveCaptcha(),
    });
    expect(login.status).toBe(200);
  });

  it('uses a ticket once', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const ticket = await oldMobileTicket(mobile, token);
    const first = uniqueMobile();
    const res = await t.patch<{ accessToken: string }>(
      '/api/MemberInfo/ChangeMobile',
      { mobile: first, smsCode: await newMobileCode(first, token), oldMobileTicket: ticket },
      { token },
    );
    const fresh = res.body.data.accessToken;
    const second = uniqueMobile();
    const replay = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: second, smsCode: await newMobileCode(second, fresh), oldMobileTicket: ticket },
      { token: fresh },
    );
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(TICKET_INVALID);
  });

  it('refuses the ticket of another member, without using it up', async () => {
    const aMobile = uniqueMobile();
    const a = await t.createMember({ mobile: aMobile });
    const b = await t.createMember({ mobile: uniqueMobile() });
    const ticketOfA = await oldMobileTicket(aMobile, a.token);
    const next = uniqueMobile();
    const res = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: next, smsCode: await newMobileCode(next, b.token), oldMobileTicket: ticketOfA },
      { token: b.token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(TICKET_INVALID);
    const own = uniqueMobile();
    const mine = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: own, smsCode: await newMobileCode(own, a.token), oldMobileTicket: ticketOfA },
      { token: a.token },
    );
    expect(mine.status).toBe(200);
  });

  it('refuses a ticket issued for a mobile the account no longer has, or expired', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const stale = await oldMobileTicket(mobile, token);
    const current = await oldMobileTicket(mobile, token);
    const first = uniqueMobile();
    const changed = await t.patch<{ accessToken: string }>(
      '/api/MemberInfo/ChangeMobile',
      { mobile: first, smsCode: await newMobileCode(first, token), oldMobileTicket: current },
      { token },
    );
    const fresh = changed.body.data.accessToken;
    const second = uniqueMobile();
    const res = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: second, smsCode: await newMobileCode(second, fresh), oldMobileTicket: stale },
      { token: fresh },
    );
    expect(res.body.message).toBe(TICKET_INVALID);

    const late = await oldMobileTicket(first, fresh);
    t.clock.advance(10 * 60_000 + 1_000);
    const third = uniqueMobile();
    const expired = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: third, smsCode: await newMobileCode(third, fresh), oldMobileTicket: late },
      { token: fresh },
    );
    expect(expired.body.message).toBe(TICKET_INVALID);
  });

  it('keeps the ticket when the new code is wrong', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const ticket = await oldMobileTicket(mobile, token);
    const next = uniqueMobile();
    const code = await newMobileCode(next, token);
    const wrong = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: next, smsCode: code === '000000' ? '111111' : '000000', oldMobileTicket: ticket },
      { token },
    );
    expect(wrong.body.message).toBe('短信验证码错误或已过期');
    const right = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: next, smsCode: code, oldMobileTicket: ticket },
      { token },
    );
    expect(right.status).toBe(200);
  });

  it('refuses the same mobile, and a code of another purpose', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const same = await t.post(
      '/api/MemberInfo/SendChangeMobileMessage',
      { mobile, ncVerifyDto: await t.solveCaptcha() },
      { token },
    );
    expect(same.status).toBe(400);
    expect(same.body.message).toBe('新手机号不能与原手机号相同');

    const ticket = await oldMobileTicket(mobile, token);
    const next = uniqueMobile();
    const registerCode = await t.sendCode('/api/MemberAuth/SendRegisterMessage', { mobile: next });
    const res = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: next, smsCode: registerCode, oldMobileTicket: ticket },
      { token },
    );
    expect(res.body.message).toBe('短信验证码错误或已过期');
  });

  it('answers a taken number as a free one: its holder gets a notice, and no code works for it', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const taken = uniqueMobile();
    const owner = await t.createMember({ mobile: taken });
    const free = uniqueMobile();
    const ask = async (to: string) =>
      t.post(
        '/api/MemberInfo/SendChangeMobileMessage',
        { mobile: to, ncVerifyDto: await t.solveCaptcha() },
        { token },
      );
    const [forTaken, forFree] = [await ask(taken), await ask(free)];
    expect(forTaken.status).toBe(200);
    expect(forTaken.body).toEqual(forFree.body);
    // The holder of the taken number learns why no code came; the free number gets its code.
    const [notice] = await t.outbox(taken);
    expect(notice?.text).toContain('该手机号已注册会员中心');
    expect(notice?.text).not.toMatch(/\d{6}/);
    expect((await t.outbox(free))[0]?.text).toMatch(/更换手机号验证码为\d{6}/);

    const ticket = await oldMobileTicket(mobile, token);
    const res = await t.patch(
      '/api/MemberInfo/ChangeMobile',
      { mobile: taken, smsCode: '000000', oldMobileTicket: ticket },
      { token },
    );
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('短信验证码错误或已过期');
    const { rows } = await t.database.pool.query('SELECT mobile FROM member WHERE id = $1', [
      owner.id,
    ]);
    expect(rows[0]?.mobile).toBe(taken);
  });

  it('refuses a number taken after its code was sent, and keeps the code and the ticket', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const next = uniqueMobile();
    const code = await newMobileCode(next, token);
    const ticket = await oldMobileTicket(mobile, token);
    const someone = await t.createMember({ mobile: next });
    const change = () =>
      t.patch<{ accessToken: string }>(
        '/api/MemberInfo/ChangeMobile',
        { mobile: next, smsCode: code, oldMobileTicket: ticket },
        { token },
      );
    const res = await change();
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('该手机号已被其他账号使用');
    // The number is free again (that account moved away): the same code and ticket work.
    await t.database.pool.query('UPDATE member SET mobile = $1 WHERE id = $2', [
      uniqueMobile(),
      someone.id,
    ]);
    expect((await change()).status).toBe(200);
  });

  it('looks up 20 new numbers a day per member, also when asked at once', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const dtos = await Promise.all(Array.from({ length: 25 }, () => t.solveCaptcha()));
    const answers = await Promise.all(
      dtos.map((ncVerifyDto) =>
        t.post(
          '/api/MemberInfo/SendChangeMobileMessage',
          { mobile: uniqueMobile(), ncVerifyDto },
          { token },
        ),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(5);
    expect(refused[0]?.body.message).toBe('今日更换手机号次数已达上限，请明天再试');
  });

  it('answers 409 when the database refuses a taken mobile', async () => {
    const { id } = await t.createMember({ mobile: uniqueMobile() });
    const taken = uniqueMobile();
    await t.createMember({ mobile: taken });
    await expect(t.app.modules.member.members.changeMobile(id, taken)).rejects.toMatchObject({
      statusCode: 409,
      message: '该手机号已被其他账号使用',
    });
  });
});

describe('MemberUpMobileApply.Create', () => {
  async function apply(token: string, body: Record<string, unknown>) {
    return t.post<MobileApply>('/api/MemberUpMobileApply/Create', body, { token });
  }

  it('records a pending application with an uploaded document of the member', async () => {
    const mobile = uniqueMobile();
    const { id, token } = await t.createMember({ mobile });
    const idDocumentKey = await uploadIdentityDocument(t, token);
    const next = uniqueMobile();
    const res = await apply(token, {
      newMobile: next,
      smsCode: await newMobileCode(next, token),
      reason: '原手机号已停用，无法接收短信',
      idDocumentKey,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      newMobileMasked: `${next.slice(0, 3)}****${next.slice(7)}`,
      reason: '原手机号已停用，无法接收短信',
      status: 'pending',
    });
    const { rows } = await t.database.pool.query(
      'SELECT member_id, old_mobile, new_mobile, id_document_key, status FROM member_mobile_apply WHERE id = $1',
      [res.body.data.id],
    );
    expect(rows).toEqual([
      {
        member_id: id,
        old_mobile: mobile,
        new_mobile: next,
        id_document_key: idDocumentKey,
        status: 'pending',
      },
    ]);
    // The mobile itself waits for staff.
    const info = await t.get<MemberInfo>('/api/MemberInfo/Get', { token });
    expect(info.body.data.mobile).toBe(mobile);

    const other = uniqueMobile();
    const second = await apply(token, {
      newMobile: other,
      smsCode: await newMobileCode(other, token),
      reason: '再申请一次试试',
      idDocumentKey: await uploadIdentityDocument(t, token),
    });
    expect(second.status).toBe(409);
    expect(second.body.message).toBe('您已有待审核的更换申请');
  });

  it('refuses a document key of another member, one never uploaded, and an invented one', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const other = await t.createMember({ mobile: uniqueMobile() });
    const othersKey = await uploadIdentityDocument(t, other.token);
    const ticket = await getTicket(t, token);
    const neverUploaded = `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
    for (const idDocumentKey of [othersKey, neverUploaded, 'identity/1/../../etc/passwd']) {
      const next = uniqueMobile();
      const res = await apply(token, {
        newMobile: next,
        smsCode: await newMobileCode(next, token),
        reason: '原手机号已停用',
        idDocumentKey,
      });
      expect(res.status, idDocumentKey).toBe(400);
      expect(res.body.message).toBe('身份证明材料无效，请重新上传');
    }
    // Uploaded now: accepted.
    expect((await postToSandbox(t, ticketFields(ticket))).statusCode).toBe(200);
    const next = uniqueMobile();
    const ok = await apply(token, {
      newMobile: next,
      smsCode: await newMobileCode(next, token),
      reason: '原手机号已停用',
      idDocumentKey: neverUploaded,
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a number taken since its code was sent, telling only the holder of the code', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const idDocumentKey = await uploadIdentityDocument(t, token);
    const next = uniqueMobile();
    const code = await newMobileCode(next, token);
    const someone = await t.createMember({ mobile: next });
    const body = { newMobile: next, reason: '原手机号已停用', idDocumentKey };
    const wrong = await apply(token, { ...body, smsCode: code === '000000' ? '111111' : '000000' });
    expect(wrong.body.message).toBe('短信验证码错误或已过期');
    const res = await apply(token, { ...body, smsCode: code });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('该手机号已被其他账号使用');
    // The code was not used up: once the number is free again, it works.
    await t.database.pool.query('UPDATE member SET mobile = $1 WHERE id = $2', [
      uniqueMobile(),
      someone.id,
    ]);
    expect((await apply(token, { ...body, smsCode: code })).status).toBe(200);
  });

  it('needs the new mobile’s changeMobile code and a reason', async () => {
    const { token } = await t.createMember({ mobile: uniqueMobile() });
    const idDocumentKey = await uploadIdentityDocument(t, token);
    const next = uniqueMobile();
    const registerCode = await t.sendCode('/api/MemberAuth/SendRegisterMessage', { mobile: next });
    const res = await apply(token, {
      newMobile: next,
      smsCode: registerCode,
      reason: '原手机号已停用',
      idDocumentKey,
    });
    expect(res.body.message).toBe('短信验证码错误或已过期');
    const short = await apply(token, {
      newMobile: next,
      smsCode: '123456',
      reason: '丢了',
      idDocumentKey,
    });
    expect(short.body.message).toBe('申请原因：请至少写5个字');
  });
});
