import { parseYuan } from '../../lib/money';

/**
 * Fen from a signed amount of yuan as typed (`100`, `-25.5`, `+3`), read digit by digit as the
 * console reads every amount (never through a binary fraction); null when it is no amount.
 */
export function parseSignedYuan(text: string): number | null {
  const trimmed = text.trim();
  const sign = trimmed.startsWith('-') ? -1 : 1;
  const digits = /^[+-]/.test(trimmed) ? trimmed.slice(1) : trimmed;
  if (/^\s|^[+-]/.test(digits)) return null;
  const fen = parseYuan(digits);
  return fen === null ? null : sign * fen;
}
