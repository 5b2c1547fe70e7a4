import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StaffCreditApply } from '@pcb/contract/member-credit-payment';
import { mockApi, ok } from '@pcb/client/test';
import { page, sessionFixture } from '../../../test/fixtures';
import { renderConsole } from '../../../test/render-app';

const pending: StaffCreditApply = {
  id: 5,
  member: { id: 7, displayName: '示例电子' },
  companyName: '深圳示例电子有限公司',
  contactName: '张工',
  contactPhone: '138****8000',
  expectedMonthly: 3_000_000,
  limit: null,
  billingDay: null,
  status: 'pending',
  rejectReason: null,
  decidedBy: null,
  decidedAt: null,
  submittedAt: '2026-11-20T02:00:00Z',
};

function queueServer() {
  let apply = { ...pending };
  return mockApi({
    'GET /api/StaffAuth/Me': () => ok(sessionFixture(['finance'])),
    'GET /api/StaffCreditPayment/List': (r) => {
      const status = r.url.searchParams.get('status');
      return ok(page(status && status !== apply.status ? [] : [apply]));
    },
    'GET /api/StaffCreditPayment/Get': () => ok({ ...apply, remark: '季度采购约3万' }),
    'POST /api/StaffCreditPayment/Approve': (r) => {
      const { limit, billingDay } = r.body as { limit: number; billingDay: number };
      apply = { ...apply, status: 'approved', limit, billingDay };
      return ok({ ok: true });
    },
    'POST /api/StaffCreditPayment/Reject': (r) => {
      apply = { ...apply, status: 'rejected', rejectReason: (r.body as { reason: string }).reason };
      return ok({ ok: true });
    },
  });
}

describe('月结审核', () => {
  it('lists what is asked; approving names the limit (default the expected amount) and the billing day', async () => {
    const api = queueServer();
    renderConsole('/finance/credit-applies');
    const row = (await screen.findByText('深圳示例电子有限公司')).closest('tr') as HTMLElement;
    expect(within(row).getByText(/预计月结 ¥30,000.00/)).toBeInTheDocument();
    fireEvent.click(within(row).getByRole('button', { name: '审核' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('季度采购约3万');
    const limit = within(drawer).getByTestId('credit-limit-input');
    expect(limit).toHaveValue('30000.00');
    fireEvent.change(limit, { target: { value: '20000' } });
    fireEvent.change(within(drawer).getByTestId('credit-billing-day-input'), {
      target: { value: '5' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: '通过' }));
    const confirm = (
      await screen.findByText('通过月结申请？', { selector: '.ant-modal-confirm-title' })
    ).closest('.ant-modal') as HTMLElement;
    expect(confirm).toHaveTextContent('额度¥20,000.00，每月5日出账');
    fireEvent.click(within(confirm).getByRole('button', { name: '通过' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffCreditPayment/Approve')[0]?.body).toEqual({
        id: 5,
        limit: 2_000_000,
        billingDay: 5,
      }),
    );
    expect(await screen.findByText('已通过，月结额度已开通')).toBeInTheDocument();
  });

  it('rejects with a reason the member reads', async () => {
    const api = queueServer();
    renderConsole('/finance/credit-applies');
    const row = (await screen.findByText('深圳示例电子有限公司')).closest('tr') as HTMLElement;
    fireEvent.click(within(row).getByRole('button', { name: '审核' }));
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText('季度采购约3万');
    fireEvent.click(within(drawer).getByRole('button', { name: '驳回' }));
    const modal = (await screen.findByText('驳回月结申请')).closest('.ant-modal') as HTMLElement;
    fireEvent.click(within(modal).getByText('企业资料不完整，请补充后重新申请'));
    fireEvent.click(within(modal).getByRole('button', { name: '驳回' }));
    await waitFor(() =>
      expect(api.calls('POST /api/StaffCreditPayment/Reject')[0]?.body).toEqual({
        id: 5,
        reason: '企业资料不完整，请补充后重新申请',
      }),
    );
  });
});
