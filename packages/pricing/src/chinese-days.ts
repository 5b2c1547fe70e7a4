// The holiday data of the `chinese-days` package (maintained; 2004 up to the latest year the
// State Council has announced) as the engine's `CalendarData`. Server-side: the page receives
// the resulting JSON instead of the package, so the browser bundle never carries it.
import data from 'chinese-days/dist/chinese-days.json';
import type { CalendarData } from './calendar';

const yearOf = (date: string): number => Number(date.slice(0, 4));

/** The data for `fromYear`…`toYear` (default: every year the package knows). */
export function chineseDaysCalendarData(fromYear?: number, toYear?: number): CalendarData {
  const holidayDates = Object.keys(data.holidays);
  const known = holidayDates.map(yearOf);
  const first = Math.max(fromYear ?? -Infinity, Math.min(...known));
  const last = Math.min(toYear ?? Infinity, Math.max(...known));
  const within = (date: string): boolean => yearOf(date) >= first && yearOf(date) <= last;
  return {
    fromYear: first,
    toYear: last,
    holidays: holidayDates.filter(within).sort(),
    makeUpWorkdays: Object.keys(data.workdays).filter(within).sort(),
  };
}
