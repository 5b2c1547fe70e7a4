// The top-up amount as the member types it (yuan, up to two decimals) and the contract's limits.
import {
  BALANCE_MAX,
  RECHARGE_MAX,
  RECHARGE_MIN,
  type Balances,
} from '@pcb/contract/member-advance-payment';
import { formatFen } from '../../lib/money';

/** "100", "99.5", "0.01" → fen, read from the text (no floating point); null when not money. */
export function parseYuan(text: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  const [, whole = '0', cents = ''] = match;
  return Number(whole) * 100 + Number(cents.padEnd(2, '0'));
}

/** The most this member may top up now: one top-up's limit, and the balance's ceiling. */
export const rechargeMaxFor = (balances: Balances) =>
  Math.max(0, Math.min(RECHARGE_MAX, BALANCE_MAX - balances.balance));

/** The limits as the page states them. */
export const rechargeLimitsText = `单笔充值${formatFen(RECHARGE_MIN)}至${formatFen(RECHARGE_MAX)}，充值后余额不超过${formatFen(BALANCE_MAX)}；更大金额请对公转账。`;

/** Why this amount cannot be topped up, or null when it can. */
export function rechargeProblem(fen: number | null, balances: Balances): string | null {
  if (fen === null) return '请输入正确的金额，最多两位小数';
  if (fen < RECHARGE_MIN) return `单笔充值不能少于${formatFen(RECHARGE_MIN)}`;
  if (fen > RECHARGE_MAX) return `单笔充值不能超过${formatFen(RECHARGE_MAX)}，更大金额请对公转账`;
  if (fen > rechargeMaxFor(balances))
    return `充值后余额不能超过${formatFen(BALANCE_MAX)}，本次最多可充${formatFen(rechargeMaxFor(balances))}`;
  return null;
}
