// The holiday data of the `chinese-days` package (maintained; 2004 up to the latest year the
// State Council has announced) as the engine's `CalendarData`. Server-side: the page receives
// the resulting JSON instead of the package, so the browser bundle never carries it. The
// package's default export is used because it is the one form both Node (CommonJS) and
// bundlers (its ES build) load alike.
import chineseDays from 'chinese-days';
import { dateOf, dayNumber, weekday, type CalendarData } from './calendar';

/** A year is announced when its 1 January is in the data as 元旦 (not merely a weekend). */
const isAnnounced = (year: number): boolean =>
  chineseDays.getDayDetail(`${year}-01-01`).name.includes('元旦');

/**
 * The data for `fromYear`…`toYear`; without `toYear`, up to the last announced year (looked up
 * to five years ahead). Years not announced are left out: the calendar then counts weekends only.
 */
export function chineseDaysCalendarData(fromYear: number, toYear?: number): CalendarData {
  let last = toYear ?? fromYear;
  if (toYear === undefined) while (last < fromYear + 5 && isAnnounced(last + 1)) last += 1;
  while (last >= fromYear && !isAnnounced(last)) last -= 1;
  const holidays: string[] = [];
  const makeUpWorkdays: string[] = [];
  const end = dayNumber(`${last}-12-31`);
  for (let day = dayNumber(`${fromYear}-01-01`); day <= end; day += 1) {
    const date = dateOf(day);
    const weekend = weekday(day) === 0 || weekday(day) === 6;
    const works = chineseDays.isWorkday(date);
    if (!weekend && !works) holidays.push(date);
    if (weekend && works) makeUpWorkdays.push(date);
  }
  return { fromYear, toYear: last, holidays, makeUpWorkdays };
}
