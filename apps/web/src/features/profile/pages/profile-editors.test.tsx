import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { MemberInfo } from '@pcb/contract';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn, typeInto } from '../../../test/base-api';
import { memberFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  logIn();
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** The server as far as the profile goes: Get answers what update last saved. */
function profileApi(start: Partial<MemberInfo> = {}, extra: Parameters<typeof baseApi>[0] = {}) {
  let info: MemberInfo = { ...memberFixture, ...start };
  const api = baseApi({
    'GET /api/MemberInfo/Get': () => ({ body: envelope(info) }),
    'PATCH /api/MemberInfo/update': (req) => {
      info = { ...info, ...(req.body as Partial<MemberInfo>) };
      return { body: envelope(info) };
    },
    'GET /api/MemberContact/GetList': () => ({ body: envelope([]) }),
    ...extra,
  });
  return { ...api, updates: () => api.requests.filter((r) => r.method === 'PATCH') };
}

describe('/userInfo', () => {
  it('shows the member’s info, phones masked, and opens each editor', async () => {
    profileApi({ qq: '12345678', contactPhone: '13912345678', certifiedAt: null });
    renderApp('/userInfo');
    expect(await screen.findByTestId('user-info-real-name')).toHaveTextContent('张三');
    expect(screen.getByTestId('user-info-mobile')).toHaveTextContent('138****8000');
    expect(screen.getByTestId('user-info-contact-phone')).toHaveTextContent('139****5678');
    expect(screen.getByTestId('user-info-qq')).toHaveTextContent('12345678');
    expect(screen.getByTestId('user-info-member-type')).toHaveTextContent('企业');
    expect(await screen.findByTestId('user-info-order-contacts')).toHaveTextContent('未添加');
    act(() => fireEvent.click(screen.getByTestId('user-info-edit-qq')));
    await screen.findByTestId('edit-qq-page');
    expect(currentPath()).toBe('/userInfo/editQQ');
  });

  it('says when the info cannot be loaded, and loads it again on retry', async () => {
    let fail = true;
    baseApi({
      'GET /api/MemberInfo/Get': () =>
        fail
          ? { status: 500, body: envelope(null, false, '服务器开小差了，请稍后再试') }
          : { body: envelope(memberFixture) },
      'GET /api/MemberContact/GetList': () => ({ body: envelope([]) }),
    });
    renderApp('/userInfo');
    expect(await screen.findByTestId('page-error')).toHaveTextContent('服务器开小差了，请稍后再试');
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    expect(await screen.findByTestId('user-info-real-name')).toHaveTextContent('张三');
  });
});

describe('/userInfo/editQQ and editContactPhone', () => {
  it('saves the QQ number, shows it on /userInfo at once', async () => {
    const api = profileApi();
    renderApp('/userInfo');
    const row = await screen.findByTestId('user-info-edit-qq');
    act(() => fireEvent.click(row));
    await screen.findByTestId('edit-qq');
    typeInto('edit-qq', '1234');
    act(() => fireEvent.click(screen.getByTestId('edit-qq-submit')));
    expect(await screen.findByText('应为5-11位数字')).toBeInTheDocument();
    expect(api.updates()).toEqual([]);

    typeInto('edit-qq', ' 87654321 ');
    act(() => fireEvent.click(screen.getByTestId('edit-qq-submit')));
    expect(await screen.findByText('QQ号已保存')).toBeInTheDocument();
    await screen.findByTestId('user-info-page');
    expect(screen.getByTestId('user-info-qq')).toHaveTextContent('87654321');
    expect(api.updates().map((r) => r.body)).toEqual([{ qq: '87654321' }]);
  });

  it('clears the contact phone when saved empty, and accepts a landline', async () => {
    const api = profileApi({ contactPhone: '0755-86001234' });
    renderApp('/userInfo/editContactPhone');
    await screen.findByTestId('edit-contact-phone');
    expect((document.getElementById('edit-contact-phone') as HTMLInputElement).value).toBe(
      '0755-86001234',
    );
    typeInto('edit-contact-phone', '12');
    act(() => fireEvent.click(screen.getByTestId('edit-contact-phone-submit')));
    expect(
      await screen.findByText('请输入以1开头的11位手机号，或带区号的固定电话'),
    ).toBeInTheDocument();
    typeInto('edit-contact-phone', '');
    act(() => fireEvent.click(screen.getByTestId('edit-contact-phone-submit')));
    expect(await screen.findByText('联系电话已清除')).toBeInTheDocument();
    expect(api.updates().map((r) => r.body)).toEqual([{ contactPhone: null }]);
  });

  it('shows a refusal of the server as a toast, staying on the editor', async () => {
    baseApi({
      'PATCH /api/MemberInfo/update': () => ({
        status: 400,
        body: { ...envelope(null, false, 'QQ号：应为5-11位数字'), field: 'qq' },
      }),
    });
    renderApp('/userInfo/editQQ');
    await screen.findByTestId('edit-qq');
    typeInto('edit-qq', '55555');
    act(() => fireEvent.click(screen.getByTestId('edit-qq-submit')));
    expect(await screen.findByText('QQ号：应为5-11位数字')).toBeInTheDocument();
    expect(currentPath()).toBe('/userInfo/editQQ');
  });
});

describe('/userInfo/editContacts', () => {
  it('suggests company names as the member types, and saves the chosen one', async () => {
    const api = profileApi(
      { companyName: null, memberType: 'personal' },
      {
        'GET /api/MemberInfo/SearchCompany': (req) => ({
          body: envelope(
            req.url.searchParams.get('keyword') === '华芯'
              ? [
                  { name: '深圳市华芯电子科技有限公司', creditCode: '91440300MA5F000000' },
                  { name: '东莞市华芯电路科技有限公司', creditCode: null },
                ]
              : [],
          ),
        }),
      },
    );
    renderApp('/userInfo/editContacts');
    await screen.findByTestId('edit-contacts-company');
    act(() => fireEvent.click(screen.getByTestId('edit-contacts-member-type-company')));
    const input = document.getElementById('edit-contacts-company') as HTMLInputElement;
    act(() => fireEvent.focus(input));
    typeInto('edit-contacts-company', '华');
    typeInto('edit-contacts-company', '华芯');
    const list = await screen.findByTestId('edit-contacts-company-suggestions');
    expect(list.textContent).toBe('深圳市华芯电子科技有限公司东莞市华芯电路科技有限公司');
    // One character is never looked up.
    const searches = api.requests.filter((r) => r.url.pathname.endsWith('/SearchCompany'));
    expect(searches.map((r) => r.url.searchParams.get('keyword'))).toEqual(['华芯']);
    act(() => fireEvent.click(screen.getByText('东莞市华芯电路科技有限公司')));
    expect(input.value).toBe('东莞市华芯电路科技有限公司');

    typeInto('edit-contacts-user-name', '13800138000');
    act(() => fireEvent.click(screen.getByTestId('edit-contacts-submit')));
    expect(await screen.findByText('不能全是数字')).toBeInTheDocument();
    typeInto('edit-contacts-user-name', 'zhang_pcb');
    act(() => fireEvent.click(screen.getByTestId('edit-contacts-submit')));
    expect(await screen.findByText('资料已保存')).toBeInTheDocument();
    expect(api.updates().map((r) => r.body)).toEqual([
      {
        realName: '张三',
        userName: 'zhang_pcb',
        memberType: 'company',
        companyName: '东莞市华芯电路科技有限公司',
      },
    ]);
  });

  it('asks a company member for the company name', async () => {
    const api = profileApi({ companyName: null, memberType: 'personal' });
    renderApp('/userInfo/editContacts');
    await screen.findByTestId('edit-contacts-company');
    act(() => fireEvent.click(screen.getByTestId('edit-contacts-member-type-company')));
    act(() => fireEvent.click(screen.getByTestId('edit-contacts-submit')));
    expect(await screen.findByText('企业会员请填写公司名称')).toBeInTheDocument();
    expect(api.updates()).toEqual([]);
  });

  it('once certified, keeps the company and type as they are and does not send them', async () => {
    const api = profileApi({ certifiedAt: '2026-11-01T00:00:00.000Z' });
    renderApp('/userInfo/editContacts');
    expect(await screen.findByTestId('edit-contacts-certified')).toHaveTextContent(
      '已通过企业认证',
    );
    expect(document.getElementById('edit-contacts-company')).toBeDisabled();
    expect(screen.getByTestId('edit-contacts-member-type-personal')).toBeDisabled();
    typeInto('edit-contacts-real-name', '张三丰');
    act(() => fireEvent.click(screen.getByTestId('edit-contacts-submit')));
    await waitFor(() => expect(api.updates().length).toBe(1));
    expect(api.updates()[0]?.body).toEqual({ realName: '张三丰', userName: 'zhang' });
  });

  it('shows a taken user name under its field', async () => {
    baseApi({
      'PATCH /api/MemberInfo/update': () => ({
        status: 409,
        body: { ...envelope(null, false, '该用户名已被使用'), field: 'userName' },
      }),
    });
    renderApp('/userInfo/editContacts');
    await screen.findByTestId('edit-contacts-user-name');
    act(() => fireEvent.click(screen.getByTestId('edit-contacts-submit')));
    const message = await screen.findByText('该用户名已被使用');
    expect(message.getAttribute('role')).toBe('alert');
    expect(currentPath()).toBe('/userInfo/editContacts');
  });
});
