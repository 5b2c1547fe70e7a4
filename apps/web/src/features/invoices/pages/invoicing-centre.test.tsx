import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Bill, InvoiceRequestDetail } from '@pcb/contract/bill';
import type { InvoiceProfile } from '@pcb/contract/member-invoice';
import { envelope } from '@pcb/client/test';
import { initialAppState, useAppStore } from '../../../lib/app-store';
import { queryClient } from '../../../lib/api';
import { baseApi, currentPath, logIn } from '../../../test/base-api';
import { tapDialogButton } from '../../../test/dialog';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';

beforeEach(() => {
  useAppStore.setState(initialAppState);
  queryClient.clear();
  logIn();
});
afterEach(() => vi.unstubAllGlobals());

const bill = (id: number, values: Partial<Bill> = {}): Bill => ({
  id,
  orderNo: `P20261127000${id}`,
  orderKind: 'pcb',
  invoiceType: 'normal',
  title: '深圳华创电子有限公司',
  paid: 30_000,
  excluded: 0,
  refunded: 0,
  amount: 30_000,
  state: 'open',
  requestId: null,
  paidAt: '2026-11-20T02:00:00.000Z',
  ...values,
});

const profile: InvoiceProfile = {
  id: 7,
  invoiceType: 'normal',
  titleType: 'company',
  title: '深圳华创电子有限公司',
  taxNumber: '91440300MA5DCKXX0T',
  registeredAddress: null,
  registeredPhone: null,
  bankName: null,
  bankAccount: null,
  email: 'finance@example.com',
  mobile: null,
  isDefault: true,
  isUsable: true,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};

const detail = (values: Partial<InvoiceRequestDetail> = {}): InvoiceRequestDetail => ({
  id: 41,
  invoiceType: 'normal',
  title: profile.title,
  total: 60_000,
  billCount: 2,
  status: 'pending',
  rejectReason: null,
  invoiceNo: null,
  needsRedLetter: false,
  createdAt: '2026-11-27T02:00:00.000Z',
  decidedAt: null,
  profile: {
    invoiceType: 'normal',
    titleType: 'company',
    title: profile.title,
    taxNumber: profile.taxNumber,
    registeredAddress: null,
    registeredPhone: null,
    bankName: null,
    bankAccount: null,
    email: profile.email,
  },
  bills: [
    { id: 1, orderNo: 'P202611270001', amount: 30_000 },
    { id: 2, orderNo: 'P202611270002', amount: 30_000 },
  ],
  pdfUrl: null,
  mailedAt: null,
  ...values,
});

