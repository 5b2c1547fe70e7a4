import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { CreditBill } from '@pcb/contract/member-credit-payment';
import { envelope } from '@pcb/client/test';
import { baseApi, logIn } from '../../../test/base-api';
import { memberFixture } from '../../../test/fixtures';
import { renderApp } from '../../../test/render-app';
import { expectToast } from '../../../test/ui-text';
import { documentNavigation } from '../../../lib/document-navigation';
import { queryClient } from '../../../lib/api';

beforeEach(() => {
  logIn();
  queryClient.clear();
  sessionStorage.clear();
});
afterEach(() => {
  vi.restoreAllMocks();
});

const bill: CreditBill = {
  id: 5,
  period: '2026-11',
  billDate: '2026-11-28',
  dueDate: '2026-12-08',
  amount: 3800,
  refunded: 0,
  outstanding: 3800,
  orderCount: 1,
  status: 'unpaid',
  overdue: false,
  paidAt: null,
};

function billServer(balance: number) {
  let current = bill;
  return baseApi({
    'GET /api/MemberInfo/Get': () => ({
      body: envelope({ ...memberFixture, hasPaymentPassword: true }),
    }),
    'GET /api/MemberCreditPayment/GetBills': () => ({
      body: envelope({ items: [current], total: 1, page: 1, pageSize: 20 }),
    }),
    'GET /api/MemberCreditPayment/GetLogs': () => ({
      body: envelope({ items: [], total: 0, page: 1, pageSize: 20 }),
    }),
    'GET /api/MemberAdvancePayment/GetBalance': () => ({
      body: envelope({ balance, giftBalance: 0, held: 0 }),
    }),
    'POST /api/MemberCreditPayment/RepayBill': () => {
      current = { ...bill, outstanding: 0, status: 'paid', paidAt: '2026-11-28T02:00:00Z' };
      return { body: envelope(current) };
    },
    'POST /api/MemberCreditPayment/RepayBillOnline': () => ({
      body: envelope({
        outTradeNo: 'B2026112800001',
        channel: 'alipay',
        scene: 'h5',
        amount: 3800,
        expiresAt: '2026-11-28T12:00:00+08:00',
        launch: { kind: 'redirect', url: 'https://sandbox.example/alipay?bill=5' },
      }),
    }),
  });
}

async function openSheet() {
  renderApp('/creditAccount/billHistory');
  const open = await screen.findByTestId('bill-repay-open');
  act(() => fireEvent.click(open));
  return screen.findByTestId('repay-ways');
}

const typePasscode = (value: string) =>
  act(() =>
    fireEvent.change(
      screen
        .getByTestId('pay-passcode')
        .querySelector('.adm-passcode-input-native-input') as HTMLInputElement,
      { target: { value } },
    ),
  );

describe('the bill repay sheet (decisions 0060, 0065)', () => {
  it('余额 when it covers the bill: the payment password, then repaid', async () => {
    const { calls } = billServer(10_000);
    await openSheet();
    expect(screen.getByTestId('repay-way-balance')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('repay-amount')).toHaveTextContent('¥38.00');
    act(() => fireEvent.click(screen.getByTestId('repay-submit')));
    await screen.findByTestId('pay-passcode-step');
    typePasscode('385917');
    await expectToast('还款成功');
    expect(calls('POST /api/MemberCreditPayment/RepayBill')[0]?.body).toEqual({
      id: 5,
      paymentPassword: '385917',
    });
  });

  it('a short balance: 余额 disabled with why; 支付宝 repays online and remembers the payment', async () => {
    const assign = vi.spyOn(documentNavigation, 'assign').mockImplementation(() => {});
    const { calls } = billServer(1_000);
    await openSheet();
    expect(screen.getByTestId('repay-way-balance')).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByTestId('repay-way-balance')).toHaveTextContent('余额不足');
    expect(screen.getByTestId('repay-way-alipay')).toHaveAttribute('aria-checked', 'true');
    act(() => fireEvent.click(screen.getByTestId('repay-submit')));
    await waitFor(() =>
      expect(assign).toHaveBeenCalledWith('https://sandbox.example/alipay?bill=5'),
    );
    expect(calls('POST /api/MemberCreditPayment/RepayBillOnline')[0]?.body).toMatchObject({
      id: 5,
      channel: 'alipay',
      scene: 'h5',
    });
    expect(JSON.parse(sessionStorage.getItem('pendingPayment')!)).toMatchObject({
      outTradeNo: 'B2026112800001',
      purpose: 'bill',
      amount: 3800,
    });
  });
});
