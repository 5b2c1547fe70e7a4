import { useEffect, useState } from 'react';
import { Button } from 'antd-mobile';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { PaymentChannelName } from '@pcb/contract/payment';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageEmpty } from '../../../components/page-status';
import { invalidateEndpoints } from '../../../lib/api';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { usePaymentStatus, usePaymentStatusOnce } from '../api/get-payment-status';
import { billInvalidates } from '../api/repay-bill';
import { channelFrom } from '../channel-param';
import { ResultCard } from '../components/result-card';
import { paymentPollState } from '../payment-poll';
import { forgetPayment, recalledPayment } from '../pending-payment';
import { isRefusal } from '../request-id';
import { failReasonFrom, failReasons, repayFailHref, repaySuccessHref } from '../result-links';
import '../money.css';

function RepayResult({ channel, outTradeNo }: { channel: PaymentChannelName; outTradeNo: string }) {
  const navigate = useNavigate();
  const [recalled] = useState(() => recalledPayment(outTradeNo));
  const { query, timedOut, askAgain } = usePaymentStatus(channel, outTradeNo);
  const refused = isRefusal(query.error);
  const state = refused ? { type: 'unconfirmed' as const } : paymentPollState(query.data, timedOut);
  const amount = query.data?.amount ?? recalled?.amount;

  useEffect(() => {
    if (state.type === 'waiting' || state.type === 'unconfirmed') return;
    forgetPayment();
    void invalidateEndpoints(billInvalidates);
  }, [state.type]);

  if (state.type === 'closed') return <Navigate to={repayFailHref('closed')} replace />;
  const money = amount !== undefined ? formatFen(amount) : undefined;
  const toBills = (primary: boolean) => (
    <Button
      block
      color={primary ? 'primary' : 'default'}
      shape="rounded"
      onClick={() => void navigate(paths.billHistory, { replace: true })}
      data-testid="repay-to-bills"
    >
      返回历史账单
    </Button>
  );
  if (state.type === 'paid') {
    return (
      <ResultCard
        state="ok"
        title="还款成功"
        amount={money}
        testId="repay-result"
        actions={
          <>
            {toBills(true)}
            <Button
              block
              shape="rounded"
              onClick={() => void navigate(paths.creditAccount, { replace: true })}
            >
              返回月结账户
            </Button>
          </>
        }
      >
        <p className="mn-result-text">账单已还清，月结额度已恢复。</p>
      </ResultCard>
    );
  }
  if (state.type === 'refunded') {
    return (
      <ResultCard
        state="fail"
        title="账单已还清，本次款项原路退回"
        amount={money}
        testId="repay-result"
        actions={toBills(true)}
      >
        <p className="mn-result-text">该账单在此之前已还清，这笔款项将原路退回。</p>
      </ResultCard>
    );
  }
  if (state.type === 'unconfirmed') {
    return (
      <ResultCard
        state="fail"
        title="暂未确认到账"
        amount={money}
        testId="repay-result"
        actions={
          <>
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={askAgain}
              data-testid="repay-ask-again"
            >
              重新查询
            </Button>
            {toBills(false)}
          </>
        }
      >
        <p className="mn-result-text">
          {refused || query.isError
            ? errorMessage(query.error, '查询失败')
            : '还款结果还在确认中。如您已完成付款，请勿重复还款：到账后账单会自动更新。'}
        </p>
      </ResultCard>
    );
  }
  return (
    <ResultCard state="wait" title="正在确认还款结果…" amount={money} testId="repay-result">
      <p className="mn-result-text">正在向支付机构核实，请稍候。</p>
    </ResultCard>
  );
}

/**
 * /creditAccount/repaySuccess?billId=&outTradeNo=&channel= (decision 0065): asks the server
 * until the bill is repaid (or the money is known to go back); the return proves nothing.
 */
export function RepaySuccessPage() {
  const [search] = useSearchParams();
  const fromAddress = search.get('outTradeNo');
  const [recalled] = useState(() => recalledPayment(fromAddress));
  const outTradeNo = fromAddress ?? recalled?.outTradeNo ?? null;
  const channel = channelFrom(search.get('channel')) ?? recalled?.channel ?? null;
  return (
    <div className="mn-page" data-testid="repay-success-page">
      <PageHeader>还款结果</PageHeader>
      {outTradeNo && channel ? (
        <RepayResult channel={channel} outTradeNo={outTradeNo} />
      ) : (
        <PageEmpty text="没有找到这笔还款，可在历史账单中查看" />
      )}
    </div>
  );
}

/**
 * /creditAccount/repayFail?reason=: the repayment did not go through. Naming the payment (the
 * server's quit address), it asks the server once: paid after all → the success screen.
 */
export function RepayFailPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const channel = channelFrom(search.get('channel'));
  const outTradeNo = search.get('outTradeNo');
  const status = usePaymentStatusOnce(channel, outTradeNo);
  const reason = status.data?.status === 'closed' ? 'closed' : failReasonFrom(search.get('reason'));
  useEffect(() => forgetPayment(), []);
  if (channel && outTradeNo && status.data?.status === 'paid') {
    return <Navigate to={repaySuccessHref({ channel, outTradeNo })} replace />;
  }
  return (
    <div className="mn-page" data-testid="repay-fail-page">
      <PageHeader>还款失败</PageHeader>
      <ResultCard
        state="fail"
        title="还款未完成"
        testId="repay-fail"
        actions={
          <Button
            block
            color="primary"
            shape="rounded"
            onClick={() => void navigate(paths.billHistory, { replace: true })}
            data-testid="repay-again"
          >
            返回历史账单
          </Button>
        }
      >
        <p className="mn-result-text" data-testid="repay-fail-reason">
          {failReasons[reason]}
        </p>
        <p className="mn-result-text">本次未扣款，账单未变，可重新还款。</p>
      </ResultCard>
    </div>
  );
}