describe('/MakeInvoice: the invoicing centre', () => {
  it('lists bills, sums the selection with GetTotalAmount and applies', async () => {
    const { requests } = baseApi({
      'POST /api/Bill/GetList': () => ({
        body: envelope({
          items: [bill(1), bill(2), bill(3, { state: 'invoiced', requestId: 9 })],
          total: 3,
          page: 1,
          pageSize: 100,
        }),
      }),
      'POST /api/Bill/GetTotalAmount': (request) => {
        const { params } = request.body as { params: { ids: number[] } };
        return { body: envelope({ total: params.ids.length * 30_000, count: params.ids.length }) };
      },
      'GET /api/MemberInvoice/GetList': () => ({ body: envelope([profile]) }),
      'POST /api/Bill/CheckBillStandard': () => ({
        body: envelope({ ok: true, reason: null, total: 60_000, count: 2 }),
      }),
      'POST /api/Bill/SaveRequest': () => ({ body: envelope(detail()) }),
      'GET /api/Bill/GetRequestDetail': () => ({ body: envelope(detail()) }),
    });
    renderApp('/MakeInvoice');
    const items = await screen.findAllByTestId('bill-item');
    expect(items).toHaveLength(3);
    expect(within(items[2]!).queryByRole('checkbox')).toBeNull();
    act(() => fireEvent.click(within(items[0]!).getByRole('checkbox')));
    act(() => fireEvent.click(within(items[1]!).getByRole('checkbox')));
    await waitFor(() => expect(screen.getByTestId('bill-total').textContent).toContain('¥600.00'));
    act(() => fireEvent.click(screen.getByTestId('bill-apply')));
    await screen.findByTestId('apply-invoice-page');
    expect(currentPath()).toBe('/MakeInvoice/applyInvoice/normal/1,2');
    await waitFor(() => expect(screen.getByTestId('apply-total').textContent).toBe('¥600.00'));
    await waitFor(() => expect(screen.getByTestId('apply-submit')).not.toBeDisabled());
    act(() => fireEvent.click(screen.getByTestId('apply-submit')));
    await expectToast('开票申请已提交');
    await screen.findByTestId('invoice-detail');
    expect(currentPath()).toBe('/MakeInvoice/invoiceDetail/41');
    const saved = requests.find((r) => r.url.pathname === '/api/Bill/SaveRequest');
    expect(saved?.body).toEqual({ billIds: [1, 2], invoiceProfileId: 7 });
  });

  it('applyInvoice shows CheckBillStandard’s reason and keeps 提交 off', async () => {
    baseApi({
      'GET /api/MemberInvoice/GetList': () => ({ body: envelope([profile]) }),
      'POST /api/Bill/CheckBillStandard': () => ({
        body: envelope({
          ok: false,
          reason: '开票金额合计不能低于¥100.00',
          total: 5_000,
          count: 1,
        }),
      }),
    });
    renderApp('/MakeInvoice/applyInvoice/normal/5');
    expect((await screen.findByTestId('apply-reason')).textContent).toBe(
      '开票金额合计不能低于¥100.00',
    );
    expect(screen.getByTestId('apply-submit')).toBeDisabled();
  });

  it('invoiceDetail: a pending request is deleted after confirming', async () => {
    const { requests } = baseApi({
      'GET /api/Bill/GetRequestDetail': () => ({ body: envelope(detail()) }),
      'DELETE /api/Bill/DeleteRequest': () => ({ body: envelope({ ok: true }) }),
      'GET /api/Bill/GetRequestList': () => ({
        body: envelope({ items: [], total: 0, page: 1, pageSize: 100 }),
      }),
    });
    renderApp('/MakeInvoice/invoiceDetail/41');
    expect((await screen.findByTestId('detail-status')).textContent).toBe('待开票');
    act(() => fireEvent.click(screen.getByTestId('detail-delete')));
    await tapDialogButton('删除');
    await expectToast('已删除');
    await waitFor(() => expect(currentPath()).toBe('/MakeInvoice'));
    expect(requests.some((r) => r.url.pathname === '/api/Bill/DeleteRequest')).toBe(true);
  });

  it('invoiceDetail: issued offers the PDF and a resend; rejected shows the reason', async () => {
    let current = detail({
      status: 'approved',
      invoiceNo: '20261127000000000041',
      pdfUrl: 'https://oss.example/invoice.pdf?sig=1',
    });
    baseApi({
      'GET /api/Bill/GetRequestDetail': () => ({ body: envelope(current) }),
      'POST /api/Bill/ResendMail': () => ({ body: envelope({ ok: true }) }),
    });
    renderApp('/MakeInvoice/invoiceDetail/41');
    const link = await screen.findByTestId('detail-download');
    expect(link.getAttribute('href')).toBe('https://oss.example/invoice.pdf?sig=1');
    act(() => fireEvent.click(screen.getByTestId('detail-resend')));
    await expectToast('已发送至finance@example.com');
    current = detail({ status: 'rejected', rejectReason: '抬头有误' });
    queryClient.clear();
    renderApp('/MakeInvoice/invoiceDetail/42');
    expect((await screen.findAllByTestId('detail-reason')).at(-1)!.textContent).toContain(
      '抬头有误',
    );
  });
});
