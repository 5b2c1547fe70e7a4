import { useNavigate } from 'react-router';
import {
  orderKinds,
  orderStatusNames,
  type OrderKind,
  type OrderStatus,
} from '@pcb/contract/order-life';
import { paths } from '../../../lib/paths';
import { useAllOrderCounts } from '../api/get-order-counts';
import { needsMember } from '../order-screens';
import '../order-summary.css';

/** The statuses the member centre counts: the order's way until it arrives. */
const shown: OrderStatus[] = [
  'pendingReview',
  'awaitingConfirmation',
  'awaitingPayment',
  'inProduction',
  'shipped',
];

/**
 * 我的订单 on /member: each status's count over the three kinds; a tap opens the list on that
 * status, on the first kind that has such orders.
 */
export default function MemberOrdersCard() {
  const navigate = useNavigate();
  const counts = useAllOrderCounts();
  const open = (status: OrderStatus | 'all') => {
    const kind: OrderKind =
      status === 'all'
        ? 'pcb'
        : (orderKinds.find((k) => (counts.byKind[k]?.[status] ?? 0) > 0) ?? 'pcb');
    void navigate(`${paths.theOrders}?kind=${kind}&status=${status}`);
  };
  return (
    <section className="member-card mo-card" aria-label="我的订单" data-testid="member-orders">
      <div className="mo-head">
        <h2 className="member-card-title">我的订单</h2>
        <button
          type="button"
          className="mo-all"
          onClick={() => open('all')}
          data-testid="member-orders-all"
        >
          全部订单 ›
        </button>
      </div>
      <div className="mo-grid">
        {shown.map((status) => {
          const count = counts.total?.[status];
          const urgent = needsMember.includes(status) && (count ?? 0) > 0;
          return (
            <button
              key={status}
              type="button"
              className={`mo-status${urgent ? ' mo-status-urgent' : ''}`}
              onClick={() => open(status)}
              data-testid={`member-orders-${status}`}
            >
              <span className="mo-count" data-testid="member-orders-count">
                {count ?? (counts.isError ? '—' : '·')}
              </span>
              <span className="mo-name">{orderStatusNames[status]}</span>
            </button>
          );
        })}
      </div>
      {counts.isError && (
        <button type="button" className="mo-retry" onClick={counts.refetch}>
          订单数量加载失败，点击重试
        </button>
      )}
    </section>
  );
}
