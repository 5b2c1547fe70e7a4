import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import type { StaffInvoiceRequest } from '@pcb/contract/bill';
import { mockApi, ok } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const pending: StaffInvoiceRequest = {
  id: 12,
  member: { id: 4, displayName: '张工' },
  invoiceType: 'normal',
  title: '深圳华创电子有限公司',
  taxNumber: '91440300MA5DCKXX0T',
  total: 120_840,
  billCount: 2,
  invoiceNo: null,
  needsRedLetter: false,
  hasRefundedBill: false,
  status: 'pending',
  rejectReason: null,
  decidedBy: null,
  decidedAt: null,
  submittedAt: '2026-11-20T02:00:00Z',
};

function invoiceServer(initial: StaffInvoiceRequest = pending) {
  let request = { ...initial };
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
    'GET /api/StaffInvoice/List': () => ok(page([request])),
    'GET /api/StaffInvoice/RedLetters': () => ok(page(request.needsRedLetter ? [request] : [])),
    'GET /api/StaffInvoice/Get': () =>
      ok({
        ...request,
        profile: {
          invoiceType: 'normal',
          titleType: 'company',
          title: request.title,
          taxNumber: request.taxNumber,
          registeredAddress: null,
          registeredPhone: null,
          bankName: null,
          bankAccount: null,
          email: 'caiwu@example.com',
        },
        bills: [
          { id: 1, orderNo: 'P202611200001', amount: 60_420, refunded: false },
          { id: 2, orderNo: 'P202611200002', amount: 60_420, refunded: request.needsRedLetter },
        ],
        pdfUrl: request.status === 'approved' ? '/sandbox/oss/invoicePdf/generated/12.pdf' : null,
        mailedAt: null,
        canGenerate: true,
      }),
    'POST /api/StaffInvoice/Approve': () => {
      request = { ...request, status: 'approved', invoiceNo: '20261120000000000012' };
      return ok({ ok: true });
    },
  });
}

describe('invoice requests (finance)', () => {
  it('shows whom to and the bills, and issues a generated invoice after a confirmation', async () => {
    const api = invoiceServer();
    renderConsole('/finance/invoice-requests');
    const row = (await screen.findByText(/深圳华创电子有限公司/)).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '审核' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('P202611200002');
    expect(within(drawer).getByText('caiwu@example.com')).toBeInTheDocument();
    expect(within(drawer).getByText(/不上传时将生成测试电子发票/)).toBeInTheDocument();

    fireEvent.click(within(drawer).getByRole('button', { name: '通过' }));
    const confirm = (
      await screen.findByText('开具电子发票？', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(confirm).getByRole('button', { name: '通过' }));
    expect(await screen.findByText('已开具，会员已收到通知')).toBeInTheDocument();
    expect(api.calls('POST /api/StaffInvoice/Approve')[0]?.body).toEqual({ id: 12 });
    expect(await within(drawer).findByTestId('invoice-pdf-link')).toHaveAttribute(
      'href',
      '/sandbox/oss/invoicePdf/generated/12.pdf',
    );
  });

  it('flags an issued request whose bill was refunded for a red-letter invoice', async () => {
    invoiceServer({
      ...pending,
      status: 'approved',
      invoiceNo: '20261120000000000012',
      needsRedLetter: true,
    });
    renderConsole('/finance/invoice-requests');
    expect(await screen.findByText('需开红字发票（1）')).toBeInTheDocument();
    expect((await screen.findAllByText('需开红字发票')).length).toBeGreaterThan(0);
  });
});
