import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { MemberOrderRow } from '@pcb/contract';
import { yuan } from '@pcb/pricing';
import { formatDate } from '../../../lib/date';
import { orderHref, paths } from '../../../lib/paths';
import { actionLabel, cardActionOf, factsOfRow, type CardAction } from '../order-actions';
import type { useOrderCommands } from '../use-order-commands';
import { OrderStatusTag } from './order-status-tag';
import '../../../components/screen.css';

const eqReplyHref = (order: MemberOrderRow) => `${paths.eqReply}?orderId=${order.id}`;

function buttonText(action: CardAction): string {
  switch (action.type) {
    case 'pay':
      return '去付款';
    case 'track':
      return '查看物流';
    case 'view':
      return '查看详情';
    case 'action':
      return action.action === 'acceptPrice' ? '确认新价格' : actionLabel(action.action);
  }
}

/** One order in the list: number, status, parameters, total, date and the next step. */
export function OrderCard({
  order,
  commands,
  onPay,
}: {
  order: MemberOrderRow;
  commands: ReturnType<typeof useOrderCommands>;
  /** Opens the pay sheet; without it 去付款 opens the detail. */
  onPay?: () => void;
}) {
  const navigate = useNavigate();
  const detail = orderHref(paths.orderDetail, order);
  const action = cardActionOf(factsOfRow(order));
  const primary = action.type !== 'view';

  const act = () => {
    if (action.type === 'pay' && onPay) return onPay();
    if (action.type === 'track') return void navigate(orderHref(paths.orderTracker, order));
    if (action.type === 'action') {
      if (action.action === 'replyEq') return void navigate(eqReplyHref(order));
      if (action.action === 'confirmReceipt') return void commands.confirmReceipt(order);
      if (action.action === 'reorder') return void commands.reorder(order);
    }
    void navigate(detail);
  };

  return (
    <li className="ol-card" data-testid="order-card" data-order-no={order.orderNo}>
      <button type="button" className="ol-card-body" onClick={() => void navigate(detail)}>
        <span className="ol-card-head">
          <span className="ol-card-no">{order.orderNo}</span>
          <OrderStatusTag status={order.status} />
        </span>
        <span className="text-preview">{order.paramString}</span>
        {(order.openEqs > 0 || order.pendingPriceChange) && (
          <span className="ol-card-flags">
            {order.openEqs > 0 && (
              <span className="ol-flag" data-testid="order-flag-eq">
                {order.openEqs}个工程问题待回复
              </span>
            )}
            {order.pendingPriceChange && (
              <span className="ol-flag" data-testid="order-flag-price">
                价格变更待确认
              </span>
            )}
          </span>
        )}
        <span className="ol-card-foot">
          <span className="ol-card-date">{formatDate(order.createdAt)}</span>
          <span className="ol-card-total" data-testid="order-total">
            {yuan(order.total)}
          </span>
        </span>
      </button>
      <div className="ol-card-actions">
        <Button
          size="small"
          shape="rounded"
          color="primary"
          fill={primary ? 'solid' : 'outline'}
          disabled={commands.isPending}
          onClick={act}
          data-testid="order-card-action"
        >
          {buttonText(action)}
        </Button>
      </div>
    </li>
  );
}
