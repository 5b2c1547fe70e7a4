import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Relation } from '@pcb/contract';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn, typeInto } from '../../../test/base-api';
import { noDialogLeft, tapDialogButton } from '../../../test/dialog';
import { renderApp } from '../../../test/render-app';
import { expectFieldError, expectToast } from '../../../test/ui-text';

const relation = (id: number, status: Relation['status'], name: string): Relation => ({
  id,
  status,
  member: { id: 100 + id, displayName: name, mobileMasked: '137****7000', companyName: '示例电子' },
  createdAt: '2026-11-01T00:00:00Z',
  decidedAt: null,
});

let list: { related: Relation[]; mainMembers: Relation[] };

function api() {
  return baseApi({
    'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({ body: envelope(list) }),
    'POST /api/MemberRelationApprove/Apply': (r) => {
      const created = relation(9, 'pending', '王工');
      list = { ...list, related: [...list.related, created] };
      expect(r.body).toEqual({ mobile: '13900139000' });
      return { body: envelope({ ok: true }) };
    },
    'POST /api/MemberRelationApprove/Approve': (r) => {
      const id = (r.body as { id: number }).id;
      list = {
        ...list,
        mainMembers: list.mainMembers.map((m) => (m.id === id ? { ...m, status: 'approved' } : m)),
      };
      return { body: envelope(list.mainMembers.find((m) => m.id === id)) };
    },
    'POST /api/MemberRelationApprove/Reject': (r) => {
      const id = (r.body as { id: number }).id;
      list = {
        ...list,
        mainMembers: list.mainMembers.map((m) => (m.id === id ? { ...m, status: 'rejected' } : m)),
      };
      return { body: envelope(list.mainMembers.find((m) => m.id === id)) };
    },
    'DELETE /api/MemberRelationApprove/Delete': (r) => {
      const id = (r.body as { id: number }).id;
      list = { related: list.related.filter((m) => m.id !== id), mainMembers: list.mainMembers };
      return { body: envelope({ ok: true }) };
    },
  });
}

beforeEach(async () => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  list = {
    related: [relation(1, 'approved', '李工'), relation(2, 'pending', '赵工')],
    mainMembers: [relation(3, 'pending', '周总'), relation(4, 'pending', '吴总')],
  };
  await noDialogLeft();
});
afterEach(() => vi.unstubAllGlobals());

const rows = (testId: string) => screen.getAllByTestId(testId);
const row = (testId: string, name: string) =>
  rows(testId).find((r) => r.textContent?.includes(name)) as HTMLElement;

