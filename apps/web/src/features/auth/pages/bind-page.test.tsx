import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { documentNavigation } from '../../../lib/document-navigation';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour } from '@pcb/client/test';
import { baseApi, currentPath, logIn, passVerification, typeInto } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/122.0 Mobile Safari/537.36 MicroMessenger/8.0.48.2580 NetType/WIFI';
const SEALED = `v1.${'c'.repeat(40)}.sig`;
const token = fakeToken(inOneHour());
const unbound = () => ({ body: envelope({ isBound: false, mobileMasked: null }) });

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const inWechat = () => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(WECHAT_UA);

describe('/bind', () => {
  it('outside WeChat and without an openId, explains that binding happens in WeChat', async () => {
    const { requests } = baseApi();
    renderApp('/bind');
    expect((await screen.findByTestId('bind-outside-wechat')).textContent).toContain(
      '请在微信中打开',
    );
    expect(requests.some((r) => r.url.pathname.startsWith('/api/WechatMb/'))).toBe(false);
  });

  it('binds an unbound WeChat to an account proven by password, then continues to returnUrl', async () => {
    inWechat();
    localStorage.setItem('wxOpenId', SEALED);
    sessionStorage.setItem('returnUrl', '/accountSecurity');
    const { requests } = baseApi({
      'GET /api/WechatMb/GetByOpenId': unbound,
      'POST /api/WechatMb/bind': () => ({ body: envelope({ accessToken: token }) }),
    });
    renderApp('/bind');
    await screen.findByTestId('bind-form');
    typeInto('bind-account', '13800138000');
    typeInto('bind-password', 'Demo@2026');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('bind-submit')));

    await screen.findByTestId('security-page');
    expect(currentPath()).toBe('/accountSecurity');
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(await screen.findByText('绑定成功')).toBeInTheDocument();
    const bind = requests.find((r) => r.url.pathname === '/api/WechatMb/bind');
    expect(bind?.body).toEqual({
      openId: SEALED,
      userNameOrMobile: '13800138000',
      password: 'Demo@2026',
      ncVerifyDto: { provider: 'altcha', token: 'solved-payload' },
    });
    const asked = requests.find((r) => r.url.pathname === '/api/WechatMb/GetByOpenId');
    expect(asked?.url.searchParams.get('openId')).toBe(SEALED);
  });

  it('binds by SMS login code instead, and goes to the member centre without a returnUrl', async () => {
    inWechat();
    localStorage.setItem('wxOpenId', SEALED);
    const { requests } = baseApi({
      'GET /api/WechatMb/GetByOpenId': unbound,
      'POST /api/MemberAuth/SendLoginMessage': () => ({
        body: envelope({ resendAfterSeconds: 60 }),
      }),
      'POST /api/WechatMb/bind': () => ({ body: envelope({ accessToken: token }) }),
    });
    renderApp('/bind');
    await screen.findByTestId('bind-form');
    act(() => fireEvent.click(screen.getByTestId('bind-mode-sms')));
    typeInto('bind-mobile', '13800138000');
    await passVerification();
    act(() => fireEvent.click(screen.getByTestId('bind-send-code')));
    expect(await screen.findByText('验证码已发送')).toBeInTheDocument();
    typeInto('bind-sms-code', '246810');
    act(() => fireEvent.click(screen.getByTestId('bind-submit')));
    await screen.findByTestId('member-page');
    const bind = requests.find((r) => r.url.pathname === '/api/WechatMb/bind');
    expect(bind?.body).toEqual({ openId: SEALED, mobile: '13800138000', smsCode: '246810' });
  });

  it('shows the masked mobile of a bound WeChat and logs in with it', async () => {
    inWechat();
    localStorage.setItem('wxOpenId', SEALED);
    const { requests } = baseApi({
      'GET /api/WechatMb/GetByOpenId': () => ({
        body: envelope({ isBound: true, mobileMasked: '138****8000' }),
      }),
      'POST /api/WechatMb/OpenIdLogin': () => ({ body: envelope({ accessToken: token }) }),
    });
    renderApp('/bind');
    expect((await screen.findByTestId('bind-bound-mobile')).textContent).toBe('138****8000');
    act(() => fireEvent.click(screen.getByTestId('bind-openid-login')));
    await screen.findByTestId('member-page');
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(requests.find((r) => r.url.pathname.endsWith('/OpenIdLogin'))?.body).toEqual({
      openId: SEALED,
    });
  });

  it('offers a logged-in member the member centre, not a login, outside WeChat', async () => {
    logIn();
    baseApi();
    renderApp('/bind');
    const notice = await screen.findByTestId('bind-outside-wechat');
    expect(within(notice).queryByText('去登录')).toBeNull();
    fireEvent.click(within(notice).getByTestId('bind-back-member'));
    await screen.findByTestId('member-page');
    expect(currentPath()).toBe('/member');
  });

  it('sends a logged-in member in an unbound WeChat to 微信绑定 of the account in use', async () => {
    logIn();
    inWechat();
    localStorage.setItem('wxOpenId', SEALED);
    baseApi({ 'GET /api/WechatMb/GetByOpenId': unbound });
    renderApp('/bind');
    const notice = await screen.findByTestId('bind-logged-in');
    expect(screen.queryByTestId('bind-form')).toBeNull();
    expect(screen.queryByTestId('bind-link-login')).toBeNull();
    expect(screen.queryByTestId('bind-link-register')).toBeNull();
    expect(within(notice).getByTestId('bind-link-member')).toHaveAttribute('href', '/member');
    fireEvent.click(within(notice).getByTestId('bind-go-bind-wechat'));
    await vi.waitFor(() => expect(currentPath()).toBe('/accountSecurity/bindWechat'));
  });

  it('shows a logged-in member the bound account with the member centre, not the guest links', async () => {
    logIn();
    inWechat();
    localStorage.setItem('wxOpenId', SEALED);
    baseApi({
      'GET /api/WechatMb/GetByOpenId': () => ({
        body: envelope({ isBound: true, mobileMasked: '138****8000' }),
      }),
    });
    renderApp('/bind');
    const bound = await screen.findByTestId('bind-bound');
    expect(within(bound).getByTestId('bind-link-member')).toBeInTheDocument();
    expect(within(bound).queryByText('账号密码登录')).toBeNull();
    expect(within(bound).queryByText('注册新账号')).toBeNull();
  });

  it('inside WeChat without an openId, fetches one through WeChat authorization', async () => {
    inWechat();
    baseApi({
      'GET /api/MemberAuth/getWxCodeUrl': () => ({
        body: envelope('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1'),
      }),
    });
    renderApp('/bind');
    expect(await screen.findByText('正在获取微信身份')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1',
      ),
    );
  });
});
