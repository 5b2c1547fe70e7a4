import { parseCronItem, type CronMatcher, type TimestampDigest } from 'graphile-worker';

/** China keeps UTC+8 all year (no daylight saving), so the shift is a constant. */
const CHINA_OFFSET_HOURS = 8;

const daysInMonth = (year: number, month: number) =>
  new Date(Date.UTC(year, month, 0)).getUTCDate();

/**
 * The year a digest falls in: it is always now or shortly before (the due minute, or a missed
 * one being backfilled), so a month later in the year than now's belongs to last year.
 */
function yearOf(month: number, now: Date): number {
  const year = now.getUTCFullYear();
  return month > now.getUTCMonth() + 1 ? year - 1 : year;
}

/** The same minute on China's clock. The year only matters for 28 February. */
export function toChinaTime(utc: TimestampDigest, now = new Date()): TimestampDigest {
  const hour = utc.hour + CHINA_OFFSET_HOURS;
  if (hour < 24) return { ...utc, hour };
  let date = utc.date + 1;
  let month = utc.month;
  if (date > daysInMonth(yearOf(utc.month, now), utc.month)) {
    date = 1;
    month = month === 12 ? 1 : month + 1;
  }
  return { min: utc.min, hour: hour - 24, date, month, dow: (utc.dow + 1) % 7 };
}

/**
 * A cron pattern read in China time, as the worker asks: graphile-worker hands each due minute
 * over in UTC. Throws on a pattern graphile-worker would refuse.
 */
export function chinaTimeMatcher(pattern: string): CronMatcher {
  const matchesChinaTime = parseCronItem({ task: 'pattern', match: pattern }).match;
  return (utc) => matchesChinaTime(toChinaTime(utc));
}
