import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo, Relation, RelationContext, RelationList } from '@pcb/contract';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { uploadIdentityDocument } from './upload-support';
import { sandboxOpenId } from './wechat-support';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
});
afterAll(async () => t?.close());

const SWITCH_REFUSED = { success: false, data: null, message: '只能切换到已同意关联的账号' };
const SWITCHED_REFUSED = '关联账号身份下不能修改账号安全设置，请先切回主账号';

interface Account {
  id: number;
  mobile: string;
  token: string;
}

async function account(values: { realName?: string } = {}): Promise<Account> {
  const mobile = uniqueMobile();
  const created = await t.createMember({ mobile });
  if (values.realName) {
    await t.database.pool.query('UPDATE member SET real_name = $1 WHERE id = $2', [
      values.realName,
      created.id,
    ]);
  }
  return { ...created, mobile };
}

const applyFor = (main: Account, mobile: string) =>
  t.post<{ ok: true }>('/api/MemberRelationApprove/Apply', { mobile }, { token: main.token });

/** What Apply answers for every number but one's own. */
const APPLIED = { success: true, data: { ok: true }, message: '' };

const listOf = (who: Account) =>
  t.get<RelationList>('/api/MemberRelationApprove/GetRelationListForMember', {
    token: who.token,
  });

/** main asks related by number: returns the request's id, as the asked member sees it. */
async function ask(main: Account, related: Account): Promise<number> {
  expect((await applyFor(main, related.mobile)).body).toEqual(APPLIED);
  const found = (await listOf(related)).body.data.mainMembers.find((r) => r.member.id === main.id);
  if (!found) throw new Error('the request is not in the asked member’s list');
  return found.id;
}

/** main asks, related approves: returns the relation id. */
async function relate(main: Account, related: Account): Promise<number> {
  const id = await ask(main, related);
  const approved = await t.post<Relation>(
    '/api/MemberRelationApprove/Approve',
    { id },
    { token: related.token },
  );
  expect(approved.body.data.status).toBe('approved');
  return id;
}

const switchTo = (token: string, id: number) =>
  t.get<{ accessToken: string }>('/api/MemberRelationApprove/SwitchMember', {
    token,
    query: { id: String(id) },
  });

async function switched(main: Account, related: Account): Promise<string> {
  const res = await switchTo(main.token, related.id);
  expect(res.status).toBe(200);
  return res.body.data.accessToken;
}

const claims = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as Record<
    string,
    unknown
  >;

const info = (token: string) => t.get<MemberInfo>('/api/MemberInfo/Get', { token });

