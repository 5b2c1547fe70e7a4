import type { AccountLog, MoneyLog } from '@pcb/contract/member-advance-payment';
import { formatDateTime } from '../../../lib/date';
import { formatFen } from '../../../lib/money';

/** A line of 收支明细: what happened, how it was paid, in or out. */
export function MoneyLogItem({ log }: { log: MoneyLog }) {
  const sign = log.direction === 'in' ? '+' : '-';
  return (
    <li className="mn-log" data-testid="money-log" data-type={log.type}>
      <div className="mn-log-main">
        <span className="mn-log-title">{log.typeName}</span>
        {log.orderNo && <span className="mn-log-sub">订单 {log.orderNo}</span>}
        {log.parts.length > 0 && (
          <span className="mn-log-sub">
            {log.parts.map((p) => `${p.name} ${formatFen(p.amount)}`).join(' + ')}
          </span>
        )}
        {log.note && <span className="mn-log-sub">{log.note}</span>}
        <span className="mn-log-sub">{formatDateTime(log.createdAt)}</span>
      </div>
      <div className="mn-log-side">
        <span className={`mn-log-amount ${log.direction === 'in' ? 'mn-in' : 'mn-out'}`}>
          {sign}
          {formatFen(log.amount).replace('-', '')}
        </span>
      </div>
    </li>
  );
}

/** A line of 余额明细 or 赠送金额明细: the change and what it left. */
export function AccountLogItem({ log }: { log: AccountLog }) {
  const incoming = log.amount > 0;
  return (
    <li className="mn-log" data-testid="money-log" data-type={log.type}>
      <div className="mn-log-main">
        <span className="mn-log-title">{log.typeName}</span>
        {log.orderNo && <span className="mn-log-sub">订单 {log.orderNo}</span>}
        {log.note && <span className="mn-log-sub">{log.note}</span>}
        <span className="mn-log-sub">{formatDateTime(log.createdAt)}</span>
      </div>
      <div className="mn-log-side">
        <span className={`mn-log-amount ${incoming ? 'mn-in' : 'mn-out'}`}>
          {incoming ? '+' : '-'}
          {formatFen(Math.abs(log.amount))}
        </span>
        <span className="mn-log-sub">余额 {formatFen(log.balanceAfter)}</span>
      </div>
    </li>
  );
}
