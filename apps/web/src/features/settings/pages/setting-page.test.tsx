import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { Relation } from '@pcb/contract';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { getLoadedMemberInfo } from '../../../lib/member-info';
import { queryClient } from '../../../lib/api';
import { envelope, fakeToken, inOneHour } from '@pcb/client/test';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { noDialogLeft, tapDialogButton } from '../../../test/dialog';
import { memberFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

const related = (id: number, status: Relation['status'], name: string): Relation => ({
  id,
  status,
  member: { id: 200 + id, displayName: name, mobileMasked: '137****7000', companyName: null },
  createdAt: '2026-11-01T00:00:00Z',
  decidedAt: null,
});
const li = { ...memberFixture, id: 201, realName: '李工', mobile: '13700137000' };

beforeEach(async () => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  await noDialogLeft();
});
afterEach(() => vi.unstubAllGlobals());

describe('/setting, 会员设置', () => {
  it('switches to an approved related account: new token, member info reloaded, member centre', async () => {
    logIn();
    const switchedToken = fakeToken(inOneHour() + 30);
    let acting = memberFixture;
    const { requests } = baseApi({
      'GET /api/MemberInfo/Get': () => ({ body: envelope(acting) }),
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope(
          acting === li
            ? {
                isSwitched: true,
                mainMember: { id: 7, displayName: '张三', mobileMasked: '138****8000' },
              }
            : { isSwitched: false, mainMember: null },
        ),
      }),
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({
        body: envelope({
          related: [related(1, 'approved', '李工'), related(2, 'pending', '赵工')],
          mainMembers: [related(3, 'approved', '周总')],
        }),
      }),
      'GET /api/MemberRelationApprove/SwitchMember': () => {
        acting = li;
        return { body: envelope({ accessToken: switchedToken }) };
      },
    });
    renderApp('/setting');
    await screen.findByTestId('setting-page');
    // Only approved accounts I related (not pending ones, not main members who related me).
    const choices = await screen.findAllByTestId('switch-account');
    expect(choices.map((c) => c.textContent)).toEqual([expect.stringContaining('李工')]);
    await waitFor(() => expect(getLoadedMemberInfo()?.realName).toBe('张三'));

    act(() => fireEvent.click(choices[0] as HTMLElement));
    await screen.findByTestId('member-page');
    expect(currentPath()).toBe('/member');
    expect(await screen.findByText('已切换到 李工')).toBeInTheDocument();
    expect(localStorage.getItem('accessToken')).toBe(switchedToken);
    const switched = requests.find((r) => r.url.pathname.endsWith('/SwitchMember'));
    expect(switched?.url.searchParams.get('id')).toBe('201');
    await waitFor(() => expect(screen.getByTestId('member-name').textContent).toBe('李工'));
    expect((await screen.findByTestId('switched-banner')).textContent).toContain(
      '当前以关联账号「李工」身份操作',
    );
    // The member info of the new account was fetched with the new token.
    const infoCalls = requests.filter((r) => r.url.pathname === '/api/MemberInfo/Get');
    expect(infoCalls.at(-1)?.headers.get('Authorization')).toBe(`Bearer ${switchedToken}`);
  });

  it('clears the previous member info the moment the token changes', async () => {
    logIn();
    let hold = false;
    let release: () => void = () => undefined;
    baseApi({
      'GET /api/MemberInfo/Get': () =>
        hold
          ? new Promise((resolve) => {
              release = () => resolve({ body: envelope(li) });
            })
          : { body: envelope(memberFixture) },
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({
        body: envelope({ related: [related(1, 'approved', '李工')], mainMembers: [] }),
      }),
      'GET /api/MemberRelationApprove/SwitchMember': () => {
        hold = true;
        return { body: envelope({ accessToken: fakeToken(inOneHour() + 30) }) };
      },
    });
    renderApp('/setting');
    const choice = await screen.findByTestId('switch-account');
    await waitFor(() => expect(getLoadedMemberInfo()?.realName).toBe('张三'));
    act(() => fireEvent.click(choice));
    await screen.findByTestId('member-page');
    expect(getLoadedMemberInfo()).toBeUndefined();
    expect(screen.getByTestId('member-header-loading')).toBeInTheDocument();
    release();
    await waitFor(() => expect(getLoadedMemberInfo()?.realName).toBe('李工'));
  });

  it('offers nothing to switch to without approved related accounts', async () => {
    logIn();
    baseApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({
        body: envelope({ related: [related(2, 'pending', '赵工')], mainMembers: [] }),
      }),
    });
    renderApp('/setting');
    expect((await screen.findByTestId('switcher-empty')).textContent).toContain(
      '暂无可切换的关联账号',
    );
  });

  it('while switched, shows whose account is active and switches back', async () => {
    logIn();
    const mainToken = fakeToken(inOneHour() + 60);
    baseApi({
      'GET /api/MemberInfo/Get': () => ({ body: envelope(li) }),
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope({
          isSwitched: true,
          mainMember: { id: 7, displayName: '张三', mobileMasked: '138****8000' },
        }),
      }),
      'GET /api/MemberRelationApprove/SwitchRelationMainMember': () => ({
        body: envelope({ accessToken: mainToken }),
      }),
    });
    renderApp('/setting');
    expect((await screen.findByTestId('switched-banner')).textContent).toContain(
      '当前以关联账号「李工」身份操作',
    );
    expect(screen.getByTestId('switcher-switched')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByTestId('switch-back')));
    await screen.findByTestId('member-page');
    expect(localStorage.getItem('accessToken')).toBe(mainToken);
  });

  it('shows the accepted agreement version and opens the agreement', async () => {
    logIn();
    baseApi({
      'GET /api/MemberInfo/Get': () => ({
        body: envelope({ ...memberFixture, agreementVersion: '2026-11', agreementCurrent: true }),
      }),
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({
        body: envelope({ related: [], mainMembers: [] }),
      }),
    });
    renderApp('/setting');
    await waitFor(() =>
      expect(screen.getByTestId('setting-agreement-version').textContent).toBe('已同意 2026-11 版'),
    );
    act(() => fireEvent.click(screen.getByTestId('setting-agreement')));
    expect(await screen.findByText('一、协议的接受')).toBeInTheDocument();
  });

  it('logs out after confirmation, telling the server', async () => {
    logIn();
    const { requests } = baseApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({
        body: envelope({ related: [], mainMembers: [] }),
      }),
      'POST /api/MemberAuth/Logout': () => ({ body: envelope({ ok: true }) }),
    });
    renderApp('/setting');
    await screen.findByTestId('setting-page');
    act(() => fireEvent.click(screen.getByTestId('setting-logout')));
    await tapDialogButton('退出登录');
    await screen.findByTestId('login-page');
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(requests.some((r) => r.url.pathname === '/api/MemberAuth/Logout')).toBe(true);
  });
});
