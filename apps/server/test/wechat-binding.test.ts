import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberInfo, WechatBinding } from '@pcb/contract';
import { SANDBOX_WECHAT_APP_ID } from '../src/integrations/wechat/sandbox-wechat';
import { buildTestApp, uniqueMobile, type TestApp } from './helper';
import { sandboxOpenId } from './wechat-support';

let t: TestApp;
let userCounter = 0;
beforeAll(async () => {
  t = await buildTestApp({ env: { SMS_IP_DAILY_LIMIT: '100000' } });
});
afterAll(async () => t?.close());

/** A new WeChat user of the sandbox, and its sealed openid. */
const newWechatUser = () => sandboxOpenId(t, `user-${++userCounter}-${Date.now()}`);

async function bindByPassword(
  openId: string,
  account: { mobile: string; password?: string },
  token?: string,
) {
  return t.post<{ accessToken: string }>(
    '/api/WechatMb/bind',
    {
      openId,
      userNameOrMobile: account.mobile,
      password: account.password ?? 'Passw0rd!',
      ncVerifyDto: await t.solveCaptcha(),
    },
    { token },
  );
}

const openIdLogin = (openId: string) =>
  t.post<{ accessToken: string }>('/api/WechatMb/OpenIdLogin', { openId });

const bindingState = (openId: string) =>
  t.get<{ isBound: boolean; mobileMasked: string | null }>('/api/WechatMb/GetByOpenId', {
    query: { openId },
  });

const idOf = async (token: string) =>
  (await t.get<MemberInfo>('/api/MemberInfo/Get', { token })).body.data.id;