describe('MemberRelationApprove.Apply, Approve, Reject', () => {
  it('asks a member by mobile, texts them, and shows the request on both sides', async () => {
    const main = await account({ realName: '王经理' });
    const related = await account({ realName: '赵工' });
    const res = await applyFor(main, related.mobile);
    expect(res.body).toEqual(APPLIED);
    const [notice] = await t.outbox(related.mobile);
    expect(notice?.text).toContain('王经理');
    expect(notice?.text).not.toMatch(/\d{6}/);

    const mine = await t.get<RelationList>('/api/MemberRelationApprove/GetRelationListForMember', {
      token: main.token,
      query: { isMobile: 'true' },
    });
    // The asker sees the masked number only, until the member agrees.
    const masked = `${related.mobile.slice(0, 3)}****${related.mobile.slice(7)}`;
    expect(mine.body.data.related).toEqual([
      expect.objectContaining({
        status: 'pending',
        decidedAt: null,
        member: { id: related.id, displayName: masked, mobileMasked: masked, companyName: null },
      }),
    ]);
    expect(mine.body.data.mainMembers).toEqual([]);
    const theirs = await t.get<RelationList>(
      '/api/MemberRelationApprove/GetRelationListForMember',
      { token: related.token },
    );
    expect(theirs.body.data.mainMembers).toEqual([
      expect.objectContaining({
        id: mine.body.data.related[0]?.id,
        status: 'pending',
        member: expect.objectContaining({ id: main.id, displayName: '王经理' }),
      }),
    ]);
    expect(theirs.body.data.related).toEqual([]);
  });

  it('texts a member at most once per 10 minutes and 3 times a day, however many ask', async () => {
    const related = await account();
    const mains = await Promise.all(Array.from({ length: 5 }, () => account()));
    // Five members ask at the same moment: every request stands, one text goes out.
    const answers = await Promise.all(mains.map((main) => applyFor(main, related.mobile)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(await t.outbox(related.mobile)).toHaveLength(1);
    for (let i = 0; i < 4; i++) {
      t.clock.advance(11 * 60_000);
      const main = await account();
      expect((await applyFor(main, related.mobile)).status).toBe(200);
    }
    expect(await t.outbox(related.mobile)).toHaveLength(3);
    const theirs = await t.get<RelationList>(
      '/api/MemberRelationApprove/GetRelationListForMember',
      { token: related.token },
    );
    expect(theirs.body.data.mainMembers).toHaveLength(9);
  });

  it('answers every number alike but one’s own: a member’s, unknown, asked before, related', async () => {
    const main = await account();
    const self = await applyFor(main, main.mobile);
    expect(self.status).toBe(400);
    expect(self.body.message).toBe('不能关联自己的账号');

    const related = await account();
    const approved = await account();
    await relate(main, approved);
    const answers = [
      await applyFor(main, uniqueMobile()),
      await applyFor(main, related.mobile),
      await applyFor(main, related.mobile),
      await applyFor(main, approved.mobile),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual(APPLIED);
    }
    // Only the member's number made a request; asking again changed nothing.
    const mine = (await listOf(main)).body.data.related;
    expect(mine.map((r) => [r.member.id, r.status])).toEqual([
      [related.id, 'pending'],
      [approved.id, 'approved'],
    ]);
    expect(await t.outbox(related.mobile)).toHaveLength(1);
    // Another main member's request stands beside it.
    await ask(await account(), related);
  });

  it('lets only the invited member answer, only once', async () => {
    const main = await account();
    const related = await account();
    const stranger = await account();
    const id = await ask(main, related);
    for (const who of [main, stranger]) {
      const res = await t.post('/api/MemberRelationApprove/Approve', { id }, { token: who.token });
      expect(res.status).toBe(404);
    }
    const approved = await t.post<Relation>(
      '/api/MemberRelationApprove/Approve',
      { id },
      { token: related.token },
    );
    expect(approved.body.data).toMatchObject({ status: 'approved', member: { id: main.id } });
    expect(approved.body.data.decidedAt).toEqual(expect.any(String));
    const reject = await t.post(
      '/api/MemberRelationApprove/Reject',
      { id },
      { token: related.token },
    );
    expect(reject.status).toBe(409);
    expect(reject.body.message).toBe('该关联申请已处理');
    expect((await applyFor(main, related.mobile)).body).toEqual(APPLIED);
    expect((await listOf(related)).body.data.mainMembers).toEqual([
      expect.objectContaining({ id, status: 'approved' }),
    ]);
  });

  it('turns a rejected request back to pending when asked again', async () => {
    const main = await account();
    const related = await account();
    const id = await ask(main, related);
    const rejected = await t.post<Relation>(
      '/api/MemberRelationApprove/Reject',
      { id },
      { token: related.token },
    );
    expect(rejected.body.data.status).toBe('rejected');
    expect((await applyFor(main, related.mobile)).body).toEqual(APPLIED);
    expect((await listOf(main)).body.data.related).toEqual([
      expect.objectContaining({ id, status: 'pending', decidedAt: null }),
    ]);
  });

  it('allows 20 requests a day per member', async () => {
    const main = await account();
    for (let i = 0; i < 20; i++) {
      expect((await applyFor(main, uniqueMobile())).status).toBe(200);
    }
    const capped = await applyFor(main, (await account()).mobile);
    expect(capped.status).toBe(429);
    t.clock.advance(24 * 3600_000 + 1_000);
    // A day later (with a token of that day: the old one has expired).
    const { tokenVersion } = await t.app.modules.member.members.getForToken(main.id);
    const token = await t.app.modules.member.tokens.issue({ id: main.id, tokenVersion });
    expect((await applyFor({ ...main, token }, (await account()).mobile)).status).toBe(200);
  });

  it('allows 20 a day even when 30 are sent at the same moment', async () => {
    const main = await account();
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => applyFor(main, uniqueMobile())),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10);
  });
});

