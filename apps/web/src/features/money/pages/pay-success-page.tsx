import { useEffect, useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { OrderKind } from '@pcb/contract/order-life';
import type { PaymentChannelName } from '@pcb/contract/payment';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty } from '../../../components/page-status';
import { invalidateEndpoints } from '../../../lib/api';
import { formatFen } from '../../../lib/money';
import { orderHref, paths } from '../../../lib/paths';
import { useOrderPaidStatus, usePaymentStatus } from '../api/get-payment-status';
import { payInvalidates } from '../api/pay-calls';
import { ChannelProbe } from '../components/channel-probe';
import { ResultCard } from '../components/result-card';
import { orderPollState, paymentPollState, type PollState } from '../payment-poll';
import { forgetPayment, recalledPayment } from '../pending-payment';
import { channelFrom } from '../channel-param';
import { kindParam, payFailHref } from '../result-links';
import { idFrom } from '../route-params';
import { isRefusal } from '../request-id';
import '../money.css';

interface OrderShown {
  id: number;
  kind: OrderKind;
  orderNo: string | null;
}

function Outcome({
  state,
  order,
  amount,
  error,
  onAskAgain,
}: {
  state: PollState;
  order: OrderShown | null;
  amount: number | null;
  error: string | null;
  onAskAgain: () => void;
}) {
  const navigate = useNavigate();
  const viewOrder = order && (
    <Button
      block
      color="primary"
      shape="rounded"
      onClick={() => void navigate(orderHref(paths.orderDetail, order), { replace: true })}
      data-testid="pay-view-order"
    >
      查看订单
    </Button>
  );
  const toOrders = (
    <Button block shape="rounded" onClick={() => void navigate(paths.theOrders, { replace: true })}>
      返回我的订单
    </Button>
  );
  const orderLine: ReactNode = order?.orderNo && (
    <p className="mn-result-text">订单号 {order.orderNo}</p>
  );
  const money = amount !== null ? formatFen(amount) : undefined;

  switch (state.type) {
    case 'paid':
      return (
        <ResultCard
          state="ok"
          title="支付成功"
          amount={money}
          testId="pay-result"
          actions={
            <>
              {viewOrder}
              {toOrders}
            </>
          }
        >
          {orderLine}
          <p className="mn-result-text">订单已进入生产，可在订单详情中查看进度。</p>
        </ResultCard>
      );
    case 'refunded':
      return (
        <ResultCard
          state="fail"
          title="本次付款将原路退回"
          amount={money}
          testId="pay-result"
          actions={
            <>
              {viewOrder}
              {toOrders}
            </>
          }
        >
          {orderLine}
          <p className="mn-result-text">
            订单在您付款时已通过其他方式付款或已取消，本次付款将原路退回，可在收支明细中查看。
          </p>
        </ResultCard>
      );
    case 'unconfirmed':
      return (
        <ResultCard
          state="fail"
          title="暂未确认到账"
          amount={money}
          testId="pay-result"
          actions={
            <>
              <Button
                block
                color="primary"
                shape="rounded"
                onClick={onAskAgain}
                data-testid="pay-ask-again"
              >
                重新查询
              </Button>
              {viewOrder}
            </>
          }
        >
          {orderLine}
          <p className="mn-result-text">
            {error ??
              '支付结果还在确认中。如您已完成付款，请勿重复支付：到账后订单会自动更新为生产中。'}
          </p>
        </ResultCard>
      );
    default:
      return (
        <ResultCard state="wait" title="正在确认支付结果…" amount={money} testId="pay-result">
          {orderLine}
          <p className="mn-result-text">正在向支付机构核实，请稍候，请勿重复付款。</p>
        </ResultCard>
      );
  }
}

