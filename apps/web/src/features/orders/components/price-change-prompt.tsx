import { Button } from 'antd-mobile';
import type { MemberOrderDetail, OrderAction } from '@pcb/contract';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { formatDateTime } from '../../../lib/date';
import { useAcceptPriceChange, useRefusePriceChange } from '../api/answer-price-change';
import { actionLabel } from '../order-actions';
import { PriceDiffTable } from './price-diff-table';

/**
 * The engineer's new price, waiting for the member: why, the fee lines before and after, and
 * accept or refuse (refusing cancels the order). Shown while the table allows the answers.
 */
export default function PriceChangePrompt({
  order,
  actions,
}: {
  order: MemberOrderDetail;
  actions: OrderAction[];
}) {
  const accept = useAcceptPriceChange(order.kind);
  const refuse = useRefusePriceChange(order.kind);
  const change = order.priceChange;
  if (!change || change.status !== 'pending') return null;
  const busy = accept.isPending || refuse.isPending;

  const onAccept = async () => {
    try {
      const result = await accept.mutateAsync({ id: order.id, priceChangeId: change.id });
      showSuccess(result.status === 'awaitingPayment' ? '已接受新价格，请付款' : '已接受新价格');
    } catch (error) {
      showFail(errorMessage(error, '操作失败，请稍后重试'));
    }
  };
  const onRefuse = async () => {
    const confirmed = await confirmDialog({
      content: '拒绝新价格后订单将被取消，确定拒绝吗？',
      confirmText: '拒绝并取消订单',
      cancelText: '再想想',
    });
    if (!confirmed) return;
    try {
      await refuse.mutateAsync({ id: order.id, priceChangeId: change.id });
      showSuccess('已拒绝新价格，订单已取消');
    } catch (error) {
      showFail(errorMessage(error, '操作失败，请稍后重试'));
    }
  };

  return (
    <section className="ol-card ol-prompt" aria-label="价格变更" data-testid="price-change">
      <h2 className="ol-card-title">工程师调整了价格，请确认</h2>
      <p className="ol-hint">
        {formatDateTime(change.createdAt)} · 原因：{change.reason}
      </p>
      <PriceDiffTable
        before={change.oldLines}
        beforeTotal={change.oldTotal}
        after={change.newLines}
        afterTotal={change.newTotal}
      />
      <div className="ol-row ol-row-end">
        {actions.includes('refusePrice') && (
          <Button
            size="small"
            shape="rounded"
            disabled={busy}
            loading={refuse.isPending}
            onClick={() => void onRefuse()}
            data-testid="price-refuse"
          >
            {actionLabel('refusePrice')}
          </Button>
        )}
        {actions.includes('acceptPrice') && (
          <Button
            size="small"
            shape="rounded"
            color="primary"
            disabled={busy}
            loading={accept.isPending}
            onClick={() => void onAccept()}
            data-testid="price-accept"
          >
            {actionLabel('acceptPrice')}
          </Button>
        )}
      </div>
    </section>
  );
}
