import { Suspense, useState, type ComponentType } from 'react';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router';
import type { CreditBill } from '@pcb/contract/member-credit-payment';
import { errorMessage } from '../../../components/feedback';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { formatFen } from '../../../lib/money';
import { paths } from '../../../lib/paths';
import { useCreditAccount } from '../api/credit-calls';
import '../credit.css';

/**
 * The repay sheet the app hands in (the money feature's: 余额, 支付宝, 微信支付; decisions 0060,
 * 0065), as the order pages take the pay sheet.
 */
export type RepaySheet = ComponentType<{ bill: CreditBill | null; onClose: () => void }>;

/** /creditAccount: the line, what is used and unbilled, the current bill and its repayment. */
export function CreditAccountPage({ repaySheet: Sheet }: { repaySheet: RepaySheet }) {
  const navigate = useNavigate();
  const account = useCreditAccount();
  const [repaying, setRepaying] = useState<CreditBill | null>(null);
  if (account.isPending) {
    return (
      <div className="cr-page" data-testid="credit-account-page">
        <PageHeader>月结账户</PageHeader>
        <PageLoading />
      </div>
    );
  }
  if (account.isError) {
    return (
      <div className="cr-page" data-testid="credit-account-page">
        <PageHeader>月结账户</PageHeader>
        <PageError
          message={errorMessage(account.error, '加载失败')}
          onRetry={() => void account.refetch()}
        />
      </div>
    );
  }
  const a = account.data;
  if (a.state !== 'approved') {
    return (
      <div className="cr-page" data-testid="credit-account-page">
        <PageHeader>月结账户</PageHeader>
        <section className="cr-card">
          <p>您尚未开通月结。</p>
          <Button block color="primary" onClick={() => void navigate(paths.creditPay)}>
            申请月结
          </Button>
        </section>
      </div>
    );
  }
  const bill = a.currentBill;
  return (
    <div className="cr-page" data-testid="credit-account-page">
      <PageHeader>月结账户</PageHeader>
      <section className="cr-band" aria-label="月结额度">
        <div className="cr-band-label">可用额度（元）</div>
        <p className="cr-band-amount" data-testid="credit-available">
          {formatFen(a.available)}
        </p>
        <div className="cr-band-grid">
          <div>
            总额度<strong data-testid="credit-limit">{formatFen(a.limit)}</strong>
          </div>
          <div>
            已用<strong data-testid="credit-used">{formatFen(a.used)}</strong>
          </div>
          <div>
            未出账<strong data-testid="credit-unbilled">{formatFen(a.unbilled)}</strong>
          </div>
        </div>
      </section>
      {a.suspendedAt && (
        <section className="cr-card" role="alert" data-testid="credit-suspended">
          <span className="cr-status cr-status-bad">月结付款已暂停</span>
          <p className="cr-hint">原因：{a.suspendReason}</p>
          <p className="cr-hint">暂停期间不能用月结付款，仍可还款。如有疑问请联系您的客户经理。</p>
        </section>
      )}
      {a.overdue && (
        <section className="cr-card" role="alert">
          <span className="cr-status cr-status-bad">账单已逾期</span>
          <p className="cr-hint">逾期期间暂停月结付款，请尽快还款。</p>
        </section>
      )}
      {a.overLimit > 0 && (
        <section className="cr-card" role="alert" data-testid="credit-over-limit">
          <span className="cr-status cr-status-bad">已用额度超出额度</span>
          <p className="cr-hint">
            月结额度已调整为{formatFen(a.limit)}，已用额度超出{formatFen(a.overLimit)}
            。还款后已用额度回到额度以内，方可继续使用月结付款。
          </p>
        </section>
      )}
      <section className="cr-card" aria-label="当前账单" data-testid="current-bill">
        <h2>当前账单</h2>
        {bill ? (
          <>
            <div className="cr-row">
              <span>账期</span>
              <span>{bill.period}</span>
            </div>
            <div className="cr-row">
              <span>待还金额</span>
              <span data-testid="bill-outstanding">{formatFen(bill.outstanding)}</span>
            </div>
            <div className="cr-row">
              <span>订单数</span>
              <span>{bill.orderCount} 笔</span>
            </div>
            <div className="cr-row">
              <span>还款日</span>
              <span>{bill.dueDate}</span>
            </div>
            <div className="cr-actions">
              <Button color="primary" onClick={() => setRepaying(bill)} data-testid="repay-open">
                立即还款
              </Button>
            </div>
          </>
        ) : (
          <p className="cr-hint">暂无待还账单，每月{a.billingDay}日出账。</p>
        )}
      </section>
      <section className="cr-card">
        <div className="cr-actions">
          <Button onClick={() => void navigate(paths.billHistory)} data-testid="bill-history-open">
            历史账单
          </Button>
          <Button onClick={() => void navigate(paths.payImpower)} data-testid="pay-impower-open">
            授权手机
          </Button>
        </div>
      </section>
      <Suspense fallback={null}>
        <Sheet bill={repaying} onClose={() => setRepaying(null)} />
      </Suspense>
    </div>
  );
}
