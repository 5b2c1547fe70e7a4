import { useState, type ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate, useSearchParams } from 'react-router';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useRelationContext } from '../../../lib/relation-context';
import { useBalances } from '../api/get-balance';
import { RechargeSheet } from '../components/recharge-sheet';
import { VirtualAccountCard } from '../components/virtual-account-card';
import { rechargeLimitsText } from '../recharge-amount';
import '../money.css';

/**
 * /theBalance: the balance, the gift balance and what is held, top-up online (`?recharge=1`
 * opens it, as 重新充值 does), the log, and the member's account for bank transfers.
 */
export function TheBalancePage({ switchedBanner }: { switchedBanner?: ReactNode }) {
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const balances = useBalances();
  const relation = useRelationContext();
  const switched = relation.data?.isSwitched === true;
  const [rechargeOpen, setRechargeOpen] = useState(search.get('recharge') === '1');

  const closeRecharge = () => {
    setRechargeOpen(false);
    if (search.has('recharge')) setSearch({}, { replace: true });
  };

  return (
    <div className="mn-page" data-testid="the-balance-page">
      <PageHeader>账户余额</PageHeader>
      {switchedBanner}
      {balances.isPending ? (
        <PageLoading />
      ) : balances.isError ? (
        <PageError
          message={errorMessage(balances.error, '余额加载失败')}
          onRetry={() => void balances.refetch()}
        />
      ) : (
        <>
          <section className="mn-balance-band" aria-label="余额">
            <div className="mn-balance-label">可用余额（元）</div>
            <p className="mn-balance-amount" data-testid="balance-amount">
              {formatFen(balances.data.balance)}
            </p>
            <div className="mn-balance-others">
              <div>
                赠送金额
                <strong data-testid="gift-balance">{formatFen(balances.data.giftBalance)}</strong>
              </div>
              {balances.data.held > 0 && (
                <div>
                  支付中冻结
                  <strong data-testid="held-balance">{formatFen(balances.data.held)}</strong>
                </div>
              )}
            </div>
            <div className="mn-balance-actions">
              <Button
                shape="rounded"
                className="mn-band-button"
                disabled={switched}
                onClick={() => setRechargeOpen(true)}
                data-testid="recharge-open"
              >
                充值
              </Button>
              <Button
                shape="rounded"
                fill="outline"
                className="mn-band-button-ghost"
                onClick={() => void navigate(paths.billList)}
                data-testid="bill-list-open"
              >
                收支明细
              </Button>
            </div>
          </section>
          {switched && (
            <p className="mn-card mn-note" data-testid="recharge-switched">
              正在代关联账号操作：充值只能由账号本人进行，可切换回本人账号后充值。
            </p>
          )}
          <section className="mn-card" aria-label="余额说明">
            <h2 className="mn-card-title">说明</h2>
            <p>余额可用于支付PCB、SMT贴片和钢网订单，支付时需输入支付密码。</p>
            <p>赠送金额来自活动赠送，可用于支付订单，不可提现，支付部分不开具发票。</p>
            {balances.data.held > 0 && (
              <p>支付中冻结：余额+在线支付时暂扣的余额，在线支付完成后扣除，未完成将自动退回。</p>
            )}
            <p>{rechargeLimitsText}</p>
          </section>
          <VirtualAccountCard />
          <RechargeSheet
            visible={rechargeOpen && !switched}
            balances={balances.data}
            onClose={closeRecharge}
          />
        </>
      )}
    </div>
  );
}
