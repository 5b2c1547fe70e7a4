import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/query-client';
import { envelope, fakeToken, inOneHour } from '../../../test/api-mock';
import { baseApi, currentPath, passVerification, typeInto } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

const token = fakeToken(inOneHour());

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('/note, SMS login', () => {
  it('is reached from /login, sends the code after verification and logs in with it', async () => {
    const { requests } = baseApi({
      'POST /api/MemberAuth/SendLoginMessage': () => ({
        body: envelope({ resendAfterSeconds: 60 }),
      }),
      'POST /api/MemberAuth/SmsLogin': () => ({ body: envelope({ accessToken: token }) }),
    });
    renderApp('/login');
    const link = await screen.findByTestId('link-sms-login');
    act(() => fireEvent.click(link));
    await screen.findByTestId('note-page');
    expect(currentPath()).toBe('/note');

    typeInto('note-mobile', '13800138000');
    expect(screen.getByText('验证码将发送至 138****8000')).toBeTruthy();
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('note-send-code')));
    expect(await screen.findByText('验证码已发送')).toBeTruthy();
    expect((await screen.findByTestId('note-send-code')).textContent).toMatch(/重新获取\(\d+s\)/);
    expect(screen.getByTestId('note-send-code').closest('button')?.disabled).toBe(true);
    const send = requests.find((r) => r.url.pathname === '/api/MemberAuth/SendLoginMessage');
    expect(send?.body).toEqual({
      mobile: '13800138000',
      ncVerifyDto: { provider: 'altcha', token: 'solved-payload' },
    });

    typeInto('note-sms-code', '123456');
    act(() => fireEvent.click(screen.getByTestId('note-submit')));
    await screen.findByTestId('member-page');
    expect(currentPath()).toBe('/member');
    expect(localStorage.getItem('accessToken')).toBe(token);
    const login = requests.find((r) => r.url.pathname === '/api/MemberAuth/SmsLogin');
    expect(login?.body).toEqual({
      mobile: '13800138000',
      smsCode: '123456',
      userAgent: navigator.userAgent,
    });
  });

  it('checks the mobile before sending and the code before logging in', async () => {
    const { requests } = baseApi();
    renderApp('/note');
    await screen.findByTestId('note-page');
    typeInto('note-mobile', '2380013800');
    act(() => fireEvent.click(screen.getByTestId('note-send-code')));
    expect(await screen.findByText('请输入以1开头的11位手机号')).toBeTruthy();
    typeInto('note-mobile', '13800138000');
    typeInto('note-sms-code', '12');
    act(() => fireEvent.click(screen.getByTestId('note-submit')));
    expect(await screen.findByText('应为6位数字')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.startsWith('/api/MemberAuth/S'))).toBe(false);
  });

  it('asks for the human verification before sending a code', async () => {
    const { requests } = baseApi();
    renderApp('/note');
    await screen.findByText('点击完成人机验证');
    typeInto('note-mobile', '13800138000');
    act(() => fireEvent.click(screen.getByTestId('note-send-code')));
    expect(await screen.findByText('请先完成人机验证')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname.endsWith('/SendLoginMessage'))).toBe(false);
  });

  it('shows the server message when the code is wrong and stays', async () => {
    baseApi({
      'POST /api/MemberAuth/SmsLogin': () => ({
        status: 400,
        body: envelope(null, false, '验证码错误或已过期'),
      }),
    });
    renderApp('/note');
    await screen.findByTestId('note-page');
    typeInto('note-mobile', '13800138000');
    typeInto('note-sms-code', '000000');
    act(() => fireEvent.click(screen.getByTestId('note-submit')));
    expect(await screen.findByText('验证码错误或已过期')).toBeTruthy();
    expect(currentPath()).toBe('/note');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('links back to password login', async () => {
    baseApi();
    renderApp('/note');
    const link = await screen.findByTestId('link-password-login');
    act(() => fireEvent.click(link));
    await screen.findByTestId('login-page');
  });
});
