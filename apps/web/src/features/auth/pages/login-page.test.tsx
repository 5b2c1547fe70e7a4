import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { documentNavigation } from '../../../lib/document-navigation';
import { queryClient } from '../../../lib/query-client';
import {
  envelope,
  fakeToken,
  inOneHour,
  mockApi,
  type RecordedRequest,
} from '../../../test/api-mock';
import { renderApp } from '../../../test/render-app';
import { challengeFixture, memberFixture } from '../../../test/fixtures';
import { solveAltcha } from '../../../components/captcha/altcha-solver';

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
    expect(useAppStore.getState().memberInfo).toMatchObject({ mobile: '13800138000' });
    expect(await screen.findByText('登录成功')).toBeTruthy();
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

  it('shows the server message and solves a fresh challenge after a failed login', async () => {
    const { requests } = api(() => ({
      status: 400,
      body: envelope(null, false, '账号或密码错误'),
    }));
    renderApp('/login');
    await fillAndVerify();
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    expect(await screen.findByText('账号或密码错误')).toBeTruthy();
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
    expect(await screen.findByText('请输入手机号或用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === '/api/MemberAuth/Login')).toBe(false);
  });

  it('requires the human verification first', async () => {
    const { requests } = api(() => ({ body: envelope({ accessToken: token }) }));
    renderApp('/login');
    await screen.findByText('点击完成人机验证');
    type('login-account', 'zhang');
    type('login-password', 'abc12345');
    act(() => fireEvent.click(screen.getByTestId('login-submit')));
    expect(await screen.findByText('请先完成人机验证')).toBeTruthy();
    expect(requests.some((r) => r.url.pathname === '/api/MemberAuth/Login')).toBe(false);
  });
});
