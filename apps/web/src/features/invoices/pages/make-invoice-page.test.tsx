import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { InvoiceProfile } from '@pcb/contract/member-invoice';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { envelope } from '@pcb/client/test';
import { baseApi, currentPath, logIn, typeInto } from '../../../test/base-api';
import { noDialogLeft, tapDialogButton } from '../../../test/dialog';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  logIn();
});
afterEach(() => vi.unstubAllGlobals());

const profile = (id: number, values: Partial<InvoiceProfile> = {}): InvoiceProfile => ({
  id,
  invoiceType: 'normal',
  titleType: 'company',
  title: `示例公司${id}`,
  taxNumber: '91440300MA5DCKXX0T',
  registeredAddress: null,
  registeredPhone: null,
  bankName: null,
  bankAccount: null,
  email: 'finance@example.com',
  mobile: null,
  isDefault: false,
  isUsable: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  ...values,
});

const permissions = {
  canUseNormal: true,
  canUseSpecial: false,
  specialRefusal: '增值税专用发票仅限企业认证通过的会员使用，请先完成企业认证',
};

/** A server holding `profiles`, with SetDefault and Delete as the real one answers them. */
function invoiceServer(initial: InvoiceProfile[]) {
  let profiles = initial;
  return baseApi({
    'GET /api/MemberInvoice/GetList': () => ({ body: envelope(profiles) }),
    'GET /api/MemberInvoice/GetInvoicePermissions': () => ({ body: envelope(permissions) }),
    'PATCH /api/MemberInvoice/SetDefault': (request) => {
      const { id } = request.body as { id: number };
      profiles = profiles.map((p) => ({ ...p, isDefault: p.id === id }));
      return { body: envelope(profiles.find((p) => p.id === id)) };
    },
    'DELETE /api/MemberInvoice/Delete': (request) => {
      const { id } = request.body as { id: number };
      profiles = profiles.filter((p) => p.id !== id);
      return { body: envelope({ ok: true }) };
    },
    'POST /api/MemberInvoice/Create': (request) => {
      const created = profile(99, {
        ...(request.body as object),
        isDefault: profiles.length === 0,
      });
      profiles = [...profiles, created];
      return { body: envelope(created) };
    },
  });
}

const items = () => screen.getAllByTestId('invoice-item');
const titles = () => items().map((item) => within(item).getByTestId('invoice-title').textContent);
const defaultTitle = () =>
  items()
    .filter((item) => item.dataset.default === 'true')
    .map((item) => within(item).getByTestId('invoice-title').textContent);

