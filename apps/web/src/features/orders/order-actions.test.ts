import { describe, expect, it } from 'vitest';
import type { OrderFacts } from '@pcb/contract';
import { orderDetail, orderRow, stepsOf } from '../../test/order-fixtures';
import {
  awaitsPayment,
  barActionsOf,
  cardActionOf,
  factsOfDetail,
  factsOfRow,
  memberActionsOf,
} from './order-actions';

const facts = (over: Partial<OrderFacts>): OrderFacts => ({
  kind: 'pcb',
  status: 'pendingReview',
  packed: false,
  started: false,
  pendingPriceChange: false,
  openEqs: 0,
  answeredEqs: 0,
  ...over,
});

describe('the detail’s bottom bar, from the lifecycle table', () => {
  it('offers per status what product decisions §2 lets the member do', () => {
    expect(barActionsOf(facts({ status: 'pendingReview' }))).toEqual(['edit', 'cancel']);
    expect(barActionsOf(facts({ status: 'awaitingConfirmation' }))).toEqual(['cancel']);
    expect(barActionsOf(facts({ status: 'awaitingPayment' }))).toEqual(['edit', 'cancel']);
    // Paid: cancelled (and refunded) until the factory records its first step.
    expect(barActionsOf(facts({ status: 'inProduction' }))).toEqual(['cancel']);
    expect(barActionsOf(facts({ status: 'inProduction', started: true }))).toEqual([]);
    expect(barActionsOf(facts({ status: 'shipped' }))).toEqual(['confirmReceipt']);
    expect(barActionsOf(facts({ status: 'completed' }))).toEqual(['reorder', 'delete']);
    expect(barActionsOf(facts({ status: 'cancelled' }))).toEqual(['reorder', 'delete']);
  });

  it('leaves edit and reorder to PCB orders', () => {
    expect(barActionsOf(facts({ kind: 'smt', status: 'pendingReview' }))).toEqual(['cancel']);
    expect(barActionsOf(facts({ kind: 'stencil', status: 'completed' }))).toEqual(['delete']);
  });
});

describe('the other member actions, from the lifecycle table', () => {
  it('changes the receiver until the parcel is packed', () => {
    const producing = orderDetail({ status: 'inProduction', productionSteps: stepsOf('pcb', 11) });
    expect(memberActionsOf(factsOfDetail(producing))).toContain('updateReceiver');
    const packed = orderDetail({ status: 'inProduction', productionSteps: stepsOf('pcb', 12) });
    expect(factsOfDetail(packed).packed).toBe(true);
    expect(memberActionsOf(factsOfDetail(packed))).not.toContain('updateReceiver');
  });

  it('answers a price change or a question only while one waits', () => {
    const waiting = facts({ status: 'awaitingConfirmation', pendingPriceChange: true, openEqs: 1 });
    expect(memberActionsOf(waiting)).toEqual(
      expect.arrayContaining(['acceptPrice', 'refusePrice', 'replyEq', 'updateFile']),
    );
    const answered = facts({ status: 'awaitingConfirmation', answeredEqs: 1 });
    expect(memberActionsOf(answered)).not.toContain('replyEq');
    expect(memberActionsOf(answered)).not.toContain('acceptPrice');
  });

  it('asks for payment exactly where finance may record one', () => {
    expect(awaitsPayment(facts({ status: 'awaitingPayment' }))).toBe(true);
    for (const status of ['pendingReview', 'inProduction', 'cancelled'] as const) {
      expect(awaitsPayment(facts({ status }))).toBe(false);
    }
  });
});

describe('a list card’s one button', () => {
  it('puts what waits for the member first', () => {
    const row = orderRow(1, {
      status: 'awaitingConfirmation',
      openEqs: 1,
      pendingPriceChange: true,
    });
    expect(cardActionOf(factsOfRow(row))).toEqual({ type: 'action', action: 'replyEq' });
    const price = orderRow(1, { status: 'awaitingConfirmation', pendingPriceChange: true });
    expect(cardActionOf(factsOfRow(price))).toEqual({ type: 'action', action: 'acceptPrice' });
    expect(cardActionOf(factsOfRow(orderRow(1, { status: 'awaitingPayment' })))).toEqual({
      type: 'pay',
    });
    expect(cardActionOf(factsOfRow(orderRow(1, { status: 'shipped' })))).toEqual({
      type: 'action',
      action: 'confirmReceipt',
    });
  });

  it('reorders a finished PCB order, tracks a finished SMT one, shows the rest', () => {
    expect(cardActionOf(factsOfRow(orderRow(1, { status: 'completed' })))).toEqual({
      type: 'action',
      action: 'reorder',
    });
    expect(cardActionOf(factsOfRow(orderRow(1, { kind: 'smt', status: 'completed' })))).toEqual({
      type: 'track',
    });
    expect(cardActionOf(factsOfRow(orderRow(1, { status: 'pendingReview' })))).toEqual({
      type: 'view',
    });
  });
});
