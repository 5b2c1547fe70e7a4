import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { orderActions } from '@pcb/contract';
import { PageHeader } from '../../../components/page-header';
import { formatFen } from '../../../lib/money';
import { orderHref, paths } from '../../../lib/paths';
import { useOrderToPay } from '../api/get-order-to-pay';
import { usePaymentStatusOnce } from '../api/get-payment-status';
import { ResultCard } from '../components/result-card';
import { forgetPayment, recalledPayment } from '../pending-payment';
import { channelFrom } from '../channel-param';
import {
  failReasonFrom,
  failReasons,
  kindParam,
  payAgainHref,
  paySuccessHref,
} from '../result-links';
import { idFrom } from '../route-params';
import '../money.css';

/**
 * /TheOrders/payFail?id=&kind=&reason=: the payment did not go through. Says why (closed,
 * cancelled, failed), that nothing was taken (and a held balance comes back), and offers
 * 重新支付 while the order still awaits payment. Naming the payment (`&channel=&outTradeNo=`,
 * as the server's quit address does: the member left the provider's page), the screen asks the
 * server once: a payment made all the same goes to paySuccess, a closed one says so.
 */
export function PayFailPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // Read once: the screen forgets the payment as it opens.
  const [recalled] = useState(() => recalledPayment());
  const channel = channelFrom(search.get('channel'));
  const outTradeNo = search.get('outTradeNo');
  const status = usePaymentStatusOnce(channel, outTradeNo);
  const reason = status.data?.status === 'closed' ? 'closed' : failReasonFrom(search.get('reason'));
  const id = idFrom(search.get('id')) ?? recalled?.order?.id ?? null;
  const kind = kindParam(search.get('kind')) ?? recalled?.order?.kind ?? null;
  const order = useOrderToPay(kind ?? 'pcb', id ?? 0, { enabled: id !== null && kind !== null });
  const payable =
    order.data !== undefined &&
    (orderActions.pay.from as readonly string[]).includes(order.data.status);

  useEffect(() => forgetPayment(), []);

  if (channel && outTradeNo && status.data?.status === 'paid') {
    return <Navigate to={paySuccessHref({ channel, outTradeNo })} replace />;
  }
  return (
    <div className="mn-page" data-testid="pay-fail-page">
      <PageHeader>支付失败</PageHeader>
      <ResultCard
        state="fail"
        title="支付未完成"
        amount={order.data ? formatFen(order.data.total) : undefined}
        testId="pay-fail"
        actions={
          <>
            {id !== null && kind && (order.isPending || payable) && (
              <Button
                block
                color="primary"
                shape="rounded"
                disabled={order.isPending}
                onClick={() => void navigate(payAgainHref({ id, kind }), { replace: true })}
                data-testid="pay-again"
              >
                重新支付
              </Button>
            )}
            {id !== null && kind && (
              <Button
                block
                shape="rounded"
                onClick={() =>
                  void navigate(orderHref(paths.orderDetail, { id, kind }), { replace: true })
                }
              >
                查看订单
              </Button>
            )}
            {id === null && (
              <Button
                block
                color="primary"
                shape="rounded"
                onClick={() => void navigate(paths.theOrders, { replace: true })}
              >
                返回我的订单
              </Button>
            )}
          </>
        }
      >
        <p className="mn-result-text" data-testid="pay-fail-reason">
          {failReasons[reason]}
        </p>
        {order.data && <p className="mn-result-text">订单号 {order.data.orderNo}</p>}
        <p className="mn-result-text">
          本次未扣款；如选择了余额+在线支付，冻结的余额会自动退回。
          {order.data && !payable && '订单当前已不需要付款。'}
        </p>
      </ResultCard>
    </div>
  );
}
