import { Link } from 'react-router';
import { invoiceRequestStateLabels } from '@pcb/contract/bill';
import { invoiceTypeNames } from '@pcb/contract/member-invoice';
import { errorMessage } from '../../../components/feedback';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useRequests } from '../api/bill-calls';

const chinaMinute = (iso: string) =>
  new Date(new Date(iso).getTime() + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The member's invoice requests, newest first, each opening invoiceDetail. */
export function RequestsTab() {
  const requests = useRequests();
  if (requests.isPending) return <PageLoading />;
  if (requests.isError) {
    return (
      <PageError
        message={errorMessage(requests.error, '开票申请加载失败')}
        onRetry={() => void requests.refetch()}
      />
    );
  }
  if (requests.data.items.length === 0) return <PageEmpty text="还没有开票申请" />;
  return (
    <ul className="bill-list" data-testid="request-list">
      {requests.data.items.map((r) => (
        <li key={r.id} className="bill-item" data-testid="request-item" data-status={r.status}>
          <Link to={`${paths.invoiceDetail}/${r.id}`} className="bill-body bill-link">
            <div className="bill-row">
              <span className="bill-no">{r.title}</span>
              <span className={`bill-state request-state-${r.status}`}>
                {invoiceRequestStateLabels[r.status]}
              </span>
            </div>
            <div className="bill-meta">
              {invoiceTypeNames[r.invoiceType]} · {r.billCount}个账单
              {r.invoiceNo ? ` · 发票号码 ${r.invoiceNo}` : ''}
            </div>
            <div className="bill-row">
              <span className="bill-meta">申请于 {chinaMinute(r.createdAt)}</span>
              <span className="bill-amount">{formatFen(r.total)}</span>
            </div>
            {r.rejectReason && <div className="bill-reject">驳回原因：{r.rejectReason}</div>}
          </Link>
        </li>
      ))}
    </ul>
  );
}
