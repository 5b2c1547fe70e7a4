// The engineer's new price as fee lines (StaffOrder/ChangePrice): amounts typed in yuan, a
// discount as a negative line, and a new total reached through one adjustment line.
import { parseYuan } from '../../../../lib/money';

/** A fee line as the form edits it. */
export interface EditedLine {
  code: string;
  name: string;
  /** Yuan as typed: `12.50`, `-3`. */
  amount: string;
}

/** The code of the line a new total adjusts (工程调整). */
export const ADJUST_CODE = 'adjust';
export const ADJUST_NAME = '工程调整';

/** Fen from yuan as typed, a leading minus for a discount; null when it is no amount. */
export function parseSignedYuan(text: string): number | null {
  const trimmed = text.trim();
  const negative = trimmed.startsWith('-');
  const fen = parseYuan(negative ? trimmed.slice(1) : trimmed);
  if (fen === null) return null;
  return negative ? -fen : fen;
}

/** The sum of the lines in fen; null while an amount is not a number. */
export function totalOf(lines: readonly Pick<EditedLine, 'amount'>[]): number | null {
  let sum = 0;
  for (const line of lines) {
    const fen = parseSignedYuan(line.amount ?? '');
    if (fen === null) return null;
    sum += fen;
  }
  return sum;
}

/** A code no line has yet: `adjust`, then `adjust2`, `adjust3`… */
export function freeCode(lines: readonly Pick<EditedLine, 'code'>[], base = ADJUST_CODE): string {
  const taken = new Set(lines.map((l) => l.code));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}${n}`)) n += 1;
  return `${base}${n}`;
}

/**
 * The lines reaching `target` fen: the adjustment line takes the difference from the other
 * lines (added when missing, dropped when the others already make the target). Null while an
 * amount is not a number.
 */
export function linesForTotal(lines: readonly EditedLine[], target: number): EditedLine[] | null {
  const others = lines.filter((l) => l.code !== ADJUST_CODE);
  const rest = totalOf(others);
  if (rest === null) return null;
  const difference = target - rest;
  if (difference === 0) return others;
  const existing = lines.find((l) => l.code === ADJUST_CODE);
  const amount = (difference / 100).toFixed(2);
  const adjust = { code: ADJUST_CODE, name: existing?.name || ADJUST_NAME, amount };
  return existing ? lines.map((l) => (l.code === ADJUST_CODE ? adjust : l)) : [...lines, adjust];
}