describe('switching', () => {
  it('acts as the related member with a token naming the main member, and switches back', async () => {
    const main = await account({ realName: '主账号' });
    const related = await account({ realName: '关联账号' });
    await relate(main, related);
    const token = await switched(main, related);
    expect(claims(token)).toMatchObject({
      sub: String(related.id),
      main: main.id,
      mver: 0,
      ver: 0,
    });
    expect((await info(token)).body.data.id).toBe(related.id);
    const context = await t.get<RelationContext>('/api/MemberInfo/GetRelationMember', { token });
    expect(context.body.data).toEqual({
      isSwitched: true,
      mainMember: {
        id: main.id,
        displayName: '主账号',
        mobileMasked: `${main.mobile.slice(0, 3)}****${main.mobile.slice(7)}`,
      },
    });
    const own = await t.get<RelationContext>('/api/MemberInfo/GetRelationMember', {
      token: main.token,
    });
    expect(own.body.data).toEqual({ isSwitched: false, mainMember: null });

    const back = await t.get<{ accessToken: string }>(
      '/api/MemberRelationApprove/SwitchRelationMainMember',
      { token },
    );
    expect(back.status).toBe(200);
    expect(claims(back.body.data.accessToken).main).toBeUndefined();
    expect((await info(back.body.data.accessToken)).body.data.id).toBe(main.id);
    const notSwitched = await t.get('/api/MemberRelationApprove/SwitchRelationMainMember', {
      token: main.token,
    });
    expect(notSwitched.status).toBe(403);
  });

  it('refuses a member who is not related, pending, rejected, or only related the other way', async () => {
    const main = await account();
    const stranger = await account();
    const pending = await account();
    const rejected = await account();
    const reverse = await account();
    await applyFor(main, pending.mobile);
    const id = await ask(main, rejected);
    await t.post('/api/MemberRelationApprove/Reject', { id }, { token: rejected.token });
    await relate(reverse, main);
    for (const target of [stranger, pending, rejected, reverse, main]) {
      const res = await switchTo(main.token, target.id);
      expect(res.status).toBe(403);
      expect(res.body).toEqual(SWITCH_REFUSED);
    }
    expect((await switchTo(main.token, 999_999)).body).toEqual(SWITCH_REFUSED);
    // The related member cannot switch into the main member either.
    const related = await account();
    await relate(main, related);
    expect((await switchTo(related.token, main.id)).body).toEqual(SWITCH_REFUSED);
  });

  it('lets the main member move from one related account to another', async () => {
    const main = await account();
    const first = await account();
    const second = await account();
    const outsider = await account();
    await relate(main, first);
    await relate(main, second);
    await relate(first, outsider);
    const inFirst = await switched(main, first);
    const hop = await switchTo(inFirst, second.id);
    expect(claims(hop.body.data.accessToken)).toMatchObject({
      sub: String(second.id),
      main: main.id,
    });
    // The relations of the related account are not the main member's.
    expect((await switchTo(inFirst, outsider.id)).body).toEqual(SWITCH_REFUSED);
  });

  it('stops working when the relation is deleted, by either side', async () => {
    const main = await account();
    const related = await account();
    const id = await relate(main, related);
    const token = await switched(main, related);
    const res = await t.del('/api/MemberRelationApprove/Delete', { id }, { token: related.token });
    expect(res.body).toEqual({ success: true, data: { ok: true }, message: '' });
    expect((await info(token)).status).toBe(401);
    expect((await info(related.token)).status).toBe(200);
    expect((await info(main.token)).status).toBe(200);
    expect((await switchTo(main.token, related.id)).body).toEqual(SWITCH_REFUSED);

    const again = await relate(main, related);
    const token2 = await switched(main, related);
    expect(
      (await t.del('/api/MemberRelationApprove/Delete', { id: again }, { token: main.token }))
        .status,
    ).toBe(200);
    expect((await info(token2)).status).toBe(401);
  });

  it('refuses deleting a relation of others', async () => {
    const main = await account();
    const related = await account();
    const id = await relate(main, related);
    const stranger = await account();
    const res = await t.del('/api/MemberRelationApprove/Delete', { id }, { token: stranger.token });
    expect(res.status).toBe(404);
  });

  it("shares the main member's session on the device: a switched logout ends both", async () => {
    const main = await account();
    const related = await account();
    await relate(main, related);
    const token = await switched(main, related);
    const logout = await t.post('/api/MemberAuth/Logout', undefined, { token });
    expect(logout.status).toBe(200);
    expect((await info(token)).status).toBe(401);
    expect((await info(main.token)).status).toBe(401);
    // The related member's own sessions are not touched.
    expect((await info(related.token)).status).toBe(200);

    // And the main member logging out on this device also ends the switched token; logging
    // out on another device does not.
    const fresh = await t.app.modules.member.tokens.issue({
      id: main.id,
      tokenVersion: (await t.app.modules.member.members.getForToken(main.id)).tokenVersion,
    });
    const elsewhere = await t.app.modules.member.tokens.issue({
      id: main.id,
      tokenVersion: (await t.app.modules.member.members.getForToken(main.id)).tokenVersion,
    });
    const token2 = await switched({ ...main, token: fresh }, related);
    await t.post('/api/MemberAuth/Logout', undefined, { token: elsewhere });
    expect((await info(token2)).status).toBe(200);
    await t.post('/api/MemberAuth/Logout', undefined, { token: fresh });
    expect((await info(token2)).status).toBe(401);
  });

  it('stops working when the related member logs out all devices or is disabled', async () => {
    const main = await account();
    const related = await account();
    await relate(main, related);
    const token = await switched(main, related);
    await t.post('/api/MemberAuth/Logout', undefined, { token: related.token });
    // The related member's own logout on its device is not the main member's session.
    expect((await info(token)).status).toBe(200);
    const relatedAgain = await t.app.modules.member.tokens.issue({
      id: related.id,
      tokenVersion: (await t.app.modules.member.members.getForToken(related.id)).tokenVersion,
    });
    await t.post('/api/MemberAuth/LogoutAll', undefined, { token: relatedAgain });
    expect((await info(token)).status).toBe(401);
    expect((await info(main.token)).status).toBe(200);
    const token2 = await switched(main, related);
    await t.database.pool.query("UPDATE member SET status = 'disabled' WHERE id = $1", [
      related.id,
    ]);
    expect((await info(token2)).status).toBe(401);
    expect((await switchTo(main.token, related.id)).body).toEqual(SWITCH_REFUSED);
  });

  it('stops working when the main member is disabled', async () => {
    const main = await account();
    const related = await account();
    await relate(main, related);
    const token = await switched(main, related);
    await t.database.pool.query("UPDATE member SET status = 'disabled' WHERE id = $1", [main.id]);
    expect((await info(token)).status).toBe(401);
  });
});

