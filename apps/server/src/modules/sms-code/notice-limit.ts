import type { EphemeralStore } from '../../integrations/store/store';
import type { SmsKind } from '../../integrations/sms/sms';
import type { Clock } from '../../lib/clock';

/** Notices (texts without a code) to one mobile, per kind: at most this many a day… */
export const NOTICES_PER_DAY = 3;
/** …and at least this far apart (decision 0013). */
export const NOTICE_INTERVAL_MS = 10 * 60_000;

export const DAY_MS = 24 * 3600_000;
/** Daily counters live an hour past their day, so a late increment cannot restart one. */
export const DAILY_COUNTER_TTL_MS = DAY_MS + 3600_000;
const CHINA_OFFSET_MS = 8 * 3600_000;

/** Daily caps follow the calendar day in China, when members expect them to reset. */
export const chinaDay = (now: Clock) =>
  new Date(now().getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);

/**
 * Reserves a notice to `mobile` ("already registered", a relation request). Notices are on
 * their own small cap and gap, never the mobile's code quota: anyone who knows a number can
 * cause them, so they must not stop its owner from receiving codes. False: send nothing.
 */
export async function reserveNotice(
  store: EphemeralStore,
  now: Clock,
  mobile: string,
  kind: Exclude<SmsKind, 'verificationCode'>,
): Promise<boolean> {
  if (!(await store.setIfAbsent(`sms:notice-gap:${kind}:${mobile}`, '1', NOTICE_INTERVAL_MS))) {
    return false;
  }
  const key = `sms:day:${chinaDay(now)}:notice:${kind}:${mobile}`;
  return (await store.incr(key, DAILY_COUNTER_TTL_MS)) <= NOTICES_PER_DAY;
}
