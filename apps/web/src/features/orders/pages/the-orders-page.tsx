import { Suspense, useState } from 'react';
import { Button } from 'antd-mobile';
import { useSearchParams } from 'react-router';
import {
  orderKinds,
  orderStatusNames,
  orderStatuses,
  type OrderKind,
  type OrderStatus,
} from '@pcb/contract/order-life';
import type { OrderStatusCounts } from '@pcb/contract';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { ListMore } from '../../../components/list-more';
import { PageEmpty, PageError, PageLoading } from '../../../components/page-status';
import { documentNavigation } from '../../../lib/document-navigation';
import { paths } from '../../../lib/paths';
import { useMemberOrders } from '../api/get-member-orders';
import { useAllOrderCounts } from '../api/get-order-counts';
import { OrderCard } from '../components/order-card';
import { kindFrom, needsMember, statusFrom, tabName } from '../order-screens';
import { useOrderCommands } from '../use-order-commands';
import type { PaySheet, PaySheetProps } from '../pay-sheet-slot';
import '../../../components/screen.css';
import '../order-summary.css';
import '../order-screens.css';

type Filter = OrderStatus | 'all';

/** The chips, what waits for the member first. */
const filters: Filter[] = [
  'all',
  ...needsMember,
  ...orderStatuses.filter((s) => !needsMember.includes(s)),
];

const filterName = (filter: Filter) => (filter === 'all' ? '全部' : orderStatusNames[filter]);

/** 待确认 and 待付款 of one kind's counts, or of every kind's. */
const waiting = (counts: OrderStatusCounts | undefined | null) =>
  counts ? needsMember.reduce((sum, s) => sum + counts[s], 0) : 0;

function OrderList({
  kind,
  status,
  paySheet: PaySheetComponent,
}: {
  kind: OrderKind;
  status: Filter;
  paySheet?: PaySheet;
}) {
  const orders = useMemberOrders(kind, status);
  const commands = useOrderCommands(kind);
  const [paying, setPaying] = useState<PaySheetProps['order'] | null>(null);
  if (orders.isPending) return <PageLoading />;
  if (orders.isError) {
    return (
      <PageError
        message={errorMessage(orders.error, '订单加载失败')}
        onRetry={() => void orders.refetch()}
      />
    );
  }
  const rows = orders.data.pages.flatMap((page) => page.items);
  if (rows.length === 0) {
    return (
      <PageEmpty
        text={
          status === 'all'
            ? `还没有${tabName(kind)}订单`
            : `没有${filterName(status)}的${tabName(kind)}订单`
        }
      >
        {status === 'all' && (
          <Button
            color="primary"
            shape="rounded"
            onClick={() => documentNavigation.assign(paths.ordersPcb)}
          >
            去计价下单
          </Button>
        )}
      </PageEmpty>
    );
  }
  return (
    <>
      <ul className="ol-list" data-testid="order-list">
        {rows.map((order) => (
          <OrderCard
            key={order.id}
            order={order}
            commands={commands}
            onPay={PaySheetComponent ? () => setPaying(order) : undefined}
          />
        ))}
      </ul>
      {PaySheetComponent && paying && (
        <Suspense fallback={null}>
          <PaySheetComponent order={paying} visible onClose={() => setPaying(null)} />
        </Suspense>
      )}
      <ListMore
        hasMore={orders.hasNextPage}
        loadMore={() => orders.fetchNextPage()}
        done={`共${rows.length}笔订单`}
      />
    </>
  );
}

/**
 * /TheOrders: the member's orders by kind (PCB / SMT / 钢网) and status, with each status's
 * count; what waits for the member (待确认, 待付款) comes first and stands out. `?kind=` and
 * `?status=` keep the choice (the member centre's counts link here).
 */
export function TheOrdersPage({ paySheet }: { paySheet?: PaySheet }) {
  const [search, setSearch] = useSearchParams();
  const kind = kindFrom(search.get('kind'));
  const status: Filter =
    search.get('status') === 'all' ? 'all' : (statusFrom(search.get('status')) ?? 'all');
  const counts = useAllOrderCounts();
  const kindCounts = counts.byKind[kind];

  const choose = (next: { kind?: OrderKind; status?: Filter }) =>
    setSearch({ kind: next.kind ?? kind, status: next.status ?? status }, { replace: true });

  const waitingHere = waiting(kindCounts);
  return (
    <div className="screen" data-testid="the-orders-page">
      <PageHeader>我的订单</PageHeader>
      <div className="ol-tabs" role="tablist" aria-label="订单类型">
        {orderKinds.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={k === kind}
            className="ol-tab"
            onClick={() => choose({ kind: k, status: 'all' })}
            data-testid={`order-kind-${k}`}
          >
            {tabName(k)}
            {waiting(counts.byKind[k]) > 0 && (
              <span className="ol-tab-dot" aria-label={`${waiting(counts.byKind[k])}笔待处理`} />
            )}
          </button>
        ))}
      </div>
      <div className="ol-chips" role="radiogroup" aria-label="订单状态">
        {filters.map((f) => {
          const count = kindCounts ? kindCounts[f] : undefined;
          const urgent = f !== 'all' && needsMember.includes(f) && (count ?? 0) > 0;
          return (
            <button
              key={f}
              type="button"
              role="radio"
              aria-checked={f === status}
              className={`ol-chip${urgent ? ' ol-chip-urgent' : ''}`}
              onClick={() => choose({ status: f })}
              data-testid={`order-status-${f}`}
            >
              {filterName(f)}
              {count !== undefined && <span className="ol-chip-count">{count}</span>}
            </button>
          );
        })}
      </div>
      {waitingHere > 0 && kindCounts && (
        <p className="ol-waiting" role="status" data-testid="orders-waiting">
          {needsMember
            .filter((s) => kindCounts[s] > 0)
            .map((s) => `${kindCounts[s]}笔${orderStatusNames[s]}`)
            .join('、')}
          ，请尽快处理
        </p>
      )}
      <OrderList key={`${kind}-${status}`} kind={kind} status={status} paySheet={paySheet} />
    </div>
  );
}
