import type { CreditAccount } from '@pcb/contract/member-credit-payment';
import { formatFen } from '../../lib/money';

/**
 * The pay sheet's 月结支付 row (decision 0059): shown once the line is approved, usable when the
 * available credit covers the order, no bill is overdue and the session is the member's own.
 */
export function creditRow(
  account: CreditAccount | undefined,
  total: number,
  switched: boolean,
): {
  key: 'credit';
  method: 'credit';
  channel: null;
  title: string;
  detail: string;
  available: boolean;
} | null {
  if (!account || account.state !== 'approved') return null;
  const reason = switched
    ? '代关联账号付款时不能使用月结'
    : account.overdue
      ? '有逾期未还的账单，请先还款'
      : account.available < total
        ? `可用额度不足（可用 ${formatFen(account.available)}）`
        : null;
  return {
    key: 'credit',
    method: 'credit',
    channel: null,
    title: '月结支付',
    detail: reason ?? `可用额度 ${formatFen(account.available)}，短信验证码确认`,
    available: reason === null,
  };
}
