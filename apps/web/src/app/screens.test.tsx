import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, screen } from '@testing-library/react';
import { initialAppState, useAppStore } from '../lib/app-store';
import { queryClient } from '../lib/api';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { removeReturnUrl, setReturnUrl } from '../lib/storage';
import { renderApp } from '../test/render-app';
import { routeRows } from './route-table';
import { FIRST_DATA_WAIT_MS, firstScreenPath, preloadScreen } from './screens';

const announcement = (type: string) => ({
  id: 7,
  type,
  title: '账户安全提醒',
  content: '客服不会向您索要密码',
  linkUrl: null,
  startsAt: '2026-11-01T00:00:00+08:00',
  endsAt: null,
});

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
});
afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function mockLoginApis(announcementReply: () => Promise<unknown> | unknown) {
  return mockApi({
    'GET /api/Captcha/GetConfig': () => ({ body: envelope({ provider: 'altcha' }) }),
    'GET /api/MemberAuth/GetEffectiveAnnouncement': async () => ({
      body: envelope(await announcementReply()),
    }),
    'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
  });
}

describe('the first screen of a visit', () => {
  it('is there in the first render, with its announcement, when loaded before it', async () => {
    const { requests } = mockLoginApis(() => announcement('login'));
    await preloadScreen('/login');
    // The announcement was asked for before the render, once.
    expect(
      requests.filter((r) => r.url.pathname.endsWith('GetEffectiveAnnouncement')),
    ).toHaveLength(1);

    renderApp('/login');

    // No loading fallback in between: React shows what it has.
    expect(screen.queryByTestId('page-loading')).toBeNull();
    expect(screen.getByTestId('login-page')).toBeInTheDocument();
    expect(screen.getByTestId('announcement-login').textContent).toContain('客服不会向您索要密码');
  });

  it('shows the loading fallback first for a screen that was not loaded before', async () => {
    mockLoginApis(() => null);
    renderApp('/register');
    expect(screen.getByTestId('page-loading').textContent).toContain('加载中');
    expect(await screen.findByTestId('register-page')).toBeInTheDocument();
  });

  it('does not wait longer than FIRST_DATA_WAIT_MS for a slow announcement', async () => {
    vi.useFakeTimers();
    let answer: (value: unknown) => void = () => undefined;
    mockLoginApis(() => new Promise((resolve) => (answer = resolve)));
    let ready = false;
    const preloading = preloadScreen('/').then(() => (ready = true));

    await vi.advanceTimersByTimeAsync(FIRST_DATA_WAIT_MS - 1);
    expect(ready).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await preloading;
    expect(ready).toBe(true);

    vi.useRealTimers();
    renderApp('/');
    expect(screen.getByTestId('home-page')).toBeInTheDocument();
    // The bar appears once its answer comes.
    expect(screen.queryByTestId('announcement-home')).toBeNull();
    await act(async () => answer(announcement('home')));
    expect((await screen.findByTestId('announcement-home')).textContent).toContain('账户安全提醒');
  });

  it('renders an unknown path without loading anything', async () => {
    const { requests } = mockLoginApis(() => null);
    await preloadScreen('/no/such/screen');
    expect(requests).toEqual([]);
  });
});

describe('what a screen asks for before its first render', () => {
  it.each(routeRows.map((row) => [row.path, row] as const))(
    '%s: exactly the answers its row links in the page',
    async (_path, row) => {
      const requested: string[] = [];
      vi.stubGlobal(
        'fetch',
        vi.fn(async (input: RequestInfo | URL) => {
          requested.push(String(input));
          return new Response(JSON.stringify(envelope(null)), {
            headers: { 'content-type': 'application/json' },
          });
        }),
      );
      const module = await row.page();
      await module.prefetch?.();
      expect(requested).toEqual(row.data ?? []);
    },
  );
});

describe('firstScreenPath', () => {
  it('is the screen the guard shows at once', () => {
    expect(firstScreenPath('/member')).toBe('/login');
    expect(firstScreenPath('/login')).toBe('/login');
    expect(firstScreenPath('/no/such/screen')).toBe('/member');
    localStorage.setItem('accessToken', fakeToken(inOneHour()));
    expect(firstScreenPath('/member')).toBe('/member');
    // A logged-in member arriving at /login goes on to where a login would.
    expect(firstScreenPath('/login')).toBe('/member');
    setReturnUrl('/userInfo?from=login');
    expect(firstScreenPath('/login')).toBe('/userInfo');
    removeReturnUrl();
  });
});
