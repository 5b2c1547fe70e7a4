// Which buttons an order shows, read from the lifecycle table (packages/contract's
// order-lifecycle.ts, decision 0042): the same rules the server enforces, so a button shows
// exactly when the call would be accepted. No screen names a status to decide a button.
import {
  allowedOrderActions,
  decideOrderAction,
  orderActions,
  type MemberOrderDetail,
  type MemberOrderRow,
  type OrderAction,
  type OrderFacts,
} from '@pcb/contract';

/** What the rules read of an order, from its detail. */
export function factsOfDetail(order: MemberOrderDetail): OrderFacts {
  return {
    kind: order.kind,
    status: order.status,
    packed: order.productionSteps.some((s) => s.step === 'packing' && s.doneAt !== null),
    started: order.productionSteps.some((s) => s.doneAt !== null),
    pendingPriceChange: order.pendingPriceChange,
    openEqs: order.openEqs,
    answeredEqs: order.eqs.filter((eq) => eq.status === 'answered').length,
  };
}

/**
 * What the rules read of an order, from a list row. A row does not say whether the parcel is
 * packed or production started: the card never offers 修改收货地址 or 取消订单, the member
 * actions that read them.
 */
export function factsOfRow(order: MemberOrderRow): OrderFacts {
  return {
    kind: order.kind,
    status: order.status,
    packed: false,
    started: false,
    pendingPriceChange: order.pendingPriceChange,
    openEqs: order.openEqs,
    answeredEqs: 0,
  };
}

/** The member's actions the order allows now. */
export const memberActionsOf = (facts: OrderFacts): OrderAction[] =>
  allowedOrderActions(facts, 'member');

/**
 * The order waits for the member's money: finance may record a payment now (the table's
 * `recordPayment`), so the screens show how to pay.
 */
export const awaitsPayment = (facts: OrderFacts): boolean =>
  decideOrderAction('recordPayment', facts).allowed;

/** The order's payable total has arrived: a cancel refunds it (decision 0051). */
export const isPaid = (facts: OrderFacts): boolean =>
  ['inProduction', 'shipped', 'completed'].includes(facts.status);

/** The order has left the factory: staff may add parcel events, so there is something to track. */
export const hasShipped = (facts: OrderFacts): boolean =>
  decideOrderAction('addParcelEvent', facts).allowed;

/**
 * The detail's bottom bar, in this order; the other member actions have their place in a
 * section (receiver, file, the EQ and price-change prompts).
 */
export const barActions = ['confirmReceipt', 'reorder', 'edit', 'cancel', 'delete'] as const;
export type BarAction = (typeof barActions)[number];

export function barActionsOf(facts: OrderFacts): BarAction[] {
  const allowed = memberActionsOf(facts);
  return barActions.filter((a) => allowed.includes(a));
}

/** A button's text: the table's label, as the refusal would name it. */
export const actionLabel = (action: OrderAction): string => orderActions[action].label;

/** The one thing a list card offers, most urgent first. */
export type CardAction =
  | { type: 'action'; action: 'replyEq' | 'acceptPrice' | 'confirmReceipt' | 'reorder' }
  | { type: 'pay' }
  | { type: 'track' }
  | { type: 'view' };

export function cardActionOf(facts: OrderFacts): CardAction {
  const allowed = memberActionsOf(facts);
  if (allowed.includes('replyEq')) return { type: 'action', action: 'replyEq' };
  if (allowed.includes('acceptPrice')) return { type: 'action', action: 'acceptPrice' };
  if (awaitsPayment(facts)) return { type: 'pay' };
  if (allowed.includes('confirmReceipt')) return { type: 'action', action: 'confirmReceipt' };
  if (allowed.includes('reorder')) return { type: 'action', action: 'reorder' };
  if (hasShipped(facts)) return { type: 'track' };
  return { type: 'view' };
}
