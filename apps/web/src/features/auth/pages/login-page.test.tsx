import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { defaultPcbParams } from '@pcb/pricing';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { documentNavigation } from '../../../lib/document-navigation';
import { getLoadedMemberInfo } from '../../../lib/member-info';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour, mockApi, type RecordedRequest } from '@pcb/client/test';
import { renderApp } from '../../../test/render-app';
import { challengeFixture, memberFixture } from '../../../test/fixtures';
import { solveAltcha } from '../../../components/captcha/altcha-solver';
import { expectToast, textOf } from '../../../test/ui-text';

// jsdom has no Web Workers: the solver is replaced, everything around it is real.
vi.mock('../../../components/captcha/altcha-solver', () => ({
  preloadAltcha: () => Promise.resolve(),
  solveAltcha: vi.fn(() => Promise.resolve('solved-payload')),
}));

const token = fakeToken(inOneHour());

function api(login: (r: RecordedRequest) => { status?: number; body: unknown }) {
  return mockApi({
    'GET /api/Captcha/GetConfig': () => ({ body: envelope({ provider: 'altcha' }) }),
    'GET /api/Captcha/GetChallenge': () => ({ body: envelope(challengeFixture) }),
    'GET /api/MemberAuth/GetEffectiveAnnouncement': () => ({ body: envelope(null) }),
    'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
    'GET /api/MemberInfo/Get': () => ({ body: envelope(memberFixture) }),
    'GET /api/MemberAdmin/Get': () => ({ body: envelope(null) }),
    'POST /api/MemberAuth/Login': login,
  });
}

const type = (id: string, value: string) =>
  fireEvent.change(document.getElementById(id) as HTMLInputElement, { target: { value } });

