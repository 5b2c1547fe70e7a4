import { describe, expect, it } from 'vitest';
import type { PaymentStatus } from '@pcb/contract/payment';
import { POLL_LIMIT_MS, nextPollDelay, orderPollState, paymentPollState } from './payment-poll';

const status = (over: Partial<PaymentStatus>): PaymentStatus => ({
  outTradeNo: 'P1',
  channel: 'alipay',
  purpose: 'order',
  status: 'pending',
  outcome: null,
  orderId: 1,
  orderNo: 'P2026112400001',
  kind: 'pcb',
  amount: 8_200,
  paidAt: null,
  ...over,
});

describe('polling the server after a payment (decision 0056)', () => {
  it('asks often at first, then less, then stops at the limit', () => {
    expect(nextPollDelay(0)).toBe(1500);
    expect(nextPollDelay(14_999)).toBe(1500);
    expect(nextPollDelay(15_000)).toBe(3000);
    expect(nextPollDelay(POLL_LIMIT_MS - 1)).toBe(3000);
    expect(nextPollDelay(POLL_LIMIT_MS)).toBe(false);
  });

  it('an online payment: waiting while pending, unconfirmed after the limit, each end state', () => {
    expect(paymentPollState(undefined, false)).toEqual({ type: 'waiting' });
    expect(paymentPollState(status({}), false)).toEqual({ type: 'waiting' });
    expect(paymentPollState(status({}), true)).toEqual({ type: 'unconfirmed' });
    expect(paymentPollState(status({ status: 'closed' }), false)).toEqual({ type: 'closed' });
    expect(paymentPollState(status({ status: 'paid', outcome: 'paidOrder' }), false)).toEqual({
      type: 'paid',
    });
    expect(
      paymentPollState(status({ status: 'paid', outcome: 'credited', purpose: 'recharge' }), false),
    ).toEqual({ type: 'paid' });
    // A credit bill repaid online (decision 0065).
    expect(
      paymentPollState(status({ status: 'paid', outcome: 'repaidBill', purpose: 'bill' }), false),
    ).toEqual({ type: 'paid' });
    for (const outcome of ['refunding', 'refunded'] as const) {
      expect(paymentPollState(status({ status: 'paid', outcome }), true)).toEqual({
        type: 'refunded',
      });
    }
    // Paid at the provider but not yet applied: not success until the server says what it did.
    expect(paymentPollState(status({ status: 'paid', outcome: null }), false)).toEqual({
      type: 'waiting',
    });
  });

  it('a payment from the balances: the order leaves 待付款', () => {
    expect(orderPollState(undefined, false)).toEqual({ type: 'waiting' });
    expect(orderPollState('awaitingPayment', false)).toEqual({ type: 'waiting' });
    expect(orderPollState('awaitingPayment', true)).toEqual({ type: 'unconfirmed' });
    expect(orderPollState('inProduction', false)).toEqual({ type: 'paid' });
    expect(orderPollState('shipped', false)).toEqual({ type: 'paid' });
    expect(orderPollState('cancelled', false)).toEqual({ type: 'closed' });
  });
});
