import { creditBlockedReason, type CreditAccount } from '@pcb/contract/member-credit-payment';
import { formatFen } from '../../lib/money';

/**
 * The pay sheet's 月结支付 row (decision 0059): shown once the line is approved, usable when the
 * available credit covers the order, the session is the member's own and nothing blocks the line
 * (an overdue bill, a suspension, a limit lowered below the use: decision 0066), each said why.
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
    : (creditBlockedReason(account) ??
      (account.available < total ? `可用额度不足（可用 ${formatFen(account.available)}）` : null));
  return {
    key: 'credit',
    method: 'credit',
    channel: null,
    title: '月结支付',
    detail: reason ?? `可用额度 ${formatFen(account.available)}，短信验证码确认`,
    available: reason === null,
  };
}
