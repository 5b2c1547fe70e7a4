/**
 * Short-lived shared state: SMS codes, captcha replay records, rate-limit counters. Kept out
 * of process memory so any number of server instances agree on it.
 */
export interface EphemeralStore {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlMs: number): Promise<void>;
  /** Stores the value only when the key is absent or expired; true when it was stored. */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean>;
  /** Atomic increment; the TTL starts with the first increment and is not extended after. */
  incr(key: string, ttlMs: number): Promise<number>;
  /**
   * `incr` (adding `by`, 1 by default) for a rate counter on a hot path, with the same answers:
   * PostgreSQL sends the counts
   * of one tick as one statement and does not wait for the disk to commit it, so a crash of the
   * database itself may forget the last moment's counts (a few more calls let through, never
   * fewer). Never for codes, tries or anything a guess could exploit: those use `incr`.
   */
  count(key: string, ttlMs: number, by?: number): Promise<number>;
  /** Atomic decrement of a live counter, never below zero (a reserved try given back). */
  decr(key: string): Promise<void>;
  /** Atomic get-and-delete: of two concurrent takes, only one receives the value. */
  take(key: string): Promise<string | null>;
  delete(key: string): Promise<void>;
  /** Drops expired entries (a no-op where the backend expires keys itself). */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}
