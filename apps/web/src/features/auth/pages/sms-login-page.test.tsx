import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour } from '@pcb/client/test';
import { baseApi, currentPath, passVerification, typeInto } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';
import { expectFieldError, expectToast, textOf } from '../../../test/ui-text';
import { solveAltcha } from '../../../components/captcha/altcha-solver';

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
    expect(screen.getByText('验证码将发送至 138****8000').className).toBe('form-field-hint');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('note-send-code')));
    await expectToast('验证码已发送');
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
    await expectFieldError('note-mobile', '请输入以1开头的11位手机号');
    typeInto('note-mobile', '13800138000');
    typeInto('note-sms-code', '12');
    act(() => fireEvent.click(screen.getByTestId('note-submit')));
    await expectFieldError('note-sms-code', '应为6位数字');
    expect(requests.some((r) => r.url.pathname.startsWith('/api/MemberAuth/S'))).toBe(false);
  });

  it('one tap on 获取验证码 runs the human verification and sends the code', async () => {
    const { requests } = baseApi({
      'POST /api/MemberAuth/SendLoginMessage': () => ({
        body: envelope({ resendAfterSeconds: 60 }),
      }),
    });
    renderApp('/note');
    await screen.findByText('点击完成人机验证');
    typeInto('note-mobile', '13800138000');
    act(() => fireEvent.click(screen.getByTestId('note-send-code')));
    await expectToast('验证码已发送');
    const sends = requests.filter((r) => r.url.pathname.endsWith('/SendLoginMessage'));
    expect(sends.map((r) => r.body)).toEqual([
      { mobile: '13800138000', ncVerifyDto: { provider: 'altcha', token: 'solved-payload' } },
    ]);
  });

  it('says so when the human verification fails, and sends nothing', async () => {
    vi.mocked(solveAltcha).mockRejectedValueOnce(new Error('人机验证失败，请重试'));
    const { requests } = baseApi();
    renderApp('/note');
    await screen.findByText('点击完成人机验证');
    typeInto('note-mobile', '13800138000');
    act(() => fireEvent.click(screen.getByTestId('note-send-code')));
    await expectToast('人机验证失败，请重试');
    expect(screen.getByTestId('human-verification').dataset.status).toBe('error');
    expect(requests.some((r) => r.url.pathname.endsWith('/SendLoginMessage'))).toBe(false);
  });

  it('the resend countdown belongs to the number: typing another offers a new code at once', async () => {
    baseApi({
      'POST /api/MemberAuth/SendLoginMessage': () => ({
        body: envelope({ resendAfterSeconds: 60 }),
      }),
    });
    renderApp('/note');
    await screen.findByTestId('note-page');
    typeInto('note-mobile', '13800138000');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('note-send-code')));
    await waitFor(() => expect(textOf('note-send-code')).toMatch(/^重新获取\(\d+s\)$/));
    const button = () => screen.getByTestId('note-send-code') as HTMLButtonElement;
    expect(button().disabled).toBe(true);

    typeInto('note-mobile', '13900139000');
    expect(textOf('note-send-code')).toBe('获取验证码');
    expect(button().disabled).toBe(false);

    // Back to the first number: the server still holds its interval, and so does the button.
    typeInto('note-mobile', '13800138000');
    expect(textOf('note-send-code')).toMatch(/^重新获取\(\d+s\)$/);
  });

  it('a wrong or expired code is explained under the field and resending is offered', async () => {
    baseApi({
      'POST /api/MemberAuth/SmsLogin': () => ({
        status: 400,
        body: envelope(null, false, '短信验证码错误或已过期'),
      }),
    });
    renderApp('/note');
    await screen.findByTestId('note-page');
    typeInto('note-mobile', '13800138000');
    typeInto('note-sms-code', '000000');
    act(() => fireEvent.click(screen.getByTestId('note-submit')));
    await expectFieldError('note-sms-code', '验证码错误或已过期，请核对或重新获取');
    expect(screen.getByTestId('note-send-code').dataset.expired).toBe('true');
    expect(currentPath()).toBe('/note');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('an expired or used code says it is dead and to get a new one', async () => {
    baseApi({
      'POST /api/MemberAuth/SmsLogin': () => ({
        status: 400,
        body: envelope(null, false, '验证码已过期或已使用，请重新获取'),
      }),
    });
    renderApp('/note');
    await screen.findByTestId('note-page');
    typeInto('note-mobile', '13800138000');
    typeInto('note-sms-code', '123456');
    act(() => fireEvent.click(screen.getByTestId('note-submit')));
    await expectFieldError('note-sms-code', '验证码已失效，请重新获取');
    expect(textOf('note-send-code')).toBe('获取验证码');
    expect(screen.getByTestId('note-send-code').dataset.expired).toBe('true');
    // The highlight belongs to the number whose code died.
    typeInto('note-mobile', '13900139000');
    expect(screen.getByTestId('note-send-code').dataset.expired).toBeUndefined();
  });

  it('links back to password login', async () => {
    baseApi();
    renderApp('/note');
    const link = await screen.findByTestId('link-password-login');
    act(() => fireEvent.click(link));
    await screen.findByTestId('login-page');
  });
});