async function fillAndVerify() {
  await screen.findByTestId('login-page');
  type('login-account', '13800138000');
  type('login-password', 'abc12345');
  await screen.findByText('点击完成人机验证');
  act(() => fireEvent.click(screen.getByTestId('human-verification')));
  await screen.findByText('验证通过');
}

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  vi.mocked(solveAltcha).mockClear();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('login page', () => {
  it('logs in with the verification result, stores the token and opens the member centre', async () => {
    const { requests } = api(() => ({ body: envelope({ accessToken: token }) }));
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await screen.findByTestId('member-page');
    expect(screen.getByTestId('probe-path').textContent).toBe('/member');
    const login = requests.find((r) => r.url.pathname === '/api/MemberAuth/Login');
    expect(login?.body).toEqual({
      userNameOrMobile: '13800138000',
      password: 'abc12345',
      userAgent: navigator.userAgent,
      ncVerifyDto: { provider: 'altcha', token: 'solved-payload' },
    });
    expect(localStorage.getItem('accessToken')).toBe(token);
    expect(getLoadedMemberInfo()).toMatchObject({ mobile: '13800138000' });
    await expectToast('登录成功');
  });

  it('continues to the session returnUrl, by full load for the quote page', async () => {
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
    sessionStorage.setItem('returnUrl', '/OrdersPCB?from=quote');
    api(() => ({ body: envelope({ accessToken: token }) }));
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/OrdersPCB?from=quote'));
    expect(sessionStorage.getItem('returnUrl')).toBeNull();
  });

  it('after 下单 on the quote page, goes on to /fillOrder with the quote kept', async () => {
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => undefined);
    // What the quote page leaves behind for an anonymous 下单 (features/quote/pages/quote-page).
    sessionStorage.setItem('returnUrl', '/fillOrder');
    localStorage.setItem(
      'orderInfo',
      JSON.stringify({
        kind: 'pcb',
        params: defaultPcbParams,
        total: 2000,
        sheetVersion: 1,
        paramString: '2层 | 100×100mm | 10片',
      }),
    );
    api(() => ({ body: envelope({ accessToken: token }) }));
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await screen.findByTestId('fill-order-page');
    expect(screen.getByTestId('probe-path').textContent).toBe('/fillOrder');
    expect(screen.getByTestId('order-param-string')).toHaveTextContent('2层 | 100×100mm | 10片');
    expect(sessionStorage.getItem('returnUrl')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('shows the server message and solves a fresh challenge after a failed login', async () => {
    const { requests } = api(() => ({
      status: 400,
      body: envelope(null, false, '账号或密码错误'),
    }));
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await expectToast('账号或密码错误');
    await waitFor(() => expect(solveAltcha).toHaveBeenCalledTimes(2));
    expect(requests.filter((r) => r.url.pathname === '/api/Captcha/GetChallenge')).toHaveLength(2);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(screen.getByTestId('probe-path').textContent).toBe('/login');
  });

  it('asks for the account and password before calling the server', async () => {
    const { requests } = api(() => ({ body: envelope({ accessToken: token }) }));
    renderApp('/login');
    await screen.findByTestId('login-page');
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual([
        '请输入手机号或用户名',
        '请输入密码',
      ]),
    );
    expect(requests.some((r) => r.url.pathname === '/api/MemberAuth/Login')).toBe(false);
  });

  it('verifies and logs in with one tap when the check has not run yet', async () => {
    const { requests } = api(() => ({ body: envelope({ accessToken: token }) }));
    renderApp('/login');
    await screen.findByText('点击完成人机验证');
    type('login-account', 'zhang');
    type('login-password', 'abc12345');
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await screen.findByTestId('member-page');
    const login = requests.find((r) => r.url.pathname === '/api/MemberAuth/Login');
    expect(login?.body).toMatchObject({
      userNameOrMobile: 'zhang',
      ncVerifyDto: { provider: 'altcha', token: 'solved-payload' },
    });
    expect(solveAltcha).toHaveBeenCalledTimes(1);
  });

  it('waits for a check still running instead of refusing the tap', async () => {
    let finish: (token: string) => void = () => undefined;
    vi.mocked(solveAltcha).mockImplementationOnce(
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    const { requests } = api(() => ({ body: envelope({ accessToken: token }) }));
    renderApp('/login');
    await screen.findByText('点击完成人机验证');
    type('login-account', 'zhang');
    type('login-password', 'abc12345');
    act(() => fireEvent.click(screen.getByTestId('human-verification')));
    await screen.findByText('正在验证');
    // Tapped while the solver is still working: the tap waits for its result.
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(textOf('login-submit')).toContain('验证中'));
    act(() => finish('late-payload'));
    await screen.findByTestId('member-page');
    const logins = requests.filter((r) => r.url.pathname === '/api/MemberAuth/Login');
    expect(logins.map((r) => (r.body as { ncVerifyDto: unknown }).ncVerifyDto)).toEqual([
      { provider: 'altcha', token: 'late-payload' },
    ]);
  });

  it('after a refusal, the next tap uses the proof being renewed in the background', async () => {
    let attempt = 0;
    const { requests } = api(() =>
      ++attempt === 1
        ? { status: 400, body: envelope(null, false, '账号或密码错误，还可尝试4次') }
        : { body: envelope({ accessToken: token }) },
    );
    let finish: (token: string) => void = () => undefined;
    renderApp('/login');
    await fillAndVerify();
    vi.mocked(solveAltcha).mockImplementationOnce(
      () => new Promise<string>((resolve) => (finish = resolve)),
    );
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(textOf('login-refusal')).toBe('账号或密码错误，还可尝试4次'));
    await screen.findByText('正在验证');
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    act(() => finish('renewed-payload'));
    await screen.findByTestId('member-page');
    const tokens = requests
      .filter((r) => r.url.pathname === '/api/MemberAuth/Login')
      .map((r) => (r.body as { ncVerifyDto: { token: string } }).ncVerifyDto.token);
    expect(tokens).toEqual(['solved-payload', 'renewed-payload']);
  });

  it('after a 429, counts down on the button until Retry-After and offers SMS login', async () => {
    const { fetchMock } = api(() => ({
      status: 429,
      body: envelope(null, false, '登录尝试过于频繁，请30秒后再试，或使用短信验证码登录'),
    }));
    // The mock answers without headers; the refusal carries Retry-After as the server's does.
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetchMock(input, init);
      if (!String(input).endsWith('/api/MemberAuth/Login')) return response;
      return new Response(await response.text(), {
        status: response.status,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
      });
    });
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(textOf('login-submit')).toMatch(/^登录\((30|29)s\)$/));
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(true);
    // The headline stays; the countdown, not the message's fixed "30秒", says how long.
    expect(textOf('login-refusal')).toMatch(/^登录尝试过于频繁(30|29) 秒后可再次尝试/);
    expect(textOf('login-refusal-wait')).toMatch(/^(30|29) 秒后可再次尝试$/);
    expect(textOf('login-refusal-sms')).toBe('改用短信验证码登录');
    act(() => fireEvent.click(screen.getByTestId('login-refusal-sms')));
    await screen.findByTestId('note-page');
  });

  it('the wrong password that used the last free try counts down too', async () => {
    const { fetchMock } = api(() => ({
      status: 400,
      body: envelope(null, false, '账号或密码错误，请30秒后再试，或使用短信验证码登录'),
    }));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetchMock(input, init);
      if (!String(input).endsWith('/api/MemberAuth/Login')) return response;
      return new Response(await response.text(), {
        status: response.status,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '30' },
      });
    });
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(textOf('login-submit')).toMatch(/^登录\((30|29)s\)$/));
    expect(textOf('login-refusal')).toMatch(
      /^账号或密码错误(30|29) 秒后可再次尝试改用短信验证码登录$/,
    );
  });

  it('a refusal for one account does not hold back another', async () => {
    const { fetchMock } = api(() => ({
      status: 429,
      body: envelope(null, false, '登录尝试过于频繁，请30秒后再试，或使用短信验证码登录'),
    }));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await fetchMock(input, init);
      if (!String(input).endsWith('/api/MemberAuth/Login')) return response;
      return new Response(await response.text(), {
        status: response.status,
        headers: { 'Content-Type': 'application/json', 'Retry-After': '600' },
      });
    });
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    await waitFor(() => expect(textOf('login-submit')).toMatch(/^登录\(\d+s\)$/));
    type('login-account', 'li');
    expect(textOf('login-submit')).toBe('登录');
    expect((screen.getByTestId('login-submit') as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('login-refusal')).toBeNull();
  });
});
