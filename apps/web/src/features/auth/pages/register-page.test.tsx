import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { renderApp } from '../../../test/render-app';
import { challengeFixture, memberFixture } from '../../../test/fixtures';
import { expectFieldError, expectToast, fieldError } from '../../../test/ui-text';

vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

const token = fakeToken(inOneHour());

function api() {
  return mockApi({
    'GET /api/Captcha/GetConfig': () => ({ body: envelope({ provider: 'altcha' }) }),
    'GET /api/Captcha/GetChallenge': () => ({ body: envelope(challengeFixture) }),
    'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ({ body: envelope(null) }),
    'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
    'POST /api/MemberAuth/SendRegisterMessage': () => ({
      body: envelope({ resendAfterSeconds: 60 }),
    }),
    'POST /api/MemberAuth/Register': () => ({ body: envelope({ accessToken: token }) }),
    'GET /api/MemberInfo/Get': () => ({ body: envelope(memberFixture) }),
    'GET /api/MemberAdmin/Get': () => ({ body: envelope(null) }),
  });
}

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('register page', () => {
  it("shows the contract's field rules inline", async () => {
    const { requests } = api();
    renderApp('/register');
    await screen.findByTestId('register-page');
    type('register-password', 'abcdefgh');
    act(() => fireEvent.click(screen.getByTestId('register-submit')));
    await expectFieldError('register-mobile', '请输入以1开头的11位手机号');
    expect(fieldError('register-sms-code')).toBe('应为6位数字');
    expect(fieldError('register-password')).toBe('需包含数字');
    expect(screen.getByText('请阅读并同意会员协议').getAttribute('role')).toBe('alert');
    expect(requests.some((r) => r.url.pathname === '/api/MemberAuth/Register')).toBe(false);
  });

  it('sends the SMS code after verification and counts down before the next one', async () => {
    const { requests } = api();
    renderApp('/register');
    await screen.findByText('点击完成人机验证');
    type('register-mobile', '13800138000');
    expect(screen.getByText('验证码将发送至 138****8000').className).toBe('form-field-hint');
    act(() => fireEvent.click(screen.getByTestId('human-verification')));
    await screen.findByText('验证通过');
    act(() => fireEvent.click(screen.getByTestId('register-send-code')));
    const button = await screen.findByText(/^重新获取\((60|59)s\)$/);
    expect(button.closest('button')?.disabled).toBe(true);
    await expectToast('验证码已发送');
    const send = requests.find((r) => r.url.pathname === '/api/MemberAuth/SendRegisterMessage');
    expect(send?.body).toEqual({
      mobile: '13800138000',
      ncVerifyDto: { provider: 'altcha', token: 'solved-payload' },
    });
  });

  it('registers with the session attribution and opens the member centre', async () => {
    sessionStorage.setItem('from', 'miniprogram');
    sessionStorage.setItem('bd_vid', 'vid-7');
    const { requests } = api();
    renderApp('/register');
    await screen.findByTestId('register-page');
    type('register-mobile', '13800138000');
    type('register-sms-code', '123456');
    type('register-password', 'abc12345');
    act(() => fireEvent.click(screen.getByText('我已阅读并同意')));
    act(() => fireEvent.click(screen.getByTestId('register-submit')));
    await screen.findByTestId('member-page');
    await expectToast('注册成功');
    const register = requests.find((r) => r.url.pathname === '/api/MemberAuth/Register');
    expect(register?.body).toEqual({
      mobile: '13800138000',
      smsCode: '123456',
      password: 'abc12345',
      agreement: true,
      from: 'miniprogram',
      bd_vid: 'vid-7',
    });
    expect(localStorage.getItem('accessToken')).toBe(token);
  });

  it('explains a used code under the field and makes getting a new one obvious', async () => {
    const handlers = api();
    renderApp('/register');
    await screen.findByTestId('register-page');
    const { fetchMock } = handlers;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).endsWith('/api/MemberAuth/Register')
        ? new Response(JSON.stringify(envelope(null, false, '验证码已过期或已使用，请重新获取')), {
            status: 400,
            headers: { 'Content-Type': 'application/json' },
          })
        : fetchMock(input, init),
    );
    type('register-mobile', '13800138000');
    type('register-sms-code', '123456');
    type('register-password', 'abc12345');
    act(() => fireEvent.click(screen.getByText('我已阅读并同意')));
    act(() => fireEvent.click(screen.getByTestId('register-submit')));
    await expectFieldError('register-sms-code', '验证码已失效，请重新获取');
    expect(screen.getByTestId('register-send-code').dataset.expired).toBe('true');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });
});
