import { describe, expect, it } from 'vitest';
import type { CreditAccount } from '@pcb/contract/member-credit-payment';
import { creditRow } from './credit-pay-row';

const approved: CreditAccount = {
  state: 'approved',
  rejectReason: null,
  limit: 500_000,
  used: 100_000,
  available: 400_000,
  unbilled: 100_000,
  billingDay: 5,
  currentBill: null,
  overdue: false,
  overLimit: 0,
  suspendedAt: null,
  suspendReason: null,
};

describe('the pay sheet’s 月结支付 row', () => {
  it('is absent until the line is approved', () => {
    for (const state of ['none', 'pending', 'rejected'] as const) {
      expect(creditRow({ ...approved, state }, 100, false)).toBeNull();
    }
    expect(creditRow(undefined, 100, false)).toBeNull();
  });

  it('is usable when the available credit covers the order', () => {
    expect(creditRow(approved, 400_000, false)).toMatchObject({
      available: true,
      detail: '可用额度 ¥4,000.00，短信验证码确认',
    });
  });

  it('says why not: too little credit, an overdue bill, a switched session', () => {
    expect(creditRow(approved, 400_001, false)).toMatchObject({
      available: false,
      detail: '可用额度不足（可用 ¥4,000.00）',
    });
    expect(creditRow({ ...approved, overdue: true }, 100, false)).toMatchObject({
      available: false,
      detail: '您有逾期未还的月结账单，请先还款后再使用月结付款',
    });
    expect(
      creditRow(
        { ...approved, suspendedAt: '2026-11-20T02:00:00.000Z', suspendReason: '核对账目' },
        100,
        false,
      ),
    ).toMatchObject({ available: false, detail: '月结付款已暂停：核对账目' });
    expect(creditRow({ ...approved, overLimit: 20_000 }, 100, false)).toMatchObject({
      available: false,
      detail: '月结额度已下调，已用额度超出新额度，请先还款后再使用月结付款',
    });
    expect(creditRow(approved, 100, true)).toMatchObject({
      available: false,
      detail: '代关联账号付款时不能使用月结',
    });
  });
});
