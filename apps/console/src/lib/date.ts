import dayjs from 'dayjs';

/** An instant from the server as the console shows it: `2026-11-24 08:00`. */
export function formatTime(value: string | null | undefined): string {
  return value ? dayjs(value).format('YYYY-MM-DD HH:mm') : '—';
}

/** A picked moment as the contract's instant (`2026-11-24T08:00:00+08:00`). */
export function toInstant(value: dayjs.Dayjs): string {
  return value.second(0).millisecond(0).format('YYYY-MM-DDTHH:mm:ssZ');
}