function OnlineResult({
  channel,
  outTradeNo,
}: {
  channel: PaymentChannelName;
  outTradeNo: string;
}) {
  // Read once: the payment is forgotten when settled.
  const [recalled] = useState(() => recalledPayment(outTradeNo));
  const { query, timedOut, askAgain } = usePaymentStatus(channel, outTradeNo);
  const state = paymentPollState(query.data, timedOut);
  const data = query.data;
  const kind = data?.kind ?? recalled?.order?.kind ?? null;
  const id = data?.orderId ?? recalled?.order?.id ?? null;
  const order: OrderShown | null =
    kind && id ? { id, kind, orderNo: data?.orderNo ?? recalled?.order?.orderNo ?? null } : null;
  const settled = state.type === 'paid' || state.type === 'refunded' || state.type === 'closed';

  useEffect(() => {
    if (!settled) return;
    forgetPayment();
    if (kind) void invalidateEndpoints(payInvalidates(kind));
  }, [settled, kind]);

  if (state.type === 'closed') return <Navigate to={payFailHref('closed', order)} replace />;
  // A refusal (not this member's payment, no such number) is an answer: no use waiting.
  const refused = isRefusal(query.error);
  return (
    <Outcome
      state={refused ? { type: 'unconfirmed' } : state}
      order={order}
      amount={data?.amount ?? recalled?.amount ?? null}
      error={refused || (query.isError && timedOut) ? errorMessage(query.error, '查询失败') : null}
      onAskAgain={askAgain}
    />
  );
}

function BalanceResult({ kind, id }: { kind: OrderKind; id: number }) {
  const { query, timedOut, askAgain } = useOrderPaidStatus(kind, id);
  const state = orderPollState(query.data?.status, timedOut);
  const order: OrderShown = { id, kind, orderNo: query.data?.orderNo ?? null };
  if (state.type === 'closed') return <Navigate to={payFailHref('closed', order)} replace />;
  const refused = isRefusal(query.error);
  return (
    <Outcome
      state={refused ? { type: 'unconfirmed' } : state}
      order={order}
      amount={query.data?.total ?? null}
      error={refused || (query.isError && timedOut) ? errorMessage(query.error, '查询失败') : null}
      onAskAgain={askAgain}
    />
  );
}

/**
 * /TheOrders/paySuccess: where every payment ends up. `?outTradeNo=&channel=` (an online
 * payment, as the server's return address names it; the one remembered for the visit when an
 * address carries none, as WeChat's bridge and the mini-program bring none) asks the server
 * until the provider's answer is known; `?id=&kind=` alone (the balances) reads the order. The
 * browser's arrival here proves nothing (decisions 0056, 0057).
 */
export function PaySuccessPage() {
  const [search] = useSearchParams();
  const fromAddress = search.get('outTradeNo');
  const [recalled] = useState(() => recalledPayment(fromAddress));
  const outTradeNo = fromAddress ?? recalled?.outTradeNo ?? null;
  const channel = channelFrom(search.get('channel')) ?? recalled?.channel ?? null;
  // `id` as the addresses write it; `orderId` as return addresses written before 0057 did.
  const id = idFrom(search.get('id') ?? search.get('orderId'));
  const kind = kindParam(search.get('kind'));
  return (
    <div className="mn-page" data-testid="pay-success-page">
      <PageHeader>支付结果</PageHeader>
      {outTradeNo && channel ? (
        <OnlineResult channel={channel} outTradeNo={outTradeNo} />
      ) : outTradeNo ? (
        <ChannelProbe
          outTradeNo={outTradeNo}
          waiting={
            <Outcome
              state={{ type: 'waiting' }}
              order={null}
              amount={null}
              error={null}
              onAskAgain={() => {}}
            />
          }
        >
          {(probed) => <OnlineResult channel={probed} outTradeNo={outTradeNo} />}
        </ChannelProbe>
      ) : id !== null && kind ? (
        <BalanceResult kind={kind} id={id} />
      ) : (
        <PageEmpty text="没有找到这笔支付，请在我的订单中查看订单状态" />
      )}
    </div>
  );
}
