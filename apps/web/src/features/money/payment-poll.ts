// How the result screens wait for the server (decision 0056): the browser's return is never
// proof, so they ask the server (which asks the provider) until it knows, quickly at first,
// then less often, and stop after a while with "not confirmed yet" and a way to ask again.
import type { OrderStatus } from '@pcb/contract/order-life';
import type { PaymentStatus } from '@pcb/contract/payment';

/** After this long without an answer either way, the screen stops asking by itself. */
export const POLL_LIMIT_MS = 60_000;

/** Every 1.5 s for the first 15 s (most payments land there), then every 3 s, then stop. */
export function nextPollDelay(elapsedMs: number): number | false {
  if (elapsedMs >= POLL_LIMIT_MS) return false;
  return elapsedMs < 15_000 ? 1500 : 3000;
}

export type PollState =
  /** Still asking. */
  | { type: 'waiting' }
  /** Paid and applied: the order is paid, the top-up credited, or the bill repaid. */
  | { type: 'paid' }
  /**
   * Paid, but the money goes back: the order had been paid another way or was cancelled
   * meanwhile (the server refunds it).
   */
  | { type: 'refunded' }
  /** Nothing was paid: expired, failed or cancelled at the provider. */
  | { type: 'closed' }
  /** Asked long enough: not known yet. */
  | { type: 'unconfirmed' };

const stillAsking = (timedOut: boolean): PollState =>
  timedOut ? { type: 'unconfirmed' } : { type: 'waiting' };

/** What an online payment's status means for the screen. */
export function paymentPollState(status: PaymentStatus | undefined, timedOut: boolean): PollState {
  if (!status || status.status === 'pending') return stillAsking(timedOut);
  if (status.status === 'closed') return { type: 'closed' };
  if (status.outcome === 'refunding' || status.outcome === 'refunded') return { type: 'refunded' };
  // Paid at the provider: the server applies it in the same step, and says so.
  if (
    status.outcome === 'paidOrder' ||
    status.outcome === 'credited' ||
    status.outcome === 'repaidBill'
  )
    return { type: 'paid' };
  return stillAsking(timedOut);
}

/** What an order's status means after a payment from the balances. */
export function orderPollState(status: OrderStatus | undefined, timedOut: boolean): PollState {
  if (!status || status === 'awaitingPayment') return stillAsking(timedOut);
  if (status === 'cancelled') return { type: 'closed' };
  // 生产中 and after can only follow a payment.
  if (status === 'pendingReview' || status === 'awaitingConfirmation') return stillAsking(timedOut);
  return { type: 'paid' };
}
