import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  calendarWarning,
  createWorkCalendar,
  dateOf,
  dayNumber,
  productionStartDay,
  shipDate,
  weekday,
} from './calendar';
import { chineseDaysCalendarData } from './chinese-days';

const CUTOFF = 18;
const cn = createWorkCalendar(chineseDaysCalendarData(2025, 2026));
/** An instant given as Asia/Shanghai wall-clock time. */
const shanghai = (local: string): number => Date.parse(`${local}+08:00`);
const ship = (local: string, days: number) => shipDate(cn, shanghai(local), CUTOFF, days);
const isWorkday = (date: string) => cn.isWorkday(dayNumber(date));

describe('day numbers', () => {
  it('round-trips dates and knows the weekday', () => {
    expect(dayNumber('1970-01-01')).toBe(0);
    expect(dateOf(dayNumber('2026-02-28'))).toBe('2026-02-28');
    expect(weekday(dayNumber('2026-11-26'))).toBe(4);
    expect(weekday(dayNumber('2025-09-28'))).toBe(0);
  });
});

describe('a calendar from plain data', () => {
  const cal = createWorkCalendar({
    fromYear: 2030,
    toYear: 2030,
    holidays: ['2030-01-02'],
    makeUpWorkdays: ['2030-01-05'],
  });
  it('rests on weekends and holidays, works on make-up days', () => {
    expect(cal.isWorkday(dayNumber('2030-01-01'))).toBe(true); // Tuesday
    expect(cal.isWorkday(dayNumber('2030-01-02'))).toBe(false); // holiday
    expect(cal.isWorkday(dayNumber('2030-01-05'))).toBe(true); // Saturday, make-up
    expect(cal.isWorkday(dayNumber('2030-01-06'))).toBe(false); // Sunday
    expect(dateOf(addWorkingDays(cal, dayNumber('2030-01-01'), 2))).toBe('2030-01-04');
    expect(dateOf(addWorkingDays(cal, dayNumber('2030-01-01'), 3))).toBe('2030-01-05');
    expect(dateOf(addWorkingDays(cal, dayNumber('2030-01-01'), 0))).toBe('2030-01-01');
  });
  it('starts production today before the cut-off, the next working day after it', () => {
    const start = (local: string) => dateOf(productionStartDay(cal, shanghai(local), CUTOFF));
    expect(start('2030-01-01T17:59:59')).toBe('2030-01-01');
    expect(start('2030-01-01T18:00:00')).toBe('2030-01-03');
    expect(start('2030-01-02T09:00:00')).toBe('2030-01-03');
    // Midnight in Shanghai is 16:00 UTC of the day before.
    expect(start('2030-01-04T00:30:00')).toBe('2030-01-04');
  });
  it('knows which years it has data for', () => {
    expect(cal.knowsYear(2030)).toBe(true);
    expect(cal.knowsYear(2031)).toBe(false);
    expect(calendarWarning(cal, '2030-12-31')).toBeUndefined();
    expect(calendarWarning(cal, '2031-01-02')).toBe(
      '2031年的法定节假日尚未公布，交期只按周末计算，节假日公布后可能顺延',
    );
  });
});

describe('chinese-days data (golden cases)', () => {
  it('covers the years asked for, and stops at the last year announced', () => {
    const data = chineseDaysCalendarData(2025, 2026);
    expect([data.fromYear, data.toYear]).toEqual([2025, 2026]);
    // chinese-days 1.5.7 knows up to 2026; 2027 is announced around November 2026.
    expect(chineseDaysCalendarData(2026).toYear).toBe(2026);
    expect(chineseDaysCalendarData(2026, 2030).toYear).toBe(2026);
    expect(data.holidays.filter((d) => d.startsWith('2026-10'))).toEqual([
      '2026-10-01',
      '2026-10-02',
      '2026-10-05',
      '2026-10-06',
      '2026-10-07',
    ]);
    expect(data.makeUpWorkdays).toEqual([
      '2025-01-26',
      '2025-02-08',
      '2025-04-27',
      '2025-09-28',
      '2025-10-11',
      '2026-01-04',
      '2026-02-14',
      '2026-02-28',
      '2026-05-09',
      '2026-09-20',
      '2026-10-10',
    ]);
  });

  it('国庆 2025: 1–8 October off, Sunday 28 September and Saturday 11 October worked', () => {
    expect(isWorkday('2025-09-28')).toBe(true);
    for (let d = 1; d <= 8; d += 1) expect(isWorkday(`2025-10-0${d}`)).toBe(false);
    expect(isWorkday('2025-10-09')).toBe(true);
    expect(isWorkday('2025-10-11')).toBe(true);
    expect(isWorkday('2025-10-12')).toBe(false);
    expect(ship('2025-09-26T10:00:00', 2)).toBe('2025-09-29'); // via Sunday 28th
    expect(ship('2025-09-30T17:59:00', 1)).toBe('2025-10-09');
    expect(ship('2025-09-30T18:00:00', 1)).toBe('2025-10-10'); // after the cut-off
    expect(ship('2025-10-03T10:00:00', 2)).toBe('2025-10-11'); // ordered in the holiday
    expect(ship('2025-09-30T10:00:00', 4)).toBe('2025-10-13');
  });

  it('国庆 2026 with 中秋: 25–27 September and 1–7 October off, 20 September and 10 October worked', () => {
    expect(isWorkday('2026-09-20')).toBe(true);
    expect(isWorkday('2026-09-25')).toBe(false);
    expect(isWorkday('2026-10-07')).toBe(false);
    expect(isWorkday('2026-10-10')).toBe(true);
    expect(ship('2026-09-24T09:00:00', 3)).toBe('2026-09-30');
    expect(ship('2026-09-18T20:00:00', 1)).toBe('2026-09-21'); // starts Sunday 20th (make-up)
    expect(ship('2026-09-30T11:00:00', 4)).toBe('2026-10-12');
  });

  it('春节 2025: 28 January – 4 February off, 26 January and 8 February worked', () => {
    expect(isWorkday('2025-01-26')).toBe(true);
    expect(isWorkday('2025-01-28')).toBe(false);
    expect(isWorkday('2025-02-04')).toBe(false);
    expect(isWorkday('2025-02-08')).toBe(true);
    expect(ship('2025-01-24T10:00:00', 2)).toBe('2025-01-27');
    expect(ship('2025-01-27T10:00:00', 1)).toBe('2025-02-05');
    expect(ship('2025-01-27T10:00:00', 4)).toBe('2025-02-08'); // Saturday, worked
  });

  it('春节 2026: 15–23 February off, Saturdays 14 and 28 February worked', () => {
    expect(isWorkday('2026-02-14')).toBe(true);
    expect(isWorkday('2026-02-23')).toBe(false);
    expect(isWorkday('2026-02-28')).toBe(true);
    expect(ship('2026-02-13T10:00:00', 1)).toBe('2026-02-14');
    expect(ship('2026-02-13T10:00:00', 2)).toBe('2026-02-24');
    expect(ship('2026-02-26T10:00:00', 2)).toBe('2026-02-28');
    expect(ship('2026-02-14T19:00:00', 1)).toBe('2026-02-25'); // after the cut-off on the make-up day
  });
});
