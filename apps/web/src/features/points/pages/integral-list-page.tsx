import type { PointEntry } from '@pcb/contract/member-point';
import { ListMore } from '../../../components/list-more';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { formatDateTime } from '../../../lib/date';
import { usePointHistory } from '../api/point-calls';
import '../../../components/screen.css';
import '../points.css';

function EntryRow({ entry }: { entry: PointEntry }) {
  const gain = entry.delta > 0;
  return (
    <li className="pt-entry" data-testid={`point-entry-${entry.id}`}>
      <div className="pt-entry-main">
        <div className="pt-entry-reason">{entry.reason}</div>
        <div className="pt-entry-time">{formatDateTime(entry.createdAt)}</div>
      </div>
      <div className="pt-entry-side">
        <div className={gain ? 'pt-entry-delta pt-gain' : 'pt-entry-delta pt-loss'}>
          {gain ? `+${entry.delta}` : `−${-entry.delta}`}
        </div>
        <div className="pt-entry-after">余额 {entry.balanceAfter}</div>
      </div>
    </li>
  );
}

function History() {
  const history = usePointHistory();
  if (history.isPending) return <PageLoading />;
  if (history.isError) {
    return (
      <PageError
        message={errorMessage(history.error, '积分明细加载失败')}
        onRetry={() => void history.refetch()}
      />
    );
  }
  const rows = history.data.pages.flatMap((p) => p.items);
  if (rows.length === 0) return <PageEmpty text="暂无积分记录，签到或完成订单即可获得积分" />;
  return (
    <>
      <ul className="pt-entries" data-testid="point-entries">
        {rows.map((e) => (
          <EntryRow key={e.id} entry={e} />
        ))}
      </ul>
      <ListMore
        hasMore={history.hasNextPage}
        loadMore={() => history.fetchNextPage()}
        done="没有更多记录了"
      />
    </>
  );
}

/** /integral/integralList: every change of the points, newest first, with its reason. */
export function IntegralListPage() {
  return (
    <div className="pt-page" data-testid="integral-list-page">
      <PageHeader>积分明细</PageHeader>
      <History />
    </div>
  );
}
