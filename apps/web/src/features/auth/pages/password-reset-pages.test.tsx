import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { getLoadedMemberInfo } from '../../../lib/member-info';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn, passVerification, typeInto } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';
import { expectFieldError, expectToast } from '../../../test/ui-text';
import { schemaErrors } from '../../../test/schema-errors';
import { passwordResetSchema } from '../components/password-reset-form';

vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

const sent = () => ({ body: envelope({ resendAfterSeconds: 60 }) });

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

const passwordResetErrors = (values: object) => schemaErrors(passwordResetSchema, values);

describe('passwordResetErrors', () => {
  const valid = {
    mobile: '13800138000',
    smsCode: '123456',
    password: 'abc12345',
    confirm: 'abc12345',
  };
  it('accepts the contract rules with a matching second entry', () => {
    expect(passwordResetErrors(valid)).toEqual({});
  });
  it("reports the contract's password rules and a mismatch", () => {
    expect(
      passwordResetErrors({ ...valid, password: 'abcdefgh', confirm: 'abcdefgh' }).password,
    ).toBe('需包含数字');
    expect(passwordResetErrors({ ...valid, password: 'ab1', confirm: 'ab1' }).password).toBe(
      '至少8位',
    );
    expect(passwordResetErrors({ ...valid, confirm: 'abc12346' }).confirm).toBe(
      '两次输入的密码不一致',
    );
    expect(passwordResetErrors({ ...valid, confirm: '' }).confirm).toBe('请再次输入新密码');
  });
});

describe('/forgetPwd', () => {
  it('resets the password with an SMS code and returns to /login with the mobile filled in', async () => {
    const { requests } = baseApi({
      'POST /api/MemberAuth/SendChangePasswordMessage': sent,
      'PATCH /api/MemberAuth/ChangePassword': () => ({ body: envelope({ ok: true }) }),
    });
    renderApp('/login');
    const link = await screen.findByTestId('link-forget-password');
    act(() => fireEvent.click(link));
    await screen.findByTestId('forget-page');
    expect(currentPath()).toBe('/forgetPwd');

    typeInto('forget-mobile', '13800138000');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('forget-send-code')));
    await expectToast('验证码已发送');
    typeInto('forget-sms-code', '654321');
    typeInto('forget-password', 'New2026pass');
    typeInto('forget-password-confirm', 'New2026pass');
    act(() => fireEvent.click(screen.getByTestId('forget-submit')));

    await screen.findByTestId('login-page');
    await expectToast('密码已重置，请重新登录');
    expect((document.getElementById('login-account') as HTMLInputElement).value).toBe(
      '13800138000',
    );
    const change = requests.find((r) => r.url.pathname === '/api/MemberAuth/ChangePassword');
    expect(change?.method).toBe('PATCH');
    expect(change?.body).toEqual({
      areaCode: '86',
      mobile: '13800138000',
      smsCode: '654321',
      password: 'New2026pass',
    });
    const send = requests.find((r) => r.url.pathname.endsWith('/SendChangePasswordMessage'));
    expect(send?.body).toMatchObject({ mobile: '13800138000' });
  });

  it('refuses two different entries without calling the server', async () => {
    const { requests } = baseApi();
    renderApp('/forgetPwd');
    await screen.findByTestId('forget-page');
    typeInto('forget-mobile', '13800138000');
    typeInto('forget-sms-code', '654321');
    typeInto('forget-password', 'New2026pass');
    typeInto('forget-password-confirm', 'New2026pas');
    act(() => fireEvent.click(screen.getByTestId('forget-submit')));
    await expectFieldError('forget-password-confirm', '两次输入的密码不一致');
    expect(requests.some((r) => r.url.pathname.endsWith('/ChangePassword'))).toBe(false);
  });
});

describe('/accountSecurity/setLoginPassword', () => {
  it('changes the password with a code to the own mobile, then ends the session', async () => {
    logIn();
    localStorage.setItem('orderInfo', '{"id":1}');
    const { requests } = baseApi({
      'POST /api/MemberAuth/SendChangePasswordMessage': sent,
      'PATCH /api/MemberAuth/ChangePassword': () => ({ body: envelope({ ok: true }) }),
    });
    renderApp('/accountSecurity/setLoginPassword');
    expect((await screen.findByTestId('set-login-mobile')).textContent).toBe('138****8000');
    expect(screen.getByTestId('page-header').textContent).toContain('修改登录密码');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('set-login-send-code')));
    await expectToast('验证码已发送');
    typeInto('set-login-sms-code', '111222');
    typeInto('set-login-password', 'Fresh2026x');
    typeInto('set-login-password-confirm', 'Fresh2026x');
    act(() => fireEvent.click(screen.getByTestId('set-login-submit')));

    await screen.findByTestId('login-page');
    await expectToast('密码已修改，请重新登录');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('orderInfo')).toBeNull();
    expect(getLoadedMemberInfo()).toBeUndefined();
    expect((document.getElementById('login-account') as HTMLInputElement).value).toBe(
      '13800138000',
    );
    const send = requests.find((r) => r.url.pathname.endsWith('/SendChangePasswordMessage'));
    expect(send?.body).toMatchObject({ mobile: '13800138000' });
    const change = requests.find((r) => r.url.pathname.endsWith('/ChangePassword'));
    expect(change?.body).toMatchObject({
      areaCode: '86',
      mobile: '13800138000',
      smsCode: '111222',
    });
  });

  it('explains a wrong or expired code under the field and keeps the session', async () => {
    const token = logIn();
    baseApi({
      'PATCH /api/MemberAuth/ChangePassword': () => ({
        status: 400,
        body: envelope(null, false, '短信验证码错误或已过期'),
      }),
    });
    renderApp('/accountSecurity/setLoginPassword');
    await screen.findByTestId('set-login-mobile');
    typeInto('set-login-sms-code', '111222');
    typeInto('set-login-password', 'Fresh2026x');
    typeInto('set-login-password-confirm', 'Fresh2026x');
    act(() => fireEvent.click(screen.getByTestId('set-login-submit')));
    await expectFieldError('set-login-sms-code', '验证码错误或已过期，请核对或重新获取');
    expect(screen.getByTestId('set-login-send-code').dataset.expired).toBe('true');
    expect(localStorage.getItem('accessToken')).toBe(token);
  });
});
