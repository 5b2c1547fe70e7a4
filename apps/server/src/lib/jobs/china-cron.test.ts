import { describe, expect, it } from 'vitest';
import { chinaTimeMatcher, toChinaTime } from './china-cron';

/** graphile-worker's digest of a UTC instant: what the worker hands a matcher each minute. */
function digest(iso: string) {
  const d = new Date(iso);
  return {
    min: d.getUTCMinutes(),
    hour: d.getUTCHours(),
    date: d.getUTCDate(),
    month: d.getUTCMonth() + 1,
    dow: d.getUTCDay(),
  };
}

/** The China-time digest the same way, for comparison: UTC+8 has no daylight saving. */
const chinaDigest = (iso: string) =>
  digest(new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString());

describe('cron patterns in China time', () => {
  it('shifts by eight hours around every UTC 16:00 of two years, 29 February included', () => {
    const wrong: string[] = [];
    for (const year of [2027, 2028]) {
      const now = new Date(Date.UTC(year, 11, 31, 23, 59));
      for (let day = Date.UTC(year, 0, 1); day < Date.UTC(year + 1, 0, 1); day += 86_400_000) {
        for (const minute of [0, 7 * 60 + 13, 15 * 60 + 59, 16 * 60, 23 * 60 + 59]) {
          const iso = new Date(day + minute * 60_000).toISOString();
          if (JSON.stringify(toChinaTime(digest(iso), now)) !== JSON.stringify(chinaDigest(iso)))
            wrong.push(iso);
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('reads a digest from last December as last year when now is January', () => {
    const now = new Date('2029-01-01T00:05:00Z');
    expect(toChinaTime(digest('2028-12-31T20:00:00Z'), now)).toEqual(
      chinaDigest('2028-12-31T20:00:00Z'),
    );
    expect(toChinaTime(digest('2028-02-28T20:00:00Z'), new Date('2028-03-01T00:00:00Z'))).toEqual({
      min: 0,
      hour: 4,
      date: 29,
      month: 2,
      dow: 2,
    });
  });

  it('fires at China midnight on the first of the month, which is still the last day in UTC', () => {
    const monthly = chinaTimeMatcher('0 0 1 * *');
    expect(monthly(digest('2027-01-31T16:00:00Z'))).toBe(true);
    expect(monthly(digest('2027-02-01T00:00:00Z'))).toBe(false);
    expect(monthly(digest('2027-02-28T16:00:00Z'))).toBe(true);
    expect(monthly(digest('2027-02-28T16:01:00Z'))).toBe(false);
    const daily2am = chinaTimeMatcher('0 2 * * *');
    expect(daily2am(digest('2027-06-14T18:00:00Z'))).toBe(true);
    expect(daily2am(digest('2027-06-14T02:00:00Z'))).toBe(false);
    const mondays = chinaTimeMatcher('30 9 * * 1');
    expect(mondays(digest('2027-06-14T01:30:00Z'))).toBe(true); // Monday 09:30 in Shanghai
    expect(mondays(digest('2027-06-13T01:30:00Z'))).toBe(false);
  });

  it('refuses a pattern the worker would refuse', () => {
    expect(() => chinaTimeMatcher('61 * * * *')).toThrow();
    expect(() => chinaTimeMatcher('every minute')).toThrow();
  });
});
