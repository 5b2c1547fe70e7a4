import { Suspense, useState } from 'react';
import { Button, Tabs } from 'antd-mobile';
import { creditLogTypeNames, type CreditBill } from '@pcb/contract/member-credit-payment';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { useCreditBills, useCreditLogs } from '../api/credit-calls';
import type { RepaySheet } from './credit-account-page';
import '../credit.css';

function Bills({ repaySheet: Sheet }: { repaySheet: RepaySheet }) {
  const bills = useCreditBills();
  const [repaying, setRepaying] = useState<CreditBill | null>(null);
  if (bills.isPending) return <PageLoading />;
  if (bills.isError)
    return <PageError message={errorMessage(bills.error)} onRetry={() => void bills.refetch()} />;
  if (bills.data.items.length === 0) return <PageEmpty text="暂无账单" />;
  return (
    <>
      {bills.data.items.map((b) => (
        <section key={b.id} className="cr-card" data-testid="credit-bill">
          <div className="cr-row">
            <span>{b.period} 账单</span>
            <span>
              <span
                className={b.overdue ? 'cr-status cr-status-bad' : 'cr-status'}
                data-testid="credit-bill-status"
              >
                {b.status === 'paid' ? '已还清' : b.overdue ? '已逾期' : '待还款'}
              </span>
            </span>
          </div>
          <div className="cr-row">
            <span>账单金额</span>
            <span data-testid="credit-bill-amount">{formatFen(b.amount)}</span>
          </div>
          {b.refunded > 0 && (
            <div className="cr-row">
              <span>已退回</span>
              <span>{formatFen(b.refunded)}</span>
            </div>
          )}
          <div className="cr-row">
            <span>订单数</span>
            <span>{b.orderCount} 笔</span>
          </div>
          <div className="cr-row">
            <span>出账日</span>
            <span>{b.billDate}</span>
          </div>
          <div className="cr-row">
            <span>还款日</span>
            <span>{b.dueDate}</span>
          </div>
          {b.status === 'unpaid' && (
            <div className="cr-actions">
              <Button
                color="primary"
                size="small"
                onClick={() => setRepaying(b)}
                data-testid="bill-repay-open"
              >
                还款 {formatFen(b.outstanding)}
              </Button>
            </div>
          )}
        </section>
      ))}
      <Suspense fallback={null}>
        <Sheet bill={repaying} onClose={() => setRepaying(null)} />
      </Suspense>
    </>
  );
}

function Logs() {
  const logs = useCreditLogs();
  if (logs.isPending) return <PageLoading />;
  if (logs.isError)
    return <PageError message={errorMessage(logs.error)} onRetry={() => void logs.refetch()} />;
  if (logs.data.items.length === 0) return <PageEmpty text="暂无明细" />;
  return (
    <section className="cr-card">
      {logs.data.items.map((l) => (
        <div key={l.id} className="cr-row" data-testid="credit-log">
          <span>
            {creditLogTypeNames[l.type]}
            {l.orderNo ? ` ${l.orderNo}` : ''}
            <br />
            <small>{new Date(l.createdAt).toLocaleString('zh-CN')}</small>
          </span>
          <span>
            {l.amount > 0 ? '+' : ''}
            {formatFen(l.amount)}
            <br />
            <small>可用 {formatFen(l.availableAfter)}</small>
          </span>
        </div>
      ))}
    </section>
  );
}

/** /creditAccount/billHistory: the bills, newest first, and the line's log. */
export function BillHistoryPage({ repaySheet }: { repaySheet: RepaySheet }) {
  return (
    <div className="cr-page" data-testid="bill-history-page">
      <PageHeader>历史账单</PageHeader>
      <Tabs defaultActiveKey="bills">
        <Tabs.Tab title="账单" key="bills">
          <Bills repaySheet={repaySheet} />
        </Tabs.Tab>
        <Tabs.Tab title="额度明细" key="logs">
          <Logs />
        </Tabs.Tab>
      </Tabs>
    </div>
  );
}