describe('/MakeInvoice: invoice profiles', () => {
  it('opens from the member centre’s entry', async () => {
    invoiceServer([]);
    renderApp('/member');
    const entry = await screen.findByTestId('member-entry-invoices');
    expect(entry.textContent).toBe('开票中心');
    act(() => fireEvent.click(entry));
    await screen.findByTestId('make-invoice-page');
    expect(currentPath()).toBe('/MakeInvoice');
  });

  it('shows the default badge, sets another default, deletes after confirming', async () => {
    const { requests } = invoiceServer([
      profile(1, { isDefault: true }),
      profile(2, { titleType: 'personal', title: '张三', taxNumber: null }),
    ]);
    renderApp('/MakeInvoice?tab=profiles');
    await screen.findByTestId('invoice-list');
    expect(titles()).toEqual(['示例公司1', '张三']);
    expect(defaultTitle()).toEqual(['示例公司1']);
    expect(within(items()[0]!).getByTestId('invoice-default-badge').textContent).toBe('默认');
    expect(within(items()[0]!).getByTestId('invoice-tax-number').textContent).toBe(
      '91440300MA5DCKXX0T',
    );

    act(() => fireEvent.click(within(items()[1]!).getByTestId('invoice-set-default')));
    await expectToast('已设为默认抬头');
    await waitFor(() => expect(defaultTitle()).toEqual(['张三']));
    const patch = requests.find((r) => r.url.pathname === '/api/MemberInvoice/SetDefault');
    expect([patch?.method, patch?.body]).toEqual(['PATCH', { id: 2 }]);

    act(() => fireEvent.click(within(items()[0]!).getByTestId('invoice-delete')));
    expect(await screen.findByText('确定删除发票抬头「示例公司1」吗？')).toBeInTheDocument();
    await tapDialogButton('删除');
    await expectToast('已删除');
    await waitFor(() => expect(titles()).toEqual(['张三']));
    const del = requests.find((r) => r.url.pathname === '/api/MemberInvoice/Delete');
    expect([del?.method, del?.body]).toEqual(['DELETE', { id: 1 }]);
    await noDialogLeft();
  });

  it('keeps the profile when the deletion is cancelled', async () => {
    const { requests } = invoiceServer([profile(1, { isDefault: true })]);
    renderApp('/MakeInvoice?tab=profiles');
    await screen.findByTestId('invoice-list');
    act(() => fireEvent.click(screen.getByTestId('invoice-delete')));
    expect(
      await screen.findByText(
        '「示例公司1」是默认抬头，删除后最近添加的一个将成为默认。确定删除吗？',
      ),
    ).toBeInTheDocument();
    await tapDialogButton('取消');
    await noDialogLeft();
    expect(titles()).toEqual(['示例公司1']);
    expect(requests.some((r) => r.url.pathname === '/api/MemberInvoice/Delete')).toBe(false);
  });

  it('marks a 专票 profile that needs certification again', async () => {
    invoiceServer([profile(1, { isDefault: true, invoiceType: 'special', isUsable: false })]);
    renderApp('/MakeInvoice?tab=profiles');
    expect((await screen.findByTestId('invoice-unusable')).textContent).toBe('需企业认证');
  });

  it('empty: says so and offers to add; adding returns to the list', async () => {
    const { requests } = invoiceServer([]);
    renderApp('/MakeInvoice?tab=profiles');
    expect((await screen.findByTestId('page-empty')).textContent).toBe(
      '还没有发票抬头，添加后开票时可直接选用',
    );
    act(() => fireEvent.click(screen.getByTestId('invoice-add')));
    await screen.findByTestId('invoice-form');
    expect(currentPath()).toBe('/MakeInvoice/editInvoice');
    act(() => fireEvent.click(screen.getByTestId('invoice-title-type-personal')));
    typeInto('invoice-title', '张三');
    typeInto('invoice-email', 'zhang@example.com');
    act(() => fireEvent.click(screen.getByTestId('invoice-submit')));
    await expectToast('发票抬头已添加');
    await screen.findByTestId('invoice-list');
    expect(currentPath()).toBe('/MakeInvoice');
    expect(defaultTitle()).toEqual(['张三']);
    const create = requests.find((r) => r.url.pathname === '/api/MemberInvoice/Create');
    expect(create?.body).toEqual({
      invoiceType: 'normal',
      titleType: 'personal',
      title: '张三',
      email: 'zhang@example.com',
      mobile: '',
      isDefault: false,
    });
  });

  it('error: the server’s message and a retry', async () => {
    let fail = true;
    baseApi({
      'GET /api/MemberInvoice/GetList': () =>
        fail
          ? { status: 500, body: envelope(null, false, '服务器开小差了，请稍后再试') }
          : { body: envelope([profile(1, { isDefault: true })]) },
    });
    renderApp('/MakeInvoice?tab=profiles');
    expect((await screen.findByTestId('page-error')).textContent).toContain(
      '服务器开小差了，请稍后再试',
    );
    fail = false;
    act(() => fireEvent.click(screen.getByTestId('retry')));
    await screen.findByTestId('invoice-list');
    expect(titles()).toEqual(['示例公司1']);
  });
});

describe('/MakeInvoice/editInvoice/{id}', () => {
  it('edits my profile with Update, by its id', async () => {
    const { requests } = baseApi({
      'GET /api/MemberInvoice/Get': () => ({ body: envelope(profile(5)) }),
      'GET /api/MemberInvoice/GetInvoicePermissions': () => ({ body: envelope(permissions) }),
      'PUT /api/MemberInvoice/Update': (request) => ({
        body: envelope({ ...profile(5), ...(request.body as object) }),
      }),
      'GET /api/MemberInvoice/GetList': () => ({ body: envelope([profile(5)]) }),
    });
    renderApp('/MakeInvoice/editInvoice/5');
    await screen.findByTestId('invoice-form');
    expect(requests.find((r) => r.url.pathname === '/api/MemberInvoice/Get')?.url.search).toBe(
      '?id=5',
    );
    typeInto('invoice-title', '新名称有限公司');
    act(() => fireEvent.click(screen.getByTestId('invoice-submit')));
    await expectToast('发票抬头已保存');
    const put = requests.find((r) => r.url.pathname === '/api/MemberInvoice/Update');
    expect(put?.method).toBe('PUT');
    expect(put?.body).toEqual({
      id: 5,
      invoiceType: 'normal',
      titleType: 'company',
      title: '新名称有限公司',
      taxNumber: '91440300MA5DCKXX0T',
      email: 'finance@example.com',
      mobile: '',
      isDefault: false,
    });
    await screen.findByTestId('make-invoice-page');
  });

  it('another member’s (or a missing) id: not found, nothing to edit', async () => {
    baseApi({
      'GET /api/MemberInvoice/Get': () => ({
        status: 404,
        body: envelope(null, false, '发票抬头不存在'),
      }),
      'GET /api/MemberInvoice/GetInvoicePermissions': () => ({ body: envelope(permissions) }),
    });
    renderApp('/MakeInvoice/editInvoice/8');
    expect((await screen.findByTestId('page-error')).textContent).toContain('发票抬头不存在');
    expect(screen.queryByTestId('invoice-form')).toBeNull();
  });
});
