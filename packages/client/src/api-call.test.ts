import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineModule } from '@pcb/contract';
import { MemberAdmin } from '@pcb/contract/member-admin';
import { MemberAuth } from '@pcb/contract/member-auth';
import { MemberInfo } from '@pcb/contract/member-info';
import { StaffAudit } from '@pcb/contract/staff-audit';
import { StaffAuth } from '@pcb/contract/staff-auth';
import { createApiCall, type TransportAdapter } from './api-call';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { envelope, mockApi, ok, refuse } from './test/api-mock';

const announcement = {
  id: 1,
  type: 'home',
  title: '公告',
  content: '内容',
  linkUrl: null,
  startsAt: '2026-01-01',
  endsAt: null,
};

const registerInput = {
  mobile: '13800138000',
  smsCode: '123456',
  password: 'abc12345',
  agreement: true,
} as const;

const apiCall = createApiCall({ apiBase: '' });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('sends GET input as a query string and returns the parsed data', async () => {
    const { requests } = mockApi({
      'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ok(announcement),
    });
    const result = await apiCall(MemberAuth.GetEffectiveAnnouncement, { type: 'home' });
    expect(result).toEqual(announcement);
    expect(requests[0]?.url.pathname).toBe('/api/MemberAuth/GetEffectiveAnnouncement');
    expect(requests[0]?.url.search).toBe('?type=home');
    expect(requests[0]?.body).toBeUndefined();
  });

  it('sends other methods as a JSON body, with the page’s cookies', async () => {
    const { requests } = mockApi({
      'POST /api/MemberAuth/Login': () => ok({ accessToken: 'tok' }),
    });
    const input = {
      userNameOrMobile: '13800138000',
      password: 'secret123',
      userAgent: 'UA',
      ncVerifyDto: { provider: 'altcha' as const, token: 'payload' },
    };
    await expect(apiCall(MemberAuth.Login, input)).resolves.toEqual({ accessToken: 'tok' });
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.credentials).toBe('same-origin');
    expect(requests[0]?.body).toEqual(input);
  });

  it('puts every path under the API base', async () => {
    const { requests } = mockApi({ 'GET /base/api/MemberAdmin/Get': () => ok(null) });
    await createApiCall({ apiBase: 'http://localhost/base' })(MemberAdmin.Get, {});
    expect(requests[0]?.url.href).toBe('http://localhost/base/api/MemberAdmin/Get');
  });

  it('adds the headers the app gives, read at the time of each call', async () => {
    let token: string | null = null;
    const call = createApiCall({
      apiBase: '',
      headers: (): Record<string, string> => (token ? { Authorization: `Bearer ${token}` } : {}),
    });
    const { requests } = mockApi({ 'GET /api/MemberAdmin/Get': () => ok(null) });
    await call(MemberAdmin.Get, {});
    token = 'abc.def.ghi';
    await call(MemberAdmin.Get, {});
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  describe('a 401', () => {
    const adapter = () => {
      const onUnauthorized = vi.fn<NonNullable<TransportAdapter['onUnauthorized']>>();
      return { onUnauthorized, call: createApiCall({ apiBase: '', onUnauthorized }) };
    };

    it('from an endpoint that needs a session tells the app, and passes the error on', async () => {
      const { onUnauthorized, call } = adapter();
      mockApi({ 'GET /api/MemberInfo/Get': () => refuse(401, '登录已失效') });
      const error = await call(MemberInfo.Get, {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 401, message: '登录已失效' });
      expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(MemberInfo.Get);

      mockApi({ 'GET /api/StaffAudit/List': () => refuse(401, '登录已过期，请重新登录') });
      await expect(call(StaffAudit.List, { page: 1, pageSize: 20 })).rejects.toMatchObject({
        status: 401,
      });
      expect(onUnauthorized).toHaveBeenLastCalledWith(StaffAudit.List);
    });

    it('from a public endpoint (a wrong password at a login step) ends no session', async () => {
      const { onUnauthorized, call } = adapter();
      mockApi({ 'POST /api/StaffAuth/Login': () => refuse(401, '用户名或密码错误') });
      await expect(
        call(StaffAuth.Login, { userName: 'demo.admin', password: 'wrong-password' }),
      ).rejects.toMatchObject({ status: 401, message: '用户名或密码错误' });
      expect(onUnauthorized).not.toHaveBeenCalled();
    });
  });

  it('turns an envelope with success false into an ApiError with the server message', async () => {
    mockApi({
      'POST /api/MemberAuth/Login': () => ({ body: envelope(null, false, '账号或密码错误') }),
    });
    await expect(
      apiCall(MemberAuth.Login, {
        userNameOrMobile: 'a',
        password: 'b',
        ncVerifyDto: { provider: 'altcha', token: 't' },
      }),
    ).rejects.toMatchObject({ status: 200, message: '账号或密码错误' });
  });

  it('passes on the field a refusal names, and null when it names none', async () => {
    mockApi({
      'POST /api/MemberAuth/Register': () => refuse(400, '短信验证码错误或已过期', 'smsCode'),
    });
    await expect(apiCall(MemberAuth.Register, registerInput)).rejects.toMatchObject({
      status: 400,
      message: '短信验证码错误或已过期',
      field: 'smsCode',
    });
    mockApi({ 'POST /api/MemberAuth/Register': () => refuse(409, '账号已被停用') });
    await expect(apiCall(MemberAuth.Register, registerInput)).rejects.toMatchObject({
      field: null,
    });
  });

  it('says in Chinese what the status means when the server sent no message', async () => {
    mockApi({ 'GET /api/MemberAdmin/Get': () => ({ status: 503, body: 'Service Unavailable' }) });
    await expect(apiCall(MemberAdmin.Get, {})).rejects.toMatchObject({
      status: 503,
      message: '服务器繁忙，请稍后重试',
    });
  });

  it('reads when a refused call may be tried again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify(envelope(null, false, '操作太频繁')), {
            status: 429,
            headers: { 'Retry-After': '42.5' },
          }),
      ),
    );
    await expect(apiCall(MemberAdmin.Get, {})).rejects.toMatchObject({
      status: 429,
      retryAfterSeconds: 43,
    });
  });

  it('reports a network failure in Chinese', async () => {
    mockApi({ 'GET /api/MemberAdmin/Get': () => 'network-error' });
    await expect(apiCall(MemberAdmin.Get, {})).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('lets a cancelled call end as an abort, not as a failure to show', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new DOMException('aborted', 'AbortError');
      }),
    );
    await expect(apiCall(MemberAdmin.Get, {})).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('rejects data that does not match the contract', async () => {
    mockApi({ 'GET /api/MemberInfo/Get': () => ok({ id: 'not-a-member' }) });
    await expect(apiCall(MemberInfo.Get, {})).rejects.toMatchObject({
      status: 200,
      message: '服务器返回的数据有误，请稍后重试',
    });
  });

  // Decision 0037: the web app used to drop the field of its own input check, the console kept
  // it; both now keep it, so a form shows the message under the field either way.
  it('checks the input against the contract before sending, naming the field', async () => {
    const { fetchMock } = mockApi({});
    await expect(
      apiCall(MemberAuth.SendRegisterMessage, {
        mobile: '12345',
        ncVerifyDto: { provider: 'altcha', token: 't' },
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: '手机号：请输入以1开头的11位手机号',
      field: 'mobile',
    });
    await expect(
      apiCall(MemberAuth.SendRegisterMessage, {
        mobile: '13800138000',
        ncVerifyDto: { provider: 'altcha', token: '' },
      }),
    ).rejects.toMatchObject({ status: 400, field: 'ncVerifyDto.token' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends a GET with an array input as one key per element', async () => {
    const { List: endpoint } = defineModule('Test', {
      List: {
        method: 'GET',
        summary: 'test',
        access: 'public',
        input: z.object({ ids: z.array(z.number()), page: z.number() }),
        output: z.array(z.number()),
      },
    });
    const { requests } = mockApi({ 'GET /api/Test/List': () => ok([1, 2]) });
    await expect(apiCall(endpoint, { ids: [1, 2], page: 3 })).resolves.toEqual([1, 2]);
    expect(requests[0]?.url.search).toBe('?ids=1&ids=2&page=3');
  });

  // Decision 0037: the web app sent `keyword=`, the console left it out; an empty filter is
  // now left out by both, so the server never reads "" as a filter (or refuses it as a number).
  it('leaves an empty filter out of the query string', async () => {
    const { requests } = mockApi({
      'GET /api/StaffAudit/List': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    });
    await apiCall(StaffAudit.List, { action: '', objectType: 'member', page: 1, pageSize: 20 });
    expect(requests[0]?.url.search).toBe('?objectType=member&page=1&pageSize=20');
  });
});