describe('/associatedAccount', () => {
  it('logged out: explains related accounts and comes back here after login', async () => {
    baseApi();
    renderApp('/associatedAccount');
    await screen.findByTestId('associated-logged-out');
    act(() => fireEvent.click(screen.getByTestId('associated-login')));
    await screen.findByTestId('login-page');
    expect(sessionStorage.getItem('returnUrl')).toBe('/associatedAccount');
  });

  it('lists my related accounts and the requests to me with their status', async () => {
    logIn();
    const { requests } = api();
    renderApp('/associatedAccount');
    await screen.findAllByTestId('related-account');
    expect(
      rows('related-account').map((r) => within(r).getByTestId('relation-status').textContent),
    ).toEqual(['已关联', '待对方同意']);
    expect(within(row('main-account', '周总')).getByTestId('relation-approve').textContent).toBe(
      '同意',
    );
    expect(within(row('main-account', '周总')).getByTestId('relation-reject').textContent).toBe(
      '拒绝',
    );
    const asked = requests.find((r) => r.url.pathname.endsWith('/GetRelationListForMember'));
    expect(asked?.url.searchParams.get('isMobile')).toBe('true');
  });

  it('invites a member by mobile', async () => {
    logIn();
    api();
    renderApp('/associatedAccount');
    await screen.findAllByTestId('related-account');
    typeInto('relation-invite-mobile', '1390013900');
    act(() => fireEvent.click(screen.getByTestId('relation-invite-submit')));
    await expectFieldError('relation-invite-mobile', '请输入以1开头的11位手机号');
    typeInto('relation-invite-mobile', '13900139000');
    act(() => fireEvent.click(screen.getByTestId('relation-invite-submit')));
    await expectToast('邀请已发出');
    expect((await screen.findByTestId('relation-invite-sent')).textContent).toBe(
      '邀请已发出：如 139****9000 已注册会员中心，对方将收到短信通知，同意后即可关联。',
    );
    await waitFor(() => expect(rows('related-account')).toHaveLength(3));
    expect(within(row('related-account', '王工')).getByTestId('relation-status').textContent).toBe(
      '待对方同意',
    );
  });

  it('says the same whether or not the number is registered', async () => {
    logIn();
    // An unregistered number: the server answers as for a registered one, and lists nothing new.
    baseApi({
      'GET /api/MemberRelationApprove/GetRelationListForMember': () => ({ body: envelope(list) }),
      'POST /api/MemberRelationApprove/Apply': () => ({ body: envelope({ ok: true }) }),
    });
    renderApp('/associatedAccount');
    await screen.findAllByTestId('related-account');
    typeInto('relation-invite-mobile', '13900139000');
    act(() => fireEvent.click(screen.getByTestId('relation-invite-submit')));
    await expectToast('邀请已发出');
    expect((await screen.findByTestId('relation-invite-sent')).textContent).toBe(
      '邀请已发出：如 139****9000 已注册会员中心，对方将收到短信通知，同意后即可关联。',
    );
    expect(rows('related-account')).toHaveLength(2);
  });

  it('approves after confirming, and rejects', async () => {
    logIn();
    api();
    renderApp('/associatedAccount');
    await screen.findAllByTestId('main-account');
    act(() => fireEvent.click(within(row('main-account', '周总')).getByTestId('relation-approve')));
    expect((await screen.findByText(/「周总」可以切换到您的账号/)).textContent).toBe(
      '同意后，「周总」可以切换到您的账号下单、查看订单。',
    );
    await tapDialogButton('同意');
    await expectToast('已同意关联');
    await waitFor(() =>
      expect(within(row('main-account', '周总')).getByTestId('relation-status').textContent).toBe(
        '已关联',
      ),
    );

    act(() => fireEvent.click(within(row('main-account', '吴总')).getByTestId('relation-reject')));
    await waitFor(() =>
      expect(within(row('main-account', '吴总')).getByTestId('relation-status').textContent).toBe(
        '已拒绝',
      ),
    );
  });

  it('removes a related account after confirming', async () => {
    logIn();
    const { requests } = api();
    renderApp('/associatedAccount');
    await screen.findAllByTestId('related-account');
    act(() =>
      fireEvent.click(within(row('related-account', '李工')).getByTestId('relation-remove')),
    );
    expect((await screen.findByText(/不能再切换到「李工」的账号/)).textContent).toBe(
      '解除后您将不能再切换到「李工」的账号，确定解除吗？',
    );
    await tapDialogButton('解除');
    await expectToast('已解除关联');
    await waitFor(() => expect(rows('related-account')).toHaveLength(1));
    const removed = requests.find((r) => r.url.pathname.endsWith('/Delete'));
    expect(removed?.method).toBe('DELETE');
    expect(removed?.body).toEqual({ id: 1 });
    expect(currentPath()).toBe('/associatedAccount');
  });

  it('while acting in a related account, sends the member back to the main account first', async () => {
    logIn();
    const { requests } = baseApi({
      'GET /api/MemberInfo/GetRelationMember': () => ({
        body: envelope({
          isSwitched: true,
          mainMember: { id: 7, displayName: '张三', mobileMasked: '138****8000' },
        }),
      }),
    });
    renderApp('/associatedAccount');
    await screen.findByTestId('associated-switched');
    expect((await screen.findByTestId('switch-back')).textContent).toBe('切回主账号');
    expect(requests.some((r) => r.url.pathname.endsWith('/GetRelationListForMember'))).toBe(false);
  });
});
