import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { initialAppState, useAppStore } from '../lib/app-store';
import { saveAccessToken } from '../lib/auth-session';
import { documentNavigation } from '../lib/document-navigation';
import { getLoadedMemberInfo } from '../lib/member-info';
import { queryClient } from '../lib/api';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { noDialogLeft, tapDialogButton } from '../test/dialog';
import { renderApp } from '../test/render-app';
import { memberFixture } from '../test/fixtures';

const member = memberFixture;

function defaultApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/Captcha/GetConfig': () => ({ body: envelope({ provider: 'altcha' }) }),
    'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ({ body: envelope(null) }),
    'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
    'GET /api/MemberInfo/Get': () => ({ body: envelope(member) }),
    'GET /api/MemberAdmin/Get': () => ({ body: envelope(null) }),
    ...overrides,
  });
}

const path = () => screen.getByTestId('probe-path').textContent;
const logIn = () => localStorage.setItem('accessToken', fakeToken(inOneHour()));
let assign: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  document.title = '';
  assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('navigation guard', () => {
  it('sends a visitor without login from /member to /login and titles it 登录', async () => {
    defaultApi();
    renderApp('/member');
    await screen.findByTestId('login-page');
    expect(path()).toBe('/login');
    await waitFor(() => expect(document.title).toBe('登录'));
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('shows the member centre to a logged-in member, with its title and the footer', async () => {
    logIn();
    const { requests } = defaultApi();
    renderApp('/member');
    expect(await screen.findByTestId('member-name')).toHaveProperty('textContent', '张三');
    expect(document.title).toBe('会员中心');
    expect(screen.getByTestId('footer')).toBeInTheDocument();
    expect(screen.getByTestId('tab-mine').getAttribute('aria-current')).toBe('page');
    const infoCalls = requests.filter((r) => r.url.pathname === '/api/MemberInfo/Get');
    expect(infoCalls).toHaveLength(1);
    expect(infoCalls[0]?.headers.get('Authorization')).toMatch(/^Bearer /);
    expect(getLoadedMemberInfo()).toEqual(member);
  });

  it.each(['/login', '/register', '/note'])(
    'sends a logged-in member who opens %s to the member centre',
    async (start) => {
      logIn();
      defaultApi();
      renderApp(start);
      expect(await screen.findByTestId('member-name')).toHaveTextContent('张三');
      expect(path()).toBe('/member');
      expect(screen.queryByTestId('login-page')).toBeNull();
    },
  );

  it('sends a logged-in member who opens /login to the returnUrl instead, once', async () => {
    logIn();
    sessionStorage.setItem('returnUrl', '/setting');
    defaultApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({
        body: envelope({ related: [], mainMembers: [] }),
      }),
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope({ isSwitched: false, mainMember: null }),
      }),
    });
    renderApp('/login');
    await screen.findByTestId('setting-page');
    expect(path()).toBe('/setting');
    expect(sessionStorage.getItem('returnUrl')).toBeNull();
  });

  it('redirects an unknown path to the member centre', async () => {
    logIn();
    defaultApi();
    renderApp('/no/such/page');
    await screen.findByTestId('member-page');
    expect(path()).toBe('/member');
  });

  it('loads / in full when a private route is asked for from /login without login', async () => {
    defaultApi();
    renderApp('/login');
    await screen.findByTestId('login-page');
    act(() => fireEvent.click(screen.getByTestId('probe-go-member')));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
  });

  it('warns with the server message when member info cannot be loaded', async () => {
    logIn();
    defaultApi({
      'GET /api/MemberInfo/Get': () => ({ body: envelope(null, false, '会员服务维护中') }),
    });
    renderApp('/');
    expect(await screen.findByText('会员服务维护中')).toBeInTheDocument();
    expect(getLoadedMemberInfo()).toBeUndefined();
  });

  it('sends the member to /login when the server rejects the token', async () => {
    logIn();
    defaultApi({
      'GET /api/MemberAdmin/Get': () => ({
        status: 401,
        body: envelope(null, false, '登录已过期'),
      }),
    });
    renderApp('/member');
    await screen.findByTestId('login-page');
    expect(path()).toBe('/login');
    expect(localStorage.getItem('accessToken')).toBeNull();
  });

  it('does not ask for member info without a valid token', async () => {
    localStorage.setItem('accessToken', fakeToken(Math.floor(Date.now() / 1000) - 10));
    const { requests } = defaultApi();
    renderApp('/');
    await screen.findByTestId('home-page');
    await waitFor(() =>
      expect(requests.some((r) => r.url.pathname === '/api/CKInfo/Add')).toBe(true),
    );
    expect(requests.some((r) => r.url.pathname === '/api/MemberInfo/Get')).toBe(false);
  });
});

