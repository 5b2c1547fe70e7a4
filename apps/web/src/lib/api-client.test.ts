import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineModule } from '@pcb/contract';
import { MemberAdmin } from '@pcb/contract/member-admin';
import { MemberAuth } from '@pcb/contract/member-auth';
import { MemberInfo } from '@pcb/contract/member-info';
import { envelope, mockApi } from '../test/api-mock';
import { ApiError, apiCall, NETWORK_ERROR_MESSAGE, toQueryString } from './api-client';

const announcement = {
  id: 1,
  type: 'home',
  title: '公告',
  content: '内容',
  linkUrl: null,
  startsAt: '2026-01-01',
  endsAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiCall', () => {
  it('sends GET input as a query string and returns the parsed data', async () => {
    const { requests } = mockApi({
      'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ({ body: envelope(announcement) }),
    });
    const result = await apiCall(MemberAuth.GetEffectiveAnnouncement, { type: 'home' });
    expect(result).toEqual(announcement);
    expect(requests[0]?.url.pathname).toBe('/api/MemberAuth/GetEffectiveAnnouncement');
    expect(requests[0]?.url.search).toBe('?type=home');
    expect(requests[0]?.body).toBeUndefined();
  });

  it('sends other methods as a JSON body', async () => {
    const { requests } = mockApi({
      'POST /api/MemberAuth/Login': () => ({ body: envelope({ accessToken: 'tok' }) }),
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
    expect(requests[0]?.body).toEqual(input);
  });

  it('adds the bearer header only when a token is stored', async () => {
    const { requests } = mockApi({
      'GET /api/MemberAdmin/Get': () => ({ body: envelope(null) }),
    });
    await apiCall(MemberAdmin.Get, {});
    localStorage.setItem('accessToken', 'abc.def.ghi');
    await apiCall(MemberAdmin.Get, {});
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('on HTTP 401 removes the token and passes the error on', async () => {
    localStorage.setItem('accessToken', 'expired');
    mockApi({
      'GET /api/MemberInfo/Get': () => ({ status: 401, body: envelope(null, false, '登录已失效') }),
    });
    const error = await apiCall(MemberInfo.Get, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, message: '登录已失效' });
    expect(localStorage.getItem('accessToken')).toBeNull();
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

  it('passes on the Chinese message of a 400', async () => {
    mockApi({
      'POST /api/MemberAuth/Register': () => ({
        status: 400,
        body: envelope(null, false, '短信验证码：验证码错误或已过期'),
      }),
    });
    await expect(
      apiCall(MemberAuth.Register, {
        mobile: '13800138000',
        smsCode: '123456',
        password: 'abc12345',
        agreement: true,
      }),
    ).rejects.toMatchObject({ status: 400, message: '短信验证码：验证码错误或已过期' });
  });

  it('passes on the field a refusal names, and null when it names none', async () => {
    const input = {
      mobile: '13800138000',
      smsCode: '123456',
      password: 'abc12345',
      agreement: true,
    } as const;
    mockApi({
      'POST /api/MemberAuth/Register': () => ({
        status: 400,
        body: { ...envelope(null, false, '短信验证码错误或已过期'), field: 'smsCode' },
      }),
    });
    await expect(apiCall(MemberAuth.Register, input)).rejects.toMatchObject({
      field: 'smsCode',
    });
    mockApi({
      'POST /api/MemberAuth/Register': () => ({
        status: 409,
        body: envelope(null, false, '账号已被停用'),
      }),
    });
    await expect(apiCall(MemberAuth.Register, input)).rejects.toMatchObject({ field: null });
  });

  it('reports a network failure in Chinese', async () => {
    mockApi({ 'GET /api/MemberAdmin/Get': () => 'network-error' });
    await expect(apiCall(MemberAdmin.Get, {})).rejects.toMatchObject({
      status: 0,
      message: NETWORK_ERROR_MESSAGE,
    });
  });

  it('rejects data that does not match the contract', async () => {
    mockApi({ 'GET /api/MemberInfo/Get': () => ({ body: envelope({ id: 'not-a-member' }) }) });
    await expect(apiCall(MemberInfo.Get, {})).rejects.toBeInstanceOf(ApiError);
  });

  it('checks the input against the contract before sending', async () => {
    const { fetchMock } = mockApi({});
    await expect(
      apiCall(MemberAuth.SendRegisterMessage, {
        mobile: '12345',
        ncVerifyDto: { provider: 'altcha', token: 't' },
      }),
    ).rejects.toMatchObject({ status: 400, message: '手机号：请输入以1开头的11位手机号' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('query strings', () => {
  it('repeats the key for each element of an array instead of joining it with commas', () => {
    const query = toQueryString({ ids: [1, 2], type: 'home', tags: ['a,b', 'c'] });
    expect(query).toBe('ids=1&ids=2&type=home&tags=a%2Cb&tags=c');
    const params = new URLSearchParams(query);
    expect(params.getAll('ids')).toEqual(['1', '2']);
    expect(params.getAll('tags')).toEqual(['a,b', 'c']);
  });

  it('leaves out absent values, also inside arrays, and an empty array altogether', () => {
    expect(toQueryString({ a: undefined, b: null, c: [], d: [1, null, 2], e: 0, f: false })).toBe(
      'd=1&d=2&e=0&f=false',
    );
  });

  it('is what apiCall sends for a GET endpoint with an array input', async () => {
    const { List: endpoint } = defineModule('Test', {
      List: {
        method: 'GET',
        summary: 'test',
        access: 'public',
        input: z.object({ ids: z.array(z.number()), page: z.number() }),
        output: z.array(z.number()),
      },
    });
    const { requests } = mockApi({ 'GET /api/Test/List': () => ({ body: envelope([1, 2]) }) });
    await expect(apiCall(endpoint, { ids: [1, 2], page: 3 })).resolves.toEqual([1, 2]);
    expect(requests[0]?.url.search).toBe('?ids=1&ids=2&page=3');
  });
});
