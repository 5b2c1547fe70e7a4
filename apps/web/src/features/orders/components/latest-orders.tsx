import { useNavigate } from 'react-router';

import { yuan, orderKindNames } from '@pcb/pricing';
import { formatDate } from '../../../lib/date';
import { orderHref, paths } from '../../../lib/paths';
import { useLatestOrders } from '../api/get-latest-orders';
import { OrderStatusTag } from './order-status-tag';
import '../order-summary.css';

/** The home page's 最近订单: the member's newest order of each kind that has one. */
export default function LatestOrders() {
  const navigate = useNavigate();
  const latest = useLatestOrders();
  if (latest.isPending) {
    return (
      <section className="home-card lo-card" aria-label="最近订单" aria-busy="true">
        <h2 className="home-card-title">最近订单</h2>
        <p className="ol-hint">加载中…</p>
      </section>
    );
  }
  if (latest.orders.length === 0 && !latest.isError) return null;
  return (
    <section className="home-card lo-card" aria-label="最近订单" data-testid="home-latest-orders">
      <div className="mo-head">
        <h2 className="home-card-title">最近订单</h2>
        <button type="button" className="mo-all" onClick={() => void navigate(paths.theOrders)}>
          全部订单 ›
        </button>
      </div>
      {latest.isError && latest.orders.length === 0 ? (
        <button type="button" className="mo-retry" onClick={latest.refetch}>
          最近订单加载失败，点击重试
        </button>
      ) : (
        <ul className="lo-list">
          {latest.orders.map((order) => (
            <li key={order.id}>
              <button
                type="button"
                className="lo-item"
                onClick={() => void navigate(orderHref(paths.orderDetail, order))}
                data-testid="home-latest-order"
              >
                <span className="lo-kind">{orderKindNames[order.kind].name}</span>
                <span className="lo-main">
                  <span className="lo-no">{order.orderNo}</span>
                  <span className="ol-hint lo-params">{order.paramString}</span>
                </span>
                <span className="lo-side">
                  <OrderStatusTag status={order.status} />
                  <span className="ol-hint">
                    {yuan(order.total)} · {formatDate(order.createdAt)}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
