// The billList's filters: which log, which type, which days (China time, as the server counts).
import type { MoneyLogType } from '@pcb/contract/member-advance-payment';
import type { LogFilter } from './api/get-money-logs';

const chinaDay = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `2026-11-26`: the day it is in China at this moment. */
export const dayInChina = (at: Date): string => chinaDay.format(at);

export const ranges = ['all', '7d', '30d', '90d', 'custom'] as const;
export type Range = (typeof ranges)[number];
export const rangeNames: Record<Range, string> = {
  all: '全部时间',
  '7d': '近7天',
  '30d': '近30天',
  '90d': '近3个月',
  custom: '自定义',
};
const rangeDays: Record<'7d' | '30d' | '90d', number> = { '7d': 7, '30d': 30, '90d': 90 };

/** The days a quick range covers, today included. */
export function daysOf(
  range: Exclude<Range, 'all' | 'custom'>,
  now: Date,
): { from: string; to: string } {
  const to = dayInChina(now);
  const from = dayInChina(new Date(now.getTime() - (rangeDays[range] - 1) * 86_400_000));
  return { from, to };
}

/** The log's input from the screen's choices; a custom range counts once both days are valid. */
export function filterOf(
  choice: { type: MoneyLogType | 'all'; range: Range; from: string; to: string },
  now: Date,
): LogFilter {
  const filter: LogFilter = {};
  if (choice.type !== 'all') filter.type = choice.type;
  if (choice.range === 'custom') {
    if (choice.from) filter.from = choice.from;
    if (choice.to) filter.to = choice.to;
  } else if (choice.range !== 'all') {
    Object.assign(filter, daysOf(choice.range, now));
  }
  return filter;
}

/** A custom range whose end is before its start. */
export const isBackwards = (from: string, to: string) => from !== '' && to !== '' && to < from;