describe('footer', () => {
  it('is shown on the home page with 首页 selected, and hidden on /register', async () => {
    defaultApi();
    renderApp('/');
    await screen.findByTestId('home-page');
    expect(document.title).toBe('首页');
    const tabs = screen.getAllByRole('button').filter((b) => b.dataset.testid?.startsWith('tab-'));
    expect(tabs.map((t) => t.textContent)).toEqual(['首页', '计价', '咨询', '我的']);
    expect(screen.getByTestId('tab-home').getAttribute('aria-current')).toBe('page');

    act(() => fireEvent.click(screen.getByTestId('home-register')));
    await screen.findByTestId('register-page');
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('计价 loads the quote page in full and keeps the selection in state', async () => {
    logIn();
    defaultApi();
    renderApp('/member');
    await screen.findByTestId('member-page');
    fireEvent.click(screen.getByTestId('tab-quote'));
    expect(assign).toHaveBeenCalledWith('/OrdersPCB');
    expect(useAppStore.getState().tabIndex).toBe(1);
  });

  it('首页 goes to / and 我的 back to /member', async () => {
    logIn();
    defaultApi();
    renderApp('/member');
    await screen.findByTestId('member-page');
    act(() => fireEvent.click(screen.getByTestId('tab-home')));
    await screen.findByTestId('home-page');
    expect(path()).toBe('/');
    expect(useAppStore.getState().tabIndex).toBe(0);
    act(() => fireEvent.click(screen.getByTestId('tab-mine')));
    await screen.findByTestId('member-page');
    expect(useAppStore.getState().tabIndex).toBe(3);
  });

  it('咨询 opens the consult popup without navigating; closing it selects 我的 again', async () => {
    logIn();
    defaultApi();
    renderApp('/member');
    await screen.findByTestId('member-page');
    act(() => fireEvent.click(screen.getByTestId('tab-consult')));
    expect(await screen.findByTestId('consult-popup-close')).toBeInTheDocument();
    expect(path()).toBe('/member');
    expect(useAppStore.getState().tabIndex).toBe(2);
    expect(screen.getByTestId('tab-consult').getAttribute('aria-current')).toBe('page');

    act(() => fireEvent.click(screen.getByTestId('consult-popup-close')));
    expect(useAppStore.getState().tabIndex).toBe(3);
    expect(screen.getByTestId('tab-mine').getAttribute('aria-current')).toBe('page');
  });

  it('closing the consult popup on the home page also returns the selection to 我的 (index 3)', async () => {
    logIn();
    defaultApi();
    renderApp('/');
    await screen.findByTestId('home-page');
    expect(useAppStore.getState().tabIndex).toBe(0);
    act(() => fireEvent.click(screen.getByTestId('tab-consult')));
    expect(await screen.findByTestId('consult-popup-close')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByTestId('consult-popup-close')));
    expect(useAppStore.getState().tabIndex).toBe(3);
    expect(path()).toBe('/');
  });
});

describe('loading', () => {
  it('shows the progress bar until the last of two concurrent requests has answered', async () => {
    logIn();
    let releaseManager: () => void = () => undefined;
    defaultApi({
      'GET /api/MemberAdmin/Get': () =>
        new Promise((resolve) => {
          releaseManager = () => resolve({ body: envelope(null) });
        }),
    });
    renderApp('/member');
    // Member info has answered; the account manager has not: the bar stays.
    expect(await screen.findByTestId('member-name')).toHaveTextContent('张三');
    expect(screen.getByRole('progressbar', { name: '加载中' })).toBeInTheDocument();
    act(() => releaseManager());
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
  });
});

describe('navigation guard inside the WeChat browser (spec section 4)', () => {
  const wechatUa =
    'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/122.0 Mobile Safari/537.36 MicroMessenger/8.0.48.2580 NetType/WIFI';
  const sealed = `v1.${'b'.repeat(40)}.sig`;

  beforeEach(async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(wechatUa);
    await noDialogLeft();
  });

  it('logs a bound WeChat in by its openId and stays on the private page', async () => {
    localStorage.setItem('wxOpenId', sealed);
    const token = fakeToken(inOneHour());
    const { requests } = defaultApi({
      'POST /api/WechatMb/OpenIdLogin': () => ({ body: envelope({ accessToken: token }) }),
    });
    renderApp('/member');
    expect((await screen.findByTestId('member-name')).textContent).toBe('张三');
    expect(path()).toBe('/member');
    const login = requests.filter((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin');
    expect(login).toHaveLength(1);
    expect(login[0]?.body).toEqual({ openId: sealed });
    expect(localStorage.getItem('accessToken')).toBe(token);
  });

  it('offers /bind to a WeChat that is bound to no account, to come back afterwards', async () => {
    localStorage.setItem('wxOpenId', sealed);
    const { requests } = defaultApi({
      'POST /api/WechatMb/OpenIdLogin': () => ({
        status: 400,
        body: envelope(null, false, '该微信尚未绑定账号'),
      }),
      'GET /api/WechatMb/GetByOpenId': () => ({
        body: envelope({ isBound: false, mobileMasked: null }),
      }),
    });
    renderApp('/accountSecurity');
    await screen.findByTestId('bind-form');
    expect(path()).toBe('/bind');
    expect(sessionStorage.getItem('returnUrl')).toBe('/accountSecurity');
    expect(localStorage.getItem('accessToken')).toBeNull();
    // No message: the flow fails silently (spec section 8).
    expect(screen.queryByText('该微信尚未绑定账号')).toBeNull();
    expect(requests.filter((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin')).toHaveLength(1);
  });

  it('goes to /login as before when login by openId fails for another reason', async () => {
    localStorage.setItem('wxOpenId', sealed);
    defaultApi({
      'POST /api/WechatMb/OpenIdLogin': () => ({
        status: 403,
        body: envelope(null, false, '账号已停用'),
      }),
      'GET /api/WechatMb/GetByOpenId': () => ({
        body: envelope({ isBound: true, mobileMasked: '138****8000' }),
      }),
    });
    renderApp('/member');
    await screen.findByTestId('login-page');
    expect(path()).toBe('/login');
  });

  it('without an openId, leaves for WeChat authorization of this very page', async () => {
    const { requests } = defaultApi({
      'GET /api/MemberAuth/getWxCodeUrl': () => ({
        body: envelope(
          'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect',
        ),
      }),
    });
    renderApp('/member');
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith(
        'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1#wechat_redirect',
      ),
    );
    const asked = requests.find((r) => r.url.pathname === '/api/MemberAuth/getWxCodeUrl');
    expect(asked?.url.searchParams.get('redirectUri')).toBe(window.location.href);
    // Waiting for WeChat: neither the private page nor /login shows meanwhile.
    expect(screen.getByText('正在登录')).toBeInTheDocument();
    expect(screen.queryByTestId('login-page')).toBeNull();
  });

  it('does not log a member back in who has just logged out', async () => {
    localStorage.setItem('wxOpenId', sealed);
    logIn();
    const { requests } = defaultApi({
      'POST /api/MemberAuth/Logout': () => ({ body: envelope({ ok: true }) }),
      'POST /api/WechatMb/OpenIdLogin': () => ({
        body: envelope({ accessToken: fakeToken(inOneHour()) }),
      }),
    });
    renderApp('/member');
    await screen.findByTestId('member-name');
    act(() => fireEvent.click(screen.getByTestId('logout')));
    await tapDialogButton('退出登录');
    await screen.findByTestId('login-page');
    act(() => fireEvent.click(screen.getByTestId('probe-go-member')));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(requests.some((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin')).toBe(false);

    // A reload: nothing survives but what the browser stores.
    cleanup();
    queryClient.clear();
    renderApp('/member');
    await screen.findByTestId('login-page');
    expect(path()).toBe('/login');
    expect(requests.some((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin')).toBe(false);
  });

  it('on a new page load, still waits for a login by hand, and logs in silently after one', async () => {
    // What an explicit logout in an earlier page load left behind.
    localStorage.setItem('wxOpenId', sealed);
    localStorage.setItem('loggedOutByChoice', '1');
    const token = fakeToken(inOneHour());
    const { requests } = defaultApi({
      'POST /api/WechatMb/OpenIdLogin': () => ({ body: envelope({ accessToken: token }) }),
    });
    renderApp('/member');
    await screen.findByTestId('login-page');
    expect(requests.some((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin')).toBe(false);

    // Logging in (any way) starts a session and lifts the pause; later the token expires.
    act(() => saveAccessToken(fakeToken(Math.floor(Date.now() / 1000) - 10)));
    cleanup();
    queryClient.clear();
    renderApp('/member');
    expect(await screen.findByTestId('member-name')).toHaveTextContent('张三');
    expect(requests.filter((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe(token);
  });

  it('logs in with WeChat again when the member taps 微信一键登录 on /login', async () => {
    localStorage.setItem('wxOpenId', sealed);
    localStorage.setItem('loggedOutByChoice', '1');
    const token = fakeToken(inOneHour());
    const { requests } = defaultApi({
      'POST /api/WechatMb/OpenIdLogin': () => ({ body: envelope({ accessToken: token }) }),
    });
    renderApp('/member');
    await screen.findByTestId('login-page');
    expect(requests.some((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin')).toBe(false);

    act(() => fireEvent.click(screen.getByTestId('login-wechat')));
    expect(await screen.findByTestId('member-name')).toHaveTextContent('张三');
    expect(path()).toBe('/member');
    expect(requests.filter((r) => r.url.pathname === '/api/WechatMb/OpenIdLogin')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(localStorage.getItem('loggedOutByChoice')).toBeNull();
  });

  it('offers 微信一键登录 only after a logout by choice', async () => {
    localStorage.setItem('wxOpenId', sealed);
    defaultApi();
    renderApp('/login');
    await screen.findByTestId('login-page');
    expect(screen.queryByTestId('login-wechat')).toBeNull();
  });

  it('tries nothing inside the mini-program', async () => {
    sessionStorage.setItem('from', 'miniprogram');
    localStorage.setItem('wxOpenId', sealed);
    const { requests } = defaultApi();
    renderApp('/member');
    await screen.findByTestId('login-page');
    expect(requests.some((r) => r.url.pathname.startsWith('/api/WechatMb/'))).toBe(false);
  });
});
