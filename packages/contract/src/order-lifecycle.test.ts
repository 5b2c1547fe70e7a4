import { describe, expect, it } from 'vitest';
import { orderStatuses, orderStatusNames, type OrderStatus } from './order-basics';
import {
  afterConfirmation,
  allowedOrderActions,
  decideOrderAction,
  orderActionKeys,
  orderActions,
  type OrderActionRule,
  type OrderFacts,
} from './order-lifecycle';

/** Facts under which every condition of `rule` holds, in `status`. */
function factsFor(rule: OrderActionRule, status: OrderStatus): OrderFacts {
  return {
    kind: rule.kinds?.[0] ?? 'pcb',
    status,
    packed: rule.condition === 'packed',
    started: false,
    pendingPriceChange: rule.condition === 'pendingPriceChange',
    openEqs: rule.condition === 'openEq' ? 1 : 0,
    answeredEqs: 0,
  };
}

describe('the order lifecycle table', () => {
  for (const action of orderActionKeys) {
    const rule: OrderActionRule = orderActions[action];
    for (const status of orderStatuses) {
      it(`${action} in ${status}`, () => {
        const decision = decideOrderAction(action, factsFor(rule, status));
        if (rule.from.includes(status)) {
          expect(decision.allowed).toBe(true);
        } else {
          expect(decision).toEqual({
            allowed: false,
            byStatus: true,
            reason: `订单当前为「${orderStatusNames[status]}」，不能${rule.label}`,
          });
        }
      });
    }
  }

  it('refuses PCB-only actions to the other kinds, and unmet conditions', () => {
    expect(
      decideOrderAction('edit', { ...factsFor(orderActions.edit, 'pendingReview'), kind: 'smt' }),
    ).toMatchObject({
      allowed: false,
      reason: 'SMT贴片订单不能修改订单',
    });
    const packed = { ...factsFor(orderActions.updateReceiver, 'inProduction'), packed: true };
    expect(decideOrderAction('updateReceiver', packed)).toMatchObject({
      allowed: false,
      reason: '订单已完成包装，不能修改收货地址',
    });
    expect(decideOrderAction('ship', { ...packed, packed: false })).toMatchObject({
      allowed: false,
      reason: '订单尚未完成包装工序，不能发货',
    });
    // A paid order: the member may cancel it until the factory starts, staff until it ships.
    const paid = { ...factsFor(orderActions.cancel, 'inProduction') };
    expect(decideOrderAction('cancel', paid)).toEqual({ allowed: true, to: 'cancelled' });
    expect(decideOrderAction('cancel', { ...paid, started: true })).toMatchObject({
      allowed: false,
      reason: '订单已开始生产，不能取消订单',
    });
    expect(decideOrderAction('staffCancel', { ...paid, started: true })).toEqual({
      allowed: true,
      to: 'cancelled',
    });
  });

  it('leaves 待确认 only when nothing waits for the member, to review when answers are to be read', () => {
    const base = { pendingPriceChange: false, openEqs: 0, answeredEqs: 0 };
    expect(afterConfirmation(base)).toBe('awaitingPayment');
    expect(afterConfirmation({ ...base, answeredEqs: 1 })).toBe('pendingReview');
    expect(afterConfirmation({ ...base, openEqs: 1 })).toBe('awaitingConfirmation');
    expect(afterConfirmation({ ...base, pendingPriceChange: true })).toBe('awaitingConfirmation');
    const waiting: OrderFacts = {
      kind: 'pcb',
      status: 'awaitingConfirmation',
      packed: false,
      started: false,
      pendingPriceChange: true,
      openEqs: 1,
      answeredEqs: 0,
    };
    // The last answer with a price change pending: still waiting for the price.
    expect(decideOrderAction('replyEq', waiting)).toEqual({
      allowed: true,
      to: 'awaitingConfirmation',
    });
    expect(decideOrderAction('replyEq', { ...waiting, pendingPriceChange: false })).toEqual({
      allowed: true,
      to: 'pendingReview',
    });
    expect(decideOrderAction('acceptPrice', { ...waiting, openEqs: 0 })).toEqual({
      allowed: true,
      to: 'awaitingPayment',
    });
    expect(decideOrderAction('acceptPrice', { ...waiting, openEqs: 0, answeredEqs: 2 })).toEqual({
      allowed: true,
      to: 'pendingReview',
    });
  });

  it('tells each side its buttons', () => {
    const facts: OrderFacts = {
      kind: 'pcb',
      status: 'pendingReview',
      packed: false,
      started: false,
      pendingPriceChange: false,
      openEqs: 0,
      answeredEqs: 0,
    };
    expect(allowedOrderActions(facts, 'member')).toEqual([
      'updateReceiver',
      'updateFile',
      'cancel',
      'edit',
    ]);
    expect(allowedOrderActions(facts, ['engineer'])).toEqual(['pass', 'changePrice', 'raiseEq']);
    expect(allowedOrderActions(facts, ['sales'])).toEqual(['staffCancel']);
    expect(allowedOrderActions(facts, ['finance'])).toEqual([]);
  });
});