describe('WechatMb.bind, OpenIdLogin and GetByOpenId', () => {
  it('binds with the password (logged out) and then logs in without one', async () => {
    const mobile = uniqueMobile();
    const { id } = await t.createMember({ mobile });
    const openId = await newWechatUser();
    expect((await bindingState(openId)).body.data).toEqual({ isBound: false, mobileMasked: null });
    expect((await openIdLogin(openId)).body).toEqual({
      success: false,
      data: null,
      message: '该微信尚未绑定账号',
    });

    const bound = await bindByPassword(openId, { mobile });
    expect(bound.status).toBe(200);
    expect(await idOf(bound.body.data.accessToken)).toBe(id);
    expect((await bindingState(openId)).body.data).toEqual({
      isBound: true,
      mobileMasked: `${mobile.slice(0, 3)}****${mobile.slice(7)}`,
    });
    const login = await openIdLogin(openId);
    expect(login.status).toBe(200);
    expect(await idOf(login.body.data.accessToken)).toBe(id);
  });

  it('binds with an SMS login code', async () => {
    const mobile = uniqueMobile();
    const { id } = await t.createMember({ mobile });
    const openId = await newWechatUser();
    const smsCode = await t.sendCode('/api/MemberAuth/SendLoginMessage', { mobile });
    const res = await t.post<{ accessToken: string }>('/api/WechatMb/bind', {
      openId,
      mobile,
      smsCode,
    });
    expect(res.status).toBe(200);
    expect(await idOf(res.body.data.accessToken)).toBe(id);
    // The code is used up.
    const again = await t.post('/api/WechatMb/bind', { openId, mobile, smsCode });
    expect(again.body.message).toBe('短信验证码错误或已过期');
  });

  it('needs fresh proof: no proof, a wrong password or a code of another purpose fail', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile });
    const openId = await newWechatUser();
    const none = await t.post('/api/WechatMb/bind', { openId });
    expect(none.status).toBe(400);
    const wrong = await bindByPassword(openId, { mobile, password: 'NotIt1234' });
    expect(wrong.body.message).toBe('账号或密码错误，还可尝试4次');
    const noCaptcha = await t.post('/api/WechatMb/bind', {
      openId,
      userNameOrMobile: mobile,
      password: 'Passw0rd!',
      ncVerifyDto: { provider: 'altcha', token: 'forged' },
    });
    expect(noCaptcha.body.message).toBe('人机验证失败，请重试');
    const forgotCode = await t.sendCode('/api/MemberAuth/SendChangePasswordMessage', { mobile });
    const otherPurpose = await t.post('/api/WechatMb/bind', {
      openId,
      mobile,
      smsCode: forgotCode,
    });
    expect(otherPurpose.body.message).toBe('短信验证码错误或已过期');
    const unknown = await t.post('/api/WechatMb/bind', {
      openId,
      mobile: uniqueMobile(),
      smsCode: '123456',
    });
    expect(unknown.body.message).toBe('短信验证码错误或已过期');
    expect((await bindingState(openId)).body.data.isBound).toBe(false);
  });

  it('counts wrong passwords in the login throttle', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile });
    const openId = await newWechatUser();
    for (let i = 0; i < 10; i++) {
      await bindByPassword(openId, { mobile, password: `Wrong${i}abc` });
    }
    const blocked = await bindByPassword(openId, { mobile });
    expect(blocked.status).toBe(429);
    t.clock.advance(15 * 60_000 + 1_000);
  });

  it('logged in, takes only the logged-in member’s proof', async () => {
    const mobile = uniqueMobile();
    const me = await t.createMember({ mobile });
    const otherMobile = uniqueMobile();
    await t.createMember({ mobile: otherMobile });
    const openId = await newWechatUser();
    const foreign = await bindByPassword(openId, { mobile: otherMobile }, me.token);
    expect(foreign.status).toBe(403);
    expect(foreign.body.message).toBe('验证信息与当前账号不符');
    expect((await bindingState(openId)).body.data.isBound).toBe(false);
    const own = await bindByPassword(openId, { mobile }, me.token);
    expect(own.status).toBe(200);
    expect(await idOf(own.body.data.accessToken)).toBe(me.id);
  });

  it('refuses a WeChat bound to another member, and accepts binding it again to the same', async () => {
    const a = uniqueMobile();
    const b = uniqueMobile();
    await t.createMember({ mobile: a });
    const memberB = await t.createMember({ mobile: b });
    const openId = await newWechatUser();
    expect((await bindByPassword(openId, { mobile: a })).status).toBe(200);

    const loggedOut = await bindByPassword(openId, { mobile: b });
    expect(loggedOut.status).toBe(409);
    expect(loggedOut.body.message).toBe('该微信已绑定其他账号，请先在原账号解绑');
    const loggedIn = await bindByPassword(openId, { mobile: b }, memberB.token);
    expect(loggedIn.status).toBe(409);

    const again = await bindByPassword(openId, { mobile: a });
    expect(again.status).toBe(200);
    const { rows } = await t.database.pool.query(
      'SELECT count(*)::int AS n FROM wechat_binding WHERE member_id = (SELECT id FROM member WHERE mobile = $1)',
      [a],
    );
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('binds one WeChat to one member when two binds race', async () => {
    const a = uniqueMobile();
    const b = uniqueMobile();
    await t.createMember({ mobile: a });
    await t.createMember({ mobile: b });
    const openId = await newWechatUser();
    const results = await Promise.all([
      bindByPassword(openId, { mobile: a }),
      bindByPassword(openId, { mobile: b }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('refuses a disabled member at OpenIdLogin', async () => {
    const mobile = uniqueMobile();
    const { id } = await t.createMember({ mobile });
    const openId = await newWechatUser();
    await bindByPassword(openId, { mobile });
    await t.database.pool.query("UPDATE member SET status = 'disabled' WHERE id = $1", [id]);
    expect((await openIdLogin(openId)).body.message).toBe('该微信尚未绑定账号');
  });
});

describe('the sealed openid', () => {
  it('cannot be replaced by a raw openid, a forged seal or a tampered one', async () => {
    const mobile = uniqueMobile();
    await t.createMember({ mobile });
    const openId = await newWechatUser();
    await bindByPassword(openId, { mobile });
    const [, payload, mac] = openId.split('.') as [string, string, string];
    const raw = (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { o: string }).o;
    const otherPayload = Buffer.from(
      JSON.stringify({ a: SANDBOX_WECHAT_APP_ID, o: `${raw.slice(0, -1)}Z` }),
    ).toString('base64url');
    const forgedMac = createHmac('sha256', 'a-guessed-key').update(payload).digest('base64url');

    for (const candidate of [
      raw,
      `v1.${payload}.${forgedMac}`,
      `v1.${otherPayload}.${mac}`,
      `v2.${payload}.${mac}`,
      `${openId}.extra`,
      `v1.${payload}.${mac.slice(0, -2)}AA`,
    ]) {
      const login = await openIdLogin(candidate);
      expect(login.status, candidate).toBe(400);
      expect(login.body.message).toBe('该微信尚未绑定账号');
      const state = await bindingState(candidate);
      expect(state.status).toBe(400);
      expect(state.body.message).toBe('微信身份无效，请重新进入');
      const bind = await bindByPassword(candidate, { mobile });
      expect(bind.body.message).toBe('微信身份无效，请重新进入');
    }
    // Too short for the contract (the client requires more than 20 characters).
    expect((await openIdLogin('o123')).body.message).toBe('微信身份：微信身份无效');
  });
});

describe('WechatMb.GetList, Unbind and DeleteBind', () => {
  it('lists the member’s own bindings with masked openids', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const first = await newWechatUser();
    const second = await newWechatUser();
    await bindByPassword(first, { mobile }, token);
    await bindByPassword(second, { mobile }, token);
    // A third one bound from the /bind page, logged out.
    await bindByPassword(await newWechatUser(), { mobile });
    const list = await t.get<WechatBinding[]>('/api/WechatMb/GetList', { token });
    expect(list.body.data).toHaveLength(3);
    for (const binding of list.body.data) {
      expect(binding.openIdMasked).toMatch(/^o[A-Za-z0-9_-]{3}…[A-Za-z0-9_-]{3}$/);
      expect(binding).toMatchObject({ isBound: true, unboundAt: null, nickName: null });
    }
    expect(JSON.stringify(list.body.data)).not.toContain(first.split('.')[1] ?? 'x');
    const stranger = await t.createMember({ mobile: uniqueMobile() });
    expect(
      (await t.get<WechatBinding[]>('/api/WechatMb/GetList', { token: stranger.token })).body.data,
    ).toEqual([]);
  });

  it('unbinds: the record stays, silent login stops, earlier tokens die, the new one works', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const openId = await newWechatUser();
    const bound = (await bindByPassword(openId, { mobile }, token)).body.data.accessToken;
    const [binding] = (await t.get<WechatBinding[]>('/api/WechatMb/GetList', { token: bound })).body
      .data;

    const res = await t.post<{ accessToken: string }>(
      '/api/WechatMb/Unbind',
      { id: binding?.id },
      { token: bound },
    );
    expect(res.status).toBe(200);
    for (const old of [token, bound]) {
      expect((await t.get('/api/MemberInfo/Get', { token: old })).status).toBe(401);
    }
    const fresh = res.body.data.accessToken;
    const list = await t.get<WechatBinding[]>('/api/WechatMb/GetList', { token: fresh });
    expect(list.body.data[0]).toMatchObject({ id: binding?.id, isBound: false });
    expect(list.body.data[0]?.unboundAt).toEqual(expect.any(String));
    expect((await openIdLogin(openId)).body.message).toBe('该微信尚未绑定账号');
    expect((await bindingState(openId)).body.data.isBound).toBe(false);

    // Once unbound, the WeChat can be bound again (to anyone).
    const other = uniqueMobile();
    await t.createMember({ mobile: other });
    expect((await bindByPassword(openId, { mobile: other })).status).toBe(200);
  });

  it('deletes a binding record, ending earlier tokens', async () => {
    const mobile = uniqueMobile();
    const { token } = await t.createMember({ mobile });
    const openId = await newWechatUser();
    const bound = (await bindByPassword(openId, { mobile }, token)).body.data.accessToken;
    const [binding] = (await t.get<WechatBinding[]>('/api/WechatMb/GetList', { token: bound })).body
      .data;
    const res = await t.post<{ accessToken: string }>(
      '/api/WechatMb/DeleteBind',
      { id: binding?.id },
      { token: bound },
    );
    expect(res.status).toBe(200);
    expect((await t.get('/api/MemberInfo/Get', { token: bound })).status).toBe(401);
    const list = await t.get<WechatBinding[]>('/api/WechatMb/GetList', {
      token: res.body.data.accessToken,
    });
    expect(list.body.data).toEqual([]);
    expect((await openIdLogin(openId)).status).toBe(400);
  });

  it('touches only the member’s own bindings', async () => {
    const owner = uniqueMobile();
    const ownerMember = await t.createMember({ mobile: owner });
    const openId = await newWechatUser();
    await bindByPassword(openId, { mobile: owner }, ownerMember.token);
    const [binding] = (
      await t.get<WechatBinding[]>('/api/WechatMb/GetList', {
        token: (await openIdLogin(openId)).body.data.accessToken,
      })
    ).body.data;
    const intruder = await t.createMember({ mobile: uniqueMobile() });
    for (const url of ['/api/WechatMb/Unbind', '/api/WechatMb/DeleteBind']) {
      const res = await t.post(url, { id: binding?.id }, { token: intruder.token });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('绑定记录不存在');
    }
    expect((await openIdLogin(openId)).status).toBe(200);
    expect((await t.get('/api/MemberInfo/Get', { token: intruder.token })).status).toBe(200);
  });

  it('need a login', async () => {
    expect((await t.get('/api/WechatMb/GetList')).status).toBe(401);
    expect((await t.post('/api/WechatMb/Unbind', { id: 1 })).status).toBe(401);
    expect((await t.post('/api/WechatMb/DeleteBind', { id: 1 })).status).toBe(401);
  });
});
