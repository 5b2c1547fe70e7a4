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
import { useBalances } from '../api/get-balance';
import { usePaymentStatus, usePaymentStatusOnce } from '../api/get-payment-status';
import { moneyInvalidates } from '../api/money-invalidates';
import { ChannelProbe } from '../components/channel-probe';
import { ResultCard } from '../components/result-card';
import { paymentPollState } from '../payment-poll';
import { forgetPayment, recalledPayment } from '../pending-payment';
import { isRefusal } from '../request-id';
import { channelFrom } from '../channel-param';
import { failReasonFrom, failReasons, prepaidFailHref, prepaidSuccessHref } from '../result-links';
import '../money.css';

function NewBalance() {
  const balances = useBalances();
  if (!balances.data) return null;
  return (
    <p className="mn-result-text" data-testid="prepaid-new-balance">
      当前余额 {formatFen(balances.data.balance)}
    </p>
  );
}

function RechargeResult({
  channel,
  outTradeNo,
}: {
  channel: PaymentChannelName;
  outTradeNo: string;
}) {
  const navigate = useNavigate();
  const [recalled] = useState(() => recalledPayment(outTradeNo));
  const { query, timedOut, askAgain } = usePaymentStatus(channel, outTradeNo);
  const refused = isRefusal(query.error);
  const state = refused ? { type: 'unconfirmed' as const } : paymentPollState(query.data, timedOut);
  const amount = query.data?.amount ?? recalled?.amount;
  const credited = state.type === 'paid';

  useEffect(() => {
    if (state.type === 'waiting' || state.type === 'unconfirmed') return;
    forgetPayment();
    void invalidateEndpoints(moneyInvalidates);
  }, [state.type]);

  if (state.type === 'closed') return <Navigate to={prepaidFailHref('closed')} replace />;
  const money = amount !== undefined ? formatFen(amount) : undefined;
  const toBalance = (
    <Button
      block
      color={credited ? 'primary' : 'default'}
      shape="rounded"
      onClick={() => void navigate(paths.theBalance, { replace: true })}
      data-testid="prepaid-to-balance"
    >
      返回账户余额
    </Button>
  );
  if (credited) {
    return (
      <ResultCard
        state="ok"
        title="充值成功"
        amount={money}
        testId="prepaid-result"
        actions={
          <>
            {toBalance}
            <Button block shape="rounded" onClick={() => void navigate(paths.billList)}>
              查看收支明细
            </Button>
          </>
        }
      >
        <NewBalance />
      </ResultCard>
    );
  }
  if (state.type === 'refunded') {
    return (
      <ResultCard
        state="fail"
        title="充值未入账，款项原路退回"
        amount={money}
        testId="prepaid-result"
        actions={toBalance}
      >
        <p className="mn-result-text">这笔款项未能入账，将原路退回，可在收支明细中查看。</p>
      </ResultCard>
    );
  }
  if (state.type === 'unconfirmed') {
    return (
      <ResultCard
        state="fail"
        title="暂未确认到账"
        amount={money}
        testId="prepaid-result"
        actions={
          <>
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={askAgain}
              data-testid="prepaid-ask-again"
            >
              重新查询
            </Button>
            {toBalance}
          </>
        }
      >
        <p className="mn-result-text">
          {refused || query.isError
            ? errorMessage(query.error, '查询失败')
            : '充值结果还在确认中。如您已完成付款，请勿重复充值：到账后余额会自动更新。'}
        </p>
      </ResultCard>
    );
  }
  return (
    <ResultCard state="wait" title="正在确认充值结果…" amount={money} testId="prepaid-result">
      <p className="mn-result-text">正在向支付机构核实，请稍候。</p>
    </ResultCard>
  );
}

/**
 * /theBalance/prepaidSuccess?outTradeNo=&channel=: asks the server until the top-up is
 * credited (or known not to be); the browser's arrival proves nothing (decision 0056).
 */
export function PrepaidSuccessPage() {
  const [search] = useSearchParams();
  const fromAddress = search.get('outTradeNo');
  const [recalled] = useState(() => recalledPayment(fromAddress));
  const outTradeNo = fromAddress ?? recalled?.outTradeNo ?? null;
  const channel = channelFrom(search.get('channel')) ?? recalled?.channel ?? null;
  return (
    <div className="mn-page" data-testid="prepaid-success-page">
      <PageHeader>充值结果</PageHeader>
      {outTradeNo && channel ? (
        <RechargeResult channel={channel} outTradeNo={outTradeNo} />
      ) : outTradeNo ? (
        <ChannelProbe
          outTradeNo={outTradeNo}
          waiting={
            <ResultCard state="wait" title="正在确认充值结果…" testId="prepaid-result">
              <p className="mn-result-text">正在向支付机构核实，请稍候。</p>
            </ResultCard>
          }
        >
          {(probed) => <RechargeResult channel={probed} outTradeNo={outTradeNo} />}
        </ChannelProbe>
      ) : (
        <PageEmpty text="没有找到这笔充值，可在收支明细中查看" />
      )}
    </div>
  );
}

/**
 * /theBalance/prepaidFail?reason=: the top-up did not go through; 重新充值 or back. Naming the
 * payment (`&channel=&outTradeNo=`, the server's quit address), it asks the server once, as
 * payFail does.
 */
export function PrepaidFailPage() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const channel = channelFrom(search.get('channel'));
  const outTradeNo = search.get('outTradeNo');
  const status = usePaymentStatusOnce(channel, outTradeNo);
  const reason = status.data?.status === 'closed' ? 'closed' : failReasonFrom(search.get('reason'));
  useEffect(() => forgetPayment(), []);
  if (channel && outTradeNo && status.data?.status === 'paid') {
    return <Navigate to={prepaidSuccessHref({ channel, outTradeNo })} replace />;
  }
  return (
    <div className="mn-page" data-testid="prepaid-fail-page">
      <PageHeader>充值失败</PageHeader>
      <ResultCard
        state="fail"
        title="充值未完成"
        testId="prepaid-fail"
        actions={
          <>
            <Button
              block
              color="primary"
              shape="rounded"
              onClick={() => void navigate(`${paths.theBalance}?recharge=1`, { replace: true })}
              data-testid="recharge-again"
            >
              重新充值
            </Button>
            <Button
              block
              shape="rounded"
              onClick={() => void navigate(paths.theBalance, { replace: true })}
            >
              返回账户余额
            </Button>
          </>
        }
      >
        <p className="mn-result-text" data-testid="prepaid-fail-reason">
          {failReasons[reason]}
        </p>
        <p className="mn-result-text">本次未扣款，余额未变。也可以通过对公转账充值。</p>
      </ResultCard>
    </div>
  );
}
