// Money is integer fen in the data (product decisions §3); staff read and type yuan. The text is
// converted digit by digit, never through a binary fraction: "0.29" is 29 fen, not 28.999….
import { yuan } from '@pcb/pricing';

/** `12.50` from 1250 with 2 decimals: a scaled integer as its decimal text (no grouping). */
export function formatScaled(value: number, decimals: number): string {
  const sign = value < 0 ? '-' : '';
  const digits = Math.abs(value)
    .toString()
    .padStart(decimals + 1, '0');
  if (decimals === 0) return `${sign}${digits}`;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * The integer a decimal text stands for at a scale (`"12.5"` with 2 decimals is 1250); null when
 * the text is not a non-negative number with at most that many decimals, or is too large.
 */
export function parseScaled(text: string, decimals: number): number | null {
  const match = /^(\d{1,13})(?:\.(\d*))?$/.exec(text.trim().replace(/^¥/, '').replace(/,/g, ''));
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > decimals) return null;
  const value = Number(`${match[1]}${fraction.padEnd(decimals, '0')}`);
  return Number.isSafeInteger(value) ? value : null;
}

/** `12.50` from 1250 fen: what a yuan input shows. */
export const fenToYuanText = (fen: number): string => formatScaled(fen, 2);

/** 1250 fen from `12.5`, `12.50` or `¥1,2.5`; null when it is no amount of yuan. */
export const parseYuan = (text: string): number | null => parseScaled(text, 2);

/** `¥1,234.50`: an amount as the console shows it. */
export const formatYuan = (fen: number): string => yuan(fen);

/** `+¥12.00` / `-¥3.50` / `¥0.00`: a difference between two amounts. */
export const formatYuanChange = (fen: number): string => (fen > 0 ? `+${yuan(fen)}` : yuan(fen));

/** `+12.5%` / `-3.1%`: a change relative to `from`, one decimal; null when `from` is 0. */
export function formatPercentChange(from: number, to: number): string | null {
  if (from === 0) return null;
  const tenths = Math.round(((to - from) * 1000) / from);
  const text = formatScaled(tenths, 1).replace(/\.0$/, '');
  return `${tenths > 0 ? '+' : ''}${text}%`;
}
