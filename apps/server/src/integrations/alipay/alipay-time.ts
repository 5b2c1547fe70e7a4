/**
 * Alipay's times ('yyyy-MM-dd HH:mm:ss': `timestamp`, `time_expire`, `gmt_payment`) are
 * Beijing time (UTC+8, no daylight saving), whatever zone the server runs in.
 */

const BEIJING_OFFSET_MS = 8 * 3_600_000;
const ALIPAY_TIME = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

export function formatAlipayTime(date: Date): string {
  const d = new Date(date.getTime() + BEIJING_OFFSET_MS);
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

/** The instant an Alipay time names; null when it is not one (wrong shape, 2024-02-30). */
export function parseAlipayTime(text: string): Date | null {
  const m = ALIPAY_TIME.exec(text);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const utc = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(utc - BEIJING_OFFSET_MS);
  // Date.UTC rolls 02-30 over to 03-01: such a text names no time.
  return formatAlipayTime(date) === text ? date : null;
}
