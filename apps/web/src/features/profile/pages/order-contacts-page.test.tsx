import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MemberContact } from '@pcb/contract';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn, typeInto } from '../../../test/base-api';
import { noDialogLeft, tapDialogButton } from '../../../test/dialog';
import { renderApp } from '../../../test/render-app';

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  logIn();
});
afterEach(async () => {
  await noDialogLeft();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const contact = (c: Partial<MemberContact> & Pick<MemberContact, 'id'>): MemberContact => ({
  contactName: '王采购',
  mobile: '13911112222',
  email: null,
  qq: null,
  wechat: null,
  isMain: false,
  userType: 'purchasing',
  createdAt: '2026-11-01T00:00:00.000Z',
  ...c,
});

/** A small server: one main per type, the first of a type main, deleting the main promotes. */
function contactsApi(start: MemberContact[]) {
  let contacts = [...start];
  let nextId = 100;
  const settle = (type: string) => {
    const ofType = contacts.filter((c) => c.userType === type);
    if (ofType.length > 0 && !ofType.some((c) => c.isMain)) ofType[0]!.isMain = true;
  };
  return baseApi({
    'GET /api/MemberContact/GetList': () => ({ body: envelope(contacts) }),
    'PATCH /api/MemberContact/SetMainContact': (req) => {
      const { id } = req.body as { id: number };
      const target = contacts.find((c) => c.id === id)!;
      contacts = contacts.map((c) =>
        c.userType === target.userType ? { ...c, isMain: c.id === id } : c,
      );
      return { body: envelope(contacts.find((c) => c.id === id)) };
    },
    'DELETE /api/MemberContact/Delete': (req) => {
      const { id } = req.body as { id: number };
      const gone = contacts.find((c) => c.id === id)!;
      contacts = contacts.filter((c) => c.id !== id);
      settle(gone.userType);
      return { body: envelope({ ok: true }) };
    },
    'POST /api/MemberContact/Create': (req) => {
      const created = contact({ ...(req.body as MemberContact), id: nextId++ });
      if (created.isMain)
        contacts = contacts.map((c) =>
          c.userType === created.userType ? { ...c, isMain: false } : c,
        );
      contacts.push(created);
      settle(created.userType);
      return { body: envelope(contacts.find((c) => c.id === created.id)) };
    },
    'PUT /api/MemberContact/Update': (req) => {
      const body = req.body as MemberContact;
      contacts = contacts.map((c) => (c.id === body.id ? { ...c, ...body } : c));
      return { body: envelope(contacts.find((c) => c.id === body.id)) };
    },
  });
}

describe('/userInfo/editOrderContact', () => {
  it('lists contacts by type with the main one marked, masked mobiles', async () => {
    contactsApi([
      contact({ id: 1, isMain: true }),
      contact({ id: 2, contactName: '赵敏', mobile: '13933334444', qq: '10086' }),
      contact({ id: 3, contactName: '陈工', userType: 'engineering', isMain: true }),
    ]);
    renderApp('/userInfo/editOrderContact');
    const buyers = await screen.findByTestId('contact-group-purchasing');
    expect(within(buyers).getByText('采购联系人')).toBeInTheDocument();
    expect(screen.getByTestId('contact-1-main')).toHaveTextContent('主联系人');
    expect(screen.queryByTestId('contact-2-main')).toBeNull();
    expect(screen.getByTestId('contact-2')).toHaveTextContent('手机 139****4444');
    expect(screen.getByTestId('contact-2')).toHaveTextContent('QQ 10086');
    expect(screen.getByTestId('contact-group-engineering')).toHaveTextContent('陈工');
    expect(screen.queryByTestId('contact-group-finance')).toBeNull();
    // The main contact offers no "set main".
    expect(screen.queryByTestId('contact-1-set-main')).toBeNull();
  });

  it('sets another contact as main', async () => {
    const { requests } = contactsApi([
      contact({ id: 1, isMain: true }),
      contact({ id: 2, contactName: '赵敏' }),
    ]);
    renderApp('/userInfo/editOrderContact');
    const target = await screen.findByTestId('contact-2-set-main');
    act(() => fireEvent.click(target));
    expect(await screen.findByText('已设为采购主联系人')).toBeInTheDocument();
    await screen.findByTestId('contact-2-main');
    expect(screen.queryByTestId('contact-1-main')).toBeNull();
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ id: 2 });
  });

  it('deletes after a confirmation; the next of the type becomes main', async () => {
    const { requests } = contactsApi([
      contact({ id: 1, isMain: true }),
      contact({ id: 2, contactName: '赵敏' }),
    ]);
    renderApp('/userInfo/editOrderContact');
    const target = await screen.findByTestId('contact-1-delete');
    act(() => fireEvent.click(target));
    expect(
      await screen.findByText('删除采购主联系人「王采购」？同类型最早添加的联系人将成为主联系人。'),
    ).toBeInTheDocument();
    await tapDialogButton('取消');
    await noDialogLeft();
    expect(requests.some((r) => r.method === 'DELETE')).toBe(false);

    act(() => fireEvent.click(screen.getByTestId('contact-1-delete')));
    await tapDialogButton('删除');
    expect(await screen.findByText('联系人已删除')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('contact-1')).toBeNull());
    expect(screen.getByTestId('contact-2-main')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'DELETE')?.body).toEqual({ id: 1 });
  });

  it('shows the empty state, and adds a first contact, which becomes main', async () => {
    const { requests } = contactsApi([]);
    renderApp('/userInfo/editOrderContact');
    expect(await screen.findByTestId('page-empty')).toHaveTextContent('还没有订单联系人');
    act(() => fireEvent.click(screen.getByTestId('order-contacts-add')));
    await screen.findByTestId('add-order-contact-page');
    expect(screen.queryByTestId('footer')).toBeNull();

    act(() => fireEvent.click(screen.getByTestId('contact-form-submit')));
    expect(await screen.findByText('请填写联系人姓名')).toBeInTheDocument();
    act(() => fireEvent.click(screen.getByTestId('contact-form-type-finance')));
    typeInto('contact-form-name', '孙会计');
    typeInto('contact-form-mobile', '13955556666');
    typeInto('contact-form-email', 'bad');
    act(() => fireEvent.click(screen.getByTestId('contact-form-submit')));
    expect(await screen.findByText('邮箱格式不正确')).toBeInTheDocument();
    typeInto('contact-form-email', 'finance@example.com');
    act(() => fireEvent.click(screen.getByTestId('contact-form-submit')));

    expect(await screen.findByText('联系人已添加')).toBeInTheDocument();
    await screen.findByTestId('contact-group-finance');
    expect(currentPath()).toBe('/userInfo/editOrderContact');
    expect(
      requests.find((r) => r.method === 'POST' && r.url.pathname.endsWith('/Create'))?.body,
    ).toEqual({
      contactName: '孙会计',
      mobile: '13955556666',
      userType: 'finance',
      email: 'finance@example.com',
      qq: null,
      wechat: null,
      isMain: false,
    });
    expect(screen.getByTestId('contact-100-main')).toBeInTheDocument();
  });

  it('edits a contact from its card; a main contact cannot be switched off', async () => {
    const { requests } = contactsApi([contact({ id: 1, isMain: true })]);
    renderApp('/userInfo/editOrderContact');
    const target = await screen.findByTestId('contact-1-edit');
    act(() => fireEvent.click(target));
    await screen.findByTestId('contact-form-name');
    expect(currentPath()).toBe('/userInfo/editOrderContact/addOrderContact');
    expect(
      screen.getByText('当前为主联系人；如需更换，请把另一位设为主联系人'),
    ).toBeInTheDocument();
    typeInto('contact-form-name', '王大采购');
    act(() => fireEvent.click(screen.getByTestId('contact-form-submit')));
    expect(await screen.findByText('联系人已保存')).toBeInTheDocument();
    expect(requests.find((r) => r.method === 'PUT')?.body).toMatchObject({
      id: 1,
      contactName: '王大采购',
      isMain: true,
    });
  });

  it('says so when the list cannot be loaded', async () => {
    baseApi({
      'GET /api/MemberContact/GetList': () => ({
        status: 500,
        body: envelope(null, false, '服务器开小差了，请稍后再试'),
      }),
    });
    renderApp('/userInfo/editOrderContact');
    expect(await screen.findByTestId('page-error')).toHaveTextContent('服务器开小差了');
  });

  it('an unknown contact id is not found', async () => {
    contactsApi([contact({ id: 1, isMain: true })]);
    renderApp('/userInfo/editOrderContact/addOrderContact?id=999');
    expect(await screen.findByTestId('page-error')).toHaveTextContent('联系人不存在或已删除');
  });
});
