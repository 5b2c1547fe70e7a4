import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemberAdmin } from '@pcb/contract/member-admin';
import { MemberAuth } from '@pcb/contract/member-auth';
import { MemberInfo } from '@pcb/contract/member-info';
import { mockApi, ok, refuse } from '@pcb/client/test';
import { apiCall } from './api';

afterEach(() => {
  vi.unstubAllGlobals();
});

// What the member app adds to the shared client (packages/client tests the rest).
describe("the member app's client", () => {
  it('adds the bearer header only when a token is stored', async () => {
    const { requests } = mockApi({ 'GET /api/MemberAdmin/Get': () => ok(null) });
    await apiCall(MemberAdmin.Get, {});
    localStorage.setItem('accessToken', 'abc.def.ghi');
    await apiCall(MemberAdmin.Get, {});
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[1]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it('forgets the token when the server refuses it', async () => {
    localStorage.setItem('accessToken', 'expired');
    mockApi({ 'GET /api/MemberInfo/Get': () => refuse(401, '登录已失效') });
    await expect(apiCall(MemberInfo.Get, {})).rejects.toMatchObject({
      status: 401,
      message: '登录已失效',
    });
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('keeps the token when a public call answers 401', async () => {
    localStorage.setItem('accessToken', 'still-good');
    mockApi({ 'POST /api/MemberAuth/Login': () => refuse(401, '账号或密码错误') });
    await expect(
      apiCall(MemberAuth.Login, {
        userNameOrMobile: '13800138000',
        password: 'secret123',
        ncVerifyDto: { provider: 'altcha', token: 't' },
      }),
    ).rejects.toMatchObject({ status: 401 });
    expect(localStorage.getItem('accessToken')).toBe('still-good');
  });
});
