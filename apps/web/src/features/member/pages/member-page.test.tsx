import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/query-client';
import { envelope, fakeToken, inOneHour, mockApi } from '../../../test/api-mock';
import { memberFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/MemberAuth/GetEffectiveAnnouncement': (r) =>
      r.url.searchParams.get('type') === 'member'
        ? {
            body: envelope({
              id: 3,
              type: 'member',
              title: '会员公告',
              content: '积分商城上新',
              linkUrl: null,
              startsAt: '2026-01-01',
              endsAt: null,
            }),
          }
        : { body: envelope(null) },
    'POST /api/CKInfo/Add': () => ({ body: envelope({ GUID: 'x' }) }),
    'GET /api/MemberInfo/Get': () => ({ body: envelope(memberFixture) }),
    'GET /api/MemberAdmin/Get': () => ({ body: envelope(null) }),
    'GET /api/Captcha/GetConfig': () => ({ body: envelope({ provider: 'altcha' }) }),
    ...overrides,
  });
}

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  localStorage.setItem('accessToken', fakeToken(inOneHour()));
});
afterEach(() => vi.unstubAllGlobals());

describe('member centre', () => {
  it('shows who is logged in, points, balance in yuan and the member announcement', async () => {
    api();
    renderApp('/member');
    expect((await screen.findByTestId('member-name')).textContent).toBe('张三');
    expect(screen.getByTestId('member-company').textContent).toBe('示例电子');
    expect(screen.getByTestId('member-grade').textContent).toBe('银牌');
    expect(screen.getByTestId('member-points').textContent).toBe('120');
    expect(screen.getByTestId('member-balance').textContent).toBe('¥123.45');
    expect(await screen.findByText(/积分商城上新/)).toBeTruthy();
    expect(screen.queryByTestId('activation-banner')).toBeNull();
  });

  it('addresses a member without names by the masked mobile', async () => {
    api({
      'GET /api/MemberInfo/Get': () => ({
        body: envelope({ ...memberFixture, realName: null, userName: null }),
      }),
    });
    renderApp('/member');
    expect((await screen.findByTestId('member-name')).textContent).toBe('138****8000');
  });

  it('activates an inactive account: signs the agreement, activates, refreshes', async () => {
    let status = 'inactive';
    const { requests } = api({
      'GET /api/MemberInfo/Get': () => ({ body: envelope({ ...memberFixture, status }) }),
      'GET /api/MemberAuth/SignMbAgreement': () => ({
        body: envelope({ version: '2026-01', signedAt: '2026-11-22T00:00:00Z' }),
      }),
      'POST /api/MemberAuth/Activate': () => {
        status = 'active';
        return { body: envelope({ activated: true }) };
      },
    });
    renderApp('/member');
    await screen.findByTestId('activation-banner');
    act(() => fireEvent.click(screen.getByTestId('member-activate')));
    expect(await screen.findByText('账号已激活')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('activation-banner')).toBeNull());
    const order = requests
      .map((r) => r.url.pathname)
      .filter((p) => /SignMbAgreement|Activate/.test(p));
    expect(order).toEqual(['/api/MemberAuth/SignMbAgreement', '/api/MemberAuth/Activate']);
  });

  it('shows an error with a retry when member info cannot be loaded', async () => {
    let fail = true;
    api({
      'GET /api/MemberInfo/Get': () =>
        fail
          ? { body: envelope(null, false, '会员信息暂不可用') }
          : { body: envelope(memberFixture) },
    });
    renderApp('/member');
    expect(await screen.findByTestId('page-error')).toBeTruthy();
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    expect((await screen.findByTestId('member-name')).textContent).toBe('张三');
  });

  it('opens the consult popup from the 咨询客服 entry', async () => {
    api();
    renderApp('/member');
    await screen.findByTestId('member-name');
    act(() => fireEvent.click(screen.getByTestId('member-entry-consult')));
    expect(await screen.findByTestId('consult-popup-close')).toBeTruthy();
  });

  it('logs out after confirmation and lands on /login', async () => {
    localStorage.setItem('orderInfo', '{"id":1}');
    api();
    renderApp('/member');
    await screen.findByTestId('member-name');
    act(() => fireEvent.click(screen.getByTestId('logout')));
    const confirm = await screen.findByText('退出登录', {
      selector: '.adm-dialog-button *, .adm-dialog-button',
    });
    act(() => fireEvent.click(confirm));
    await screen.findByTestId('login-page');
    expect(await screen.findByText('已退出登录')).toBeTruthy();
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('orderInfo')).toBeNull();
    expect(useAppStore.getState().memberInfo).toBeNull();
  });
});