describe('while switched, account security stays with the owner', () => {
  let main: Account;
  let related: Account;
  let token: string;
  beforeAll(async () => {
    main = await account();
    related = await account();
    await relate(main, related);
    token = await switched(main, related);
  });

  it('refuses every security call with 403', async () => {
    const captcha = async () => t.solveCaptcha();
    const mobile = related.mobile;
    const idDocumentKey = await uploadIdentityDocument(t, related.token);
    const openId = await sandboxOpenId(t, `switched-${Date.now()}`);
    const calls: [string, string, unknown][] = [
      [
        'PATCH',
        '/api/MemberAuth/ChangePassword',
        { mobile, smsCode: '123456', password: 'NewPass123' },
      ],
      [
        'POST',
        '/api/MemberAuth/SendChangePasswordMessage',
        { mobile, ncVerifyDto: await captcha() },
      ],
      [
        'POST',
        '/api/MemberAuth/SendChangePaymentPasswordMessage',
        { mobile, ncVerifyDto: await captcha() },
      ],
      [
        'PATCH',
        '/api/MemberAuth/ChangePaymentPassword',
        { mobile, smsCode: '123456', password: '123456' },
      ],
      ['POST', '/api/MemberAuth/SendOldMobileMessage', { ncVerifyDto: await captcha() }],
      ['POST', '/api/MemberAuth/checkOldMobileMessage', { smsCode: '123456' }],
      [
        'POST',
        '/api/MemberInfo/SendChangeMobileMessage',
        { mobile: uniqueMobile(), ncVerifyDto: await captcha() },
      ],
      [
        'PATCH',
        '/api/MemberInfo/ChangeMobile',
        { mobile: uniqueMobile(), smsCode: '123456', oldMobileTicket: 'x' },
      ],
      [
        'POST',
        '/api/MemberUpMobileApply/Create',
        { newMobile: uniqueMobile(), smsCode: '123456', reason: '原手机号已停用', idDocumentKey },
      ],
      ['POST', '/api/WechatMb/bind', { openId, mobile, smsCode: '123456' }],
      ['POST', '/api/WechatMb/Unbind', { id: 1 }],
      ['POST', '/api/WechatMb/DeleteBind', { id: 1 }],
      ['POST', '/api/MemberRelationApprove/Apply', { mobile: (await account()).mobile }],
      ['POST', '/api/MemberRelationApprove/Approve', { id: 1 }],
      ['POST', '/api/MemberRelationApprove/Reject', { id: 1 }],
      ['DELETE', '/api/MemberRelationApprove/Delete', { id: 1 }],
    ];
    const textsBefore = (await t.outbox(related.mobile)).length;
    for (const [method, url, payload] of calls) {
      const res = await t.request({
        method: method as 'POST',
        url,
        payload: payload as Record<string, unknown>,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, url).toBe(403);
      expect(res.body).toEqual({ success: false, data: null, message: SWITCHED_REFUSED });
    }
    // Nothing was texted or changed.
    expect(await t.outbox(related.mobile)).toHaveLength(textsBefore);
    expect((await info(token)).status).toBe(200);
    expect((await info(related.token)).status).toBe(200);
  });

  it('still allows the ordinary calls', async () => {
    for (const url of [
      '/api/MemberInfo/Get',
      '/api/MemberAdmin/Get',
      '/api/WechatMb/GetList',
      '/api/MemberRelationApprove/GetRelationListForMember',
      '/api/MemberInfo/GetRelationMember',
    ]) {
      expect((await t.get(url, { token })).status, url).toBe(200);
    }
  });
});

describe('switched tokens themselves', () => {
  it('are refused when the main claims are forged or half present', async () => {
    const main = await account();
    const related = await account();
    const stranger = await account();
    await relate(main, related);
    const { SignJWT } = await import('jose');
    const sidOf = (token: string) =>
      (
        JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
          sid: string;
        }
      ).sid;
    // A live session of the main member named, so only the forged claims can fail.
    const mainSid = sidOf(main.token);
    const strangerSid = sidOf(stranger.token);
    const sign = (claims: Record<string, unknown>, sub: number) => {
      const now = Math.floor(t.clock.now().getTime() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(sub))
        .setIssuer(t.config.jwt.issuer)
        .setAudience(t.config.jwt.audience)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(new TextEncoder().encode(t.config.jwt.secret));
    };
    // Right secret, but a main member with no approved relation.
    expect(
      (await info(await sign({ ver: 0, sid: strangerSid, main: stranger.id, mver: 0 }, related.id)))
        .status,
    ).toBe(401);
    expect(
      (await info(await sign({ ver: 0, sid: mainSid, main: main.id }, related.id))).status,
    ).toBe(401);
    expect(
      (await info(await sign({ ver: 0, sid: mainSid, main: main.id, mver: 7 }, related.id))).status,
    ).toBe(401);
    expect(
      (await info(await sign({ ver: 0, sid: mainSid, main: String(main.id), mver: 0 }, related.id)))
        .status,
    ).toBe(401);
    // Another member's session in a switched token is refused too.
    expect(
      (await info(await sign({ ver: 0, sid: strangerSid, main: main.id, mver: 0 }, related.id)))
        .status,
    ).toBe(401);
    expect(
      (await info(await sign({ ver: 0, sid: mainSid, main: main.id, mver: 0 }, related.id))).status,
    ).toBe(200);
  });
});
