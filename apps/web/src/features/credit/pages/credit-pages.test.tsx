import { beforeEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { CreditAccount, CreditApply } from '@pcb/contract/member-credit-payment';
import { envelope } from '@pcb/client/test';
import { baseApi, logIn } from '../../../test/base-api';
import { renderApp } from '../../../test/render-app';

beforeEach(() => logIn());

const account = (over: Partial<CreditAccount> = {}): CreditAccount => ({
  state: 'approved',
  rejectReason: null,
  limit: 5_000_000,
  used: 1_250_000,
  available: 3_750_000,
  unbilled: 250_000,
  billingDay: 1,
  currentBill: null,
  overdue: false,
  overLimit: 0,
  suspendedAt: null,
  suspendReason: null,
  ...over,
});

const apply: CreditApply = {
  id: 7,
  companyName: '深圳示例电子有限公司',
  contactName: '张工',
  contactPhone: '13800138000',
  expectedMonthly: 3_000_000,
  remark: null,
  status: 'pending',
  rejectReason: null,
  limit: null,
  billingDay: null,
  decidedAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
  updatedAt: '2026-11-20T02:00:00.000Z',
};

function creditServer(a: CreditAccount, current: CreditApply | null = null) {
  return baseApi({
    'GET /api/MemberCreditPayment/Get': () => ({ body: envelope(a) }),
    'GET /api/MemberCreditPayment/GetApply': () => ({ body: envelope(current) }),
    'GET /api/MemberCreditPayment/GetMemberOrderNumberAmount': () => ({
      body: envelope({ number: 12, amount: 860_000 }),
    }),
  });
}

describe('/creditPay', () => {
  it('none: the state 未申请 and the form to apply', async () => {
    creditServer(account({ state: 'none', limit: 0, used: 0, available: 0, billingDay: null }));
    renderApp('/creditPay');
    expect(await screen.findByTestId('credit-state')).toHaveTextContent('未申请');
    expect(screen.getByTestId('credit-apply-submit')).toBeInTheDocument();
    expect(await screen.findByTestId('order-stats')).toHaveTextContent('12 笔');
  });

  it('pending: 审核中 with what was asked, no form', async () => {
    creditServer(account({ state: 'pending', limit: 0, used: 0, available: 0 }), apply);
    renderApp('/creditPay');
    expect(await screen.findByTestId('credit-state')).toHaveTextContent('审核中');
    expect(screen.getByText('深圳示例电子有限公司')).toBeInTheDocument();
    expect(screen.getByText('¥30,000.00')).toBeInTheDocument();
    expect(screen.queryByTestId('credit-apply-submit')).not.toBeInTheDocument();
  });

  it('rejected: the reason and the form filled with the application to submit again', async () => {
    creditServer(
      account({ state: 'rejected', rejectReason: '请补充近三个月流水', limit: 0, used: 0 }),
      { ...apply, status: 'rejected', rejectReason: '请补充近三个月流水' },
    );
    renderApp('/creditPay');
    expect(await screen.findByTestId('credit-state')).toHaveTextContent('已驳回');
    expect(screen.getByTestId('credit-reject-reason')).toHaveTextContent(
      '驳回原因：请补充近三个月流水',
    );
    expect(screen.getByText('修改后重新提交')).toBeInTheDocument();
    expect(screen.getByDisplayValue('深圳示例电子有限公司')).toBeInTheDocument();
  });

  it('approved: 已开通 and the way to the account', async () => {
    creditServer(account(), { ...apply, status: 'approved', limit: 5_000_000, billingDay: 1 });
    renderApp('/creditPay');
    expect(await screen.findByTestId('credit-state')).toHaveTextContent('已开通');
    expect(screen.getByText('查看月结账户')).toBeInTheDocument();
    expect(screen.queryByTestId('credit-apply-submit')).not.toBeInTheDocument();
  });
});

describe('/creditAccount', () => {
  it('approved: available, limit, used and unbilled; no bill yet', async () => {
    creditServer(account());
    renderApp('/creditAccount');
    expect(await screen.findByTestId('credit-available')).toHaveTextContent('¥37,500.00');
    expect(screen.getByTestId('credit-limit')).toHaveTextContent('¥50,000.00');
    expect(screen.getByTestId('credit-used')).toHaveTextContent('¥12,500.00');
    expect(screen.getByTestId('credit-unbilled')).toHaveTextContent('¥2,500.00');
    expect(screen.getByTestId('current-bill')).toHaveTextContent('暂无待还账单，每月1日出账');
  });

  it('not approved: asks to apply', async () => {
    creditServer(account({ state: 'none' }));
    renderApp('/creditAccount');
    expect(await screen.findByText('您尚未开通月结。')).toBeInTheDocument();
    expect(screen.getByText('申请月结')).toBeInTheDocument();
  });

  it('overdue: the bill to repay and the warning', async () => {
    creditServer(
      account({
        overdue: true,
        currentBill: {
          id: 3,
          period: '2026-10',
          billDate: '2026-11-01',
          dueDate: '2026-11-11',
          amount: 1_000_000,
          refunded: 0,
          outstanding: 1_000_000,
          orderCount: 4,
          status: 'unpaid',
          overdue: true,
          paidAt: null,
        },
      }),
    );
    renderApp('/creditAccount');
    expect(await screen.findByText('账单已逾期')).toBeInTheDocument();
    const bill = screen.getByTestId('current-bill');
    expect(within(bill).getByTestId('bill-outstanding')).toHaveTextContent('¥10,000.00');
    expect(within(bill).getByText('2026-11-11')).toBeInTheDocument();
    expect(within(bill).getByTestId('repay-open')).toBeInTheDocument();
  });

  it('a limit lowered below the use and a suspension say why credit payments are refused', async () => {
    creditServer(
      account({
        limit: 1_000_000,
        used: 1_250_000,
        available: 0,
        overLimit: 250_000,
        suspendedAt: '2026-11-26T02:00:00.000Z',
        suspendReason: '对账中，暂停三天',
      }),
    );
    renderApp('/creditAccount');
    expect(await screen.findByTestId('credit-suspended')).toHaveTextContent(
      '原因：对账中，暂停三天',
    );
    expect(screen.getByTestId('credit-over-limit')).toHaveTextContent('已用额度超出¥2,500.00');
  });
});
