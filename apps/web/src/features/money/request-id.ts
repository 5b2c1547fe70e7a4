import { newGuid } from '../../lib/guid';

/**
 * A uuid for one money request (a payment, a top-up): `crypto.randomUUID` where the browser has
 * it (secure contexts only), else the same shape from `getRandomValues` (older in-app browsers).
 */
export const newRequestId = (): string =>
  typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : newGuid();

/** The answer never reached us (no connection, a 5xx): the server may have done it. */
export const isLostAnswer = (status: number) => status === 0 || status >= 500;

/**
 * One request id per attempt: what is being asked (`what`, e.g. the method and channel) keeps
 * its id while the answers are lost, so a retry finds the first answer on the server instead of
 * paying twice; any answer, or asking something else, starts a new attempt.
 */
export class Attempts {
  private current: { what: string; id: string } | null = null;

  idFor(what: string): string {
    if (this.current?.what !== what) this.current = { what, id: newRequestId() };
    return this.current.id;
  }

  /** The server answered (yes or no): the next ask is a new attempt. */
  answered(): void {
    this.current = null;
  }

  /** Settles an attempt by what became of it. */
  settle(error: unknown): void {
    const status = (error as { status?: unknown } | null)?.status;
    if (typeof status === 'number' && isLostAnswer(status)) return;
    this.answered();
  }
}

/** The server answered no (not a lost answer, not "too many, wait"): asking again changes nothing. */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' && !isLostAnswer(status) && status !== 429;
}
