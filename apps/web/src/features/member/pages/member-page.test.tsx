import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { getLoadedMemberInfo } from '../../../lib/member-info';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour, mockApi } from '@pcb/client/test';
import { memberFixture } from '../../../test/fixtures';
import { noDialogLeft } from '../../../test/dialog';
import { renderApp } from '../../../test/render-app';
import { expectToast, toastText } from '../../../test/ui-text';
import { showSuccess } from '../../../components/feedback';

let announcementId = 3;

function api(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/MemberAuth/GetEffectiveAnnouncement': (r) =>
      r.url.searchParams.get('type') === 'member'
        ? {
            body: envelope({
              id: announcementId,
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
  announcementId = 3;
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
    expect((await screen.findByTestId('announcement-member')).textContent).toContain(
      '会员公告：积分商城上新',
    );
    expect(screen.getByTestId('member-header').textContent).toContain('会员中心');
    expect(screen.getByTestId('logo-mark').getAttribute('alt')).toBe('');
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
    await expectToast('账号已激活');
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
    // The header stays, with the brand, the message and the way to retry.
    const header = await screen.findByTestId('member-header-error');
    expect(header.tagName).toBe('HEADER');
    expect(header.textContent).toBe('会员中心会员信息暂不可用重新加载');
    expect(screen.getByTestId('page-error').getAttribute('role')).toBe('alert');
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    expect((await screen.findByTestId('member-name')).textContent).toBe('张三');
  });

  it('opens the consult popup from the 咨询客服 entry', async () => {
    api();
    renderApp('/member');
    await screen.findByTestId('member-name');
    act(() => fireEvent.click(screen.getByTestId('member-entry-consult')));
    expect((await screen.findByTestId('consult-popup')).textContent).toContain('业务咨询');
  });

  it('closes the 登录成功 toast when the consult sheet opens over the page', async () => {
    api();
    renderApp('/member');
    await screen.findByTestId('member-name');
    showSuccess('登录成功');
    await expectToast('登录成功');
    act(() => fireEvent.click(screen.getByTestId('member-entry-consult')));
    await screen.findByTestId('consult-popup');
    // Well within the toast's own 2 s: it was closed, not left to expire.
    await waitFor(() => expect(toastText()).toBeNull(), { timeout: 500 });
  });

  it('remembers a dismissed announcement on this device; a new one shows again', async () => {
    api();
    const first = renderApp('/member');
    const bar = await screen.findByTestId('announcement-member');
    act(() => fireEvent.click(within(bar).getByRole('button', { name: '关闭公告' })));
    await waitFor(() => expect(screen.queryByTestId('announcement-member')).toBeNull());
    expect(localStorage.getItem('dismissedAnnouncements')).toBe('[3]');
    first.unmount();

    // The next visit: the same announcement stays closed.
    queryClient.clear();
    const second = renderApp('/member');
    await screen.findByTestId('member-name');
    await waitFor(() =>
      expect(
        queryClient.getQueryState(['MemberAuth', 'GetEffectiveAnnouncement', { type: 'member' }])
          ?.status,
      ).toBe('success'),
    );
    expect(screen.queryByTestId('announcement-member')).toBeNull();
    second.unmount();

    // Another announcement is news.
    announcementId = 4;
    queryClient.clear();
    renderApp('/member');
    expect((await screen.findByTestId('announcement-member')).dataset.announcementId).toBe('4');
  });

  it('logs out after confirmation: tells the server, then ends the session and lands on /login', async () => {
    localStorage.setItem('orderInfo', '{"id":1}');
    const token = localStorage.getItem('accessToken');
    const { requests } = api({
      'POST /api/MemberAuth/Logout': () => ({ body: envelope({ ok: true }) }),
    });
    renderApp('/member');
    await screen.findByTestId('member-name');
    act(() => fireEvent.click(screen.getByTestId('logout')));
    const confirm = await screen.findByText('退出登录', {
      selector: '.adm-dialog-button *, .adm-dialog-button',
    });
    act(() => fireEvent.click(confirm));
    await screen.findByTestId('login-page');
    await expectToast('已退出登录');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('orderInfo')).toBeNull();
    expect(getLoadedMemberInfo()).toBeUndefined();
    const logout = requests.find((r) => r.url.pathname === '/api/MemberAuth/Logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('ends the session here even when the server cannot be told', async () => {
    // The dialog of the previous test closes with an animation; wait until it is gone.
    await noDialogLeft();
    localStorage.setItem('orderInfo', '{"id":1}');
    api({ 'POST /api/MemberAuth/Logout': () => 'network-error' });
    renderApp('/member');
    await screen.findByTestId('member-name');
    act(() => fireEvent.click(screen.getByTestId('logout')));
    const confirm = await screen.findByText('退出登录', {
      selector: '.adm-dialog-button *, .adm-dialog-button',
    });
    act(() => fireEvent.click(confirm));
    await screen.findByTestId('login-page');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('orderInfo')).toBeNull();
  });

  it('opens account security, related accounts and settings from their entries', async () => {
    api({
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({
        body: envelope({ related: [], mainMembers: [] }),
      }),
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope({ isSwitched: false, mainMember: null }),
      }),
    });
    renderApp('/member');
    await screen.findByTestId('member-name');
    const titles = screen.getAllByTestId(/^member-entry-/).map((e) => e.textContent);
    expect(titles).toEqual(expect.arrayContaining(['账户安全', '关联账号', '会员设置']));
    act(() => fireEvent.click(screen.getByTestId('member-entry-security')));
    await screen.findByTestId('security-page');
  });

  it('says whose account is active while switched, and switches back to the main member', async () => {
    const mainToken = fakeToken(inOneHour() + 60);
    let switched = true;
    const { requests } = api({
      'GET /api/MemberInfo/Get': () => ({
        body: envelope(
          switched
            ? { ...memberFixture, id: 9, realName: '李工', mobile: '13700137000' }
            : memberFixture,
        ),
      }),
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope(
          switched
            ? {
                isSwitched: true,
                mainMember: { id: 7, displayName: '张三', mobileMasked: '138****8000' },
              }
            : { isSwitched: false, mainMember: null },
        ),
      }),
      'GET /api/MemberRelationApprove/SwitchRelationMainMember': () => {
        switched = false;
        return { body: envelope({ accessToken: mainToken }) };
      },
    });
    renderApp('/member');
    const banner = await screen.findByTestId('switched-banner');
    expect(banner.textContent).toContain('当前以关联账号「李工」身份操作');
    expect(banner.textContent).toContain('主账号：张三');

    act(() => fireEvent.click(screen.getByTestId('switch-back')));
    await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe('张三'));
    await waitFor(() => expect(screen.queryByTestId('switched-banner')).toBeNull());
    expect(localStorage.getItem('accessToken')).toBe(mainToken);
    await expectToast('已切回主账号 张三');
    expect(
      requests.filter((r) => r.url.pathname.endsWith('/SwitchRelationMainMember')),
    ).toHaveLength(1);
  });
});
