import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { memberFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { tapDialogButton } from '../../../test/dialog';
import { expectToast } from '../../../test/ui-text';

const binding = {
  id: 1,
  openIdMasked: 'oAbc…xyz',
  nickName: '张三的微信',
  avatar: null,
  isBound: true,
  boundAt: '2026-11-01T08:00:00Z',
  unboundAt: null,
};

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => vi.unstubAllGlobals());

const status = (id: string) => screen.getByTestId(`security-${id}-status`).textContent;

describe('/accountSecurity', () => {
  it('shows what is set: login password, payment password, masked mobile, WeChat binding', async () => {
    logIn();
    baseApi({
      'GET /api/MemberInfo/Get': () => ({
        body: envelope({ ...memberFixture, hasPassword: true, hasPaymentPassword: false }),
      }),
      'GET /api/WechatMb/GetList': () => ({ body: envelope([binding]) }),
    });
    renderApp('/accountSecurity');
    await screen.findByTestId('security-login-password');
    expect(status('login-password')).toBe('已设置');
    expect(screen.getByTestId('security-login-password').textContent).toContain('修改');
    expect(status('payment-password')).toContain('未设置');
    expect(screen.getByTestId('security-payment-password').textContent).toContain('设置');
    expect(status('mobile')).toBe('138****8000');
    expect(screen.getByTestId('security-mobile').textContent).toContain('更换');
    await waitFor(() => expect(status('wechat')).toBe('已绑定'));
  });

  it('says 未绑定 without an active binding, and leads to each setting', async () => {
    logIn();
    baseApi({
      'GET /api/MemberInfo/Get': () => ({
        body: envelope({ ...memberFixture, hasPaymentPassword: true }),
      }),
      'GET /api/WechatMb/GetList': () => ({
        body: envelope([{ ...binding, isBound: false, unboundAt: '2026-11-02T00:00:00Z' }]),
      }),
      'GET /api/WechatConfig/GetOfficialAccountQrCodeUrl': () => ({
        body: envelope({ url: '/qr.png', expiresIn: 600 }),
      }),
    });
    renderApp('/accountSecurity');
    await waitFor(() => expect(status('wechat')).toBe('未绑定'));
    expect(status('payment-password')).toBe('已设置');
    act(() => fireEvent.click(screen.getByTestId('security-payment-password')));
    await screen.findByTestId('pay-password-page');
    expect(currentPath()).toBe('/accountSecurity/payThePassword');
  });

  it('is for the account owner only: while switched it sends the member back to the main account', async () => {
    logIn();
    const { requests } = baseApi({
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope({
          isSwitched: true,
          mainMember: { id: 7, displayName: '张三', mobileMasked: '138****8000' },
        }),
      }),
    });
    renderApp('/accountSecurity');
    await screen.findByTestId('security-switched');
    expect(await screen.findByTestId('switch-back')).toBeInTheDocument();
    expect(screen.queryByTestId('security-login-password')).toBeNull();
    expect(requests.some((r) => r.url.pathname === '/api/WechatMb/GetList')).toBe(false);
  });
});

describe('/accountSecurity, 退出所有设备', () => {
  it('after confirmation ends every session on the server, then this one, and says so', async () => {
    logIn();
    const { requests } = baseApi({
      'GET /api/WechatMb/GetList': () => ({ body: envelope([]) }),
      'POST /api/MemberAuth/LogoutAll': () => ({ body: envelope({ ok: true }) }),
    });
    renderApp('/accountSecurity');
    const logoutAll = await screen.findByTestId('security-logout-all');
    act(() => fireEvent.click(logoutAll));
    await tapDialogButton('退出所有设备');
    await screen.findByTestId('login-page');
    await expectToast('已退出所有设备');
    expect(localStorage.getItem('accessToken')).toBeNull();
    const calls = requests.filter((r) => r.url.pathname.startsWith('/api/MemberAuth/Logout'));
    expect(calls.map((r) => [r.method, r.url.pathname])).toEqual([
      ['POST', '/api/MemberAuth/LogoutAll'],
    ]);
  });

  it('does nothing when the member cancels', async () => {
    const token = logIn();
    const { requests } = baseApi({ 'GET /api/WechatMb/GetList': () => ({ body: envelope([]) }) });
    renderApp('/accountSecurity');
    const logoutAll = await screen.findByTestId('security-logout-all');
    act(() => fireEvent.click(logoutAll));
    await tapDialogButton('取消');
    await waitFor(() => expect(document.querySelector('.adm-dialog')).toBeNull());
    expect(currentPath()).toBe('/accountSecurity');
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(requests.some((r) => r.url.pathname === '/api/MemberAuth/LogoutAll')).toBe(false);
  });

  it('keeps the session and says why when the server could not end the others', async () => {
    const token = logIn();
    baseApi({
      'GET /api/WechatMb/GetList': () => ({ body: envelope([]) }),
      'POST /api/MemberAuth/LogoutAll': () => ({
        status: 500,
        body: envelope(null, false, '服务器繁忙，请稍后重试'),
      }),
    });
    renderApp('/accountSecurity');
    const logoutAll = await screen.findByTestId('security-logout-all');
    act(() => fireEvent.click(logoutAll));
    await tapDialogButton('退出所有设备');
    await expectToast('服务器繁忙，请稍后重试');
    expect(currentPath()).toBe('/accountSecurity');
    expect(localStorage.getItem('accessToken')).toBe(token);
  });
});
