// How each kind of value in a price sheet reads and is typed. Every conversion is exact: yuan
// and square metres are decimal texts turned into the integers the sheet keeps (fen, mm²).
import { materialLabels, yuan, zoneLabels, type Rational } from '@pcb/pricing';
import { formatScaled, parseScaled } from '../../lib/money';
import type { SheetPath } from './sheet-path';

const trimZeros = (text: string) => text.replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');

export type TextKind =
  /** Fen, typed in yuan with up to 2 decimals. */
  | 'money'
  /** mm², typed in m² with up to 6 decimals. */
  | 'area'
  /** mm², or null for 不限 (the last build-time band). */
  | 'openArea'
  /** A whole number (days, pieces, grams). */
  | 'int'
  | 'text'
  /** A rate in fen per unit ({ num, den }), typed in yuan with up to 6 decimals. */
  | 'rate'
  /** A fraction ({ num, den }), typed as a percentage with up to 4 decimals. */
  | 'percent';

export type ChoiceKind = 'bool' | 'zone' | 'layers' | 'materials';
export type FieldKind = TextKind | ChoiceKind;

/** One value of the sheet on screen: where it is, how it reads, its unit after the number. */
export interface SheetField {
  path: SheetPath;
  kind: FieldKind;
  unit?: string;
}

export const isTextKind = (kind: FieldKind): kind is TextKind =>
  kind !== 'bool' && kind !== 'zone' && kind !== 'layers' && kind !== 'materials';

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));

function reduced(num: number, den: number): Rational {
  const d = gcd(num, den) || 1;
  return { num: num / d, den: den / d };
}

/** `num / den` as an exact decimal text with at most `decimals` places; null when it does
 * not end within them (1/3). */
function exactDecimal(num: number, den: number, decimals: number): string | null {
  const scaled = num * 10 ** decimals;
  if (!Number.isSafeInteger(scaled) || scaled % den !== 0) return null;
  return trimZeros(formatScaled(scaled / den, decimals));
}

/** Yuan per unit of a rate in fen per unit. */
const rateYuan = (rate: Rational) => exactDecimal(rate.num, rate.den * 100, 6);
/** The percentage of a fraction. */
const ratePercent = (rate: Rational) => exactDecimal(rate.num * 100, rate.den, 4);

const isRational = (value: unknown): value is Rational =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Rational).num === 'number' &&
  typeof (value as Rational).den === 'number' &&
  (value as Rational).den > 0;

/** The text an input starts with for a value of the sheet. */
export function toText(kind: TextKind, value: unknown): string {
  if (kind === 'text') return typeof value === 'string' ? value : '';
  if (kind === 'openArea' && value === null) return '';
  if (kind === 'rate' || kind === 'percent') {
    if (!isRational(value)) return '';
    return (kind === 'rate' ? rateYuan(value) : ratePercent(value)) ?? '';
  }
  if (typeof value !== 'number') return '';
  if (kind === 'money') return formatScaled(value, 2);
  if (kind === 'area' || kind === 'openArea') return trimZeros(formatScaled(value, 6));
  return String(value);
}

export type Parsed = { ok: true; value: unknown } | { ok: false; message: string };

/** The sheet's value for what was typed, or why it is not one. */
export function fromText(kind: TextKind, text: string): Parsed {
  const trimmed = text.trim();
  switch (kind) {
    case 'text':
      return trimmed ? { ok: true, value: trimmed } : { ok: false, message: '不能为空' };
    case 'money': {
      const fen = parseScaled(trimmed, 2);
      return fen === null ? { ok: false, message: '请输入金额（元，最多两位小数）' } : ok(fen);
    }
    case 'area':
    case 'openArea': {
      if (kind === 'openArea' && trimmed === '') return ok(null);
      const mm2 = parseScaled(trimmed, 6);
      return mm2 === null ? { ok: false, message: '请输入面积（平方米，最多六位小数）' } : ok(mm2);
    }
    case 'int': {
      const n = parseScaled(trimmed, 0);
      return n === null ? { ok: false, message: '请输入不小于0的整数' } : ok(n);
    }
    case 'rate': {
      // Yuan with up to 6 decimals is fen with up to 4: n ÷ 10⁶ yuan = n ÷ 10⁴ fen.
      const n = parseScaled(trimmed, 6);
      return n === null
        ? { ok: false, message: '请输入单价（元，最多六位小数）' }
        : ok(reduced(n, 10_000));
    }
    case 'percent': {
      const n = parseScaled(trimmed, 4);
      return n === null || n > 1_000_000
        ? { ok: false, message: '请输入0到100之间的百分比' }
        : ok(reduced(n, 1_000_000));
    }
  }
}

const ok = (value: unknown): Parsed => ({ ok: true, value });

/** How a value reads when it is not being edited. */
export function displayValue(kind: FieldKind, value: unknown, unit?: string): string {
  const suffix = unit ? ` ${unit}` : '';
  if (value === undefined) return '—';
  switch (kind) {
    case 'money':
      return typeof value === 'number' ? yuan(value) : String(value);
    case 'rate': {
      if (!isRational(value)) return String(value);
      const text = rateYuan(value);
      return `${text === null ? `¥${value.num}/${value.den * 100}` : `¥${text}`}${suffix}`;
    }
    case 'percent':
      if (!isRational(value)) return String(value);
      return `${ratePercent(value) ?? `${value.num}/${value.den}×100`}%`;
    case 'openArea':
      if (value === null) return '不限';
      return `${toText('openArea', value)} m²`;
    case 'area':
      return `${toText('area', value)} m²`;
    case 'bool':
      return value ? '是' : '否';
    case 'layers':
      return Array.isArray(value) ? value.map((l) => `${String(l)}层`).join('、') : String(value);
    case 'materials':
      return Array.isArray(value)
        ? value.map((m) => materialLabels[m as keyof typeof materialLabels] ?? String(m)).join('、')
        : String(value);
    case 'zone':
      return zoneLabels[value as keyof typeof zoneLabels] ?? String(value);
    default:
      return Array.isArray(value) ? value.join('、') : `${String(value)}${suffix}`;
  }
}

/** Whether two values of the sheet are the same (deep, for lists and rates). */
export function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
