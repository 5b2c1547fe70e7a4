import { yuan } from '@pcb/pricing';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { copyText } from '../../../lib/clipboard';
import { useMemberInfo } from '../../../lib/member-info';
import { useTransferAccounts } from '../api/get-transfer-accounts';

function CopyValue({ label, value, testId }: { label: string; value: string; testId: string }) {
  const copy = async () => {
    try {
      await copyText(value);
      showSuccess(`${label}已复制`);
    } catch {
      showFail('复制失败，请长按选择文字');
    }
  };
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        <span data-testid={testId}>{value}</span>
        <button type="button" className="ol-copy" onClick={() => void copy()}>
          复制
        </button>
      </dd>
    </div>
  );
}

/**
 * How to pay an order that awaits payment: a company transfer to the member's dedicated
 * account (DirectConnection), the order number in the remark; finance records the transfer
 * when it arrives and the order goes into production.
 */
export default function PaymentByTransfer({ orderNo, total }: { orderNo: string; total: number }) {
  const member = useMemberInfo();
  const accounts = useTransferAccounts(member.data?.id);
  const account = accounts.data?.[0];
  return (
    <section className="ol-card ol-prompt" id="pay" aria-label="付款" data-testid="order-payment">
      <h2 className="ol-card-title">
        待付款 <strong className="ol-price">{yuan(total)}</strong>
      </h2>
      <p className="ol-hint">
        可点击“去付款”用余额、支付宝或微信支付；也可对公转账，转账备注填写订单号，财务确认到账后登记付款，订单随即进入生产。
      </p>
      {accounts.isPending && member.data === undefined ? (
        <p className="ol-hint">加载中…</p>
      ) : accounts.isPending ? (
        <p className="ol-hint">正在读取您的专属收款账户…</p>
      ) : accounts.isError ? (
        <p className="ol-error" role="alert">
          {errorMessage(accounts.error, '收款账户加载失败')}
          <button type="button" className="ol-link" onClick={() => void accounts.refetch()}>
            重试
          </button>
        </p>
      ) : account ? (
        <dl className="ol-facts" data-testid="transfer-account">
          <div>
            <dt>开户银行</dt>
            <dd>{account.bankName}</dd>
          </div>
          <div>
            <dt>户名</dt>
            <dd>{account.accountName}</dd>
          </div>
          <CopyValue label="账号" value={account.accountNo} testId="transfer-account-no" />
          <CopyValue label="转账备注" value={orderNo} testId="transfer-remark" />
          <div>
            <dt>金额</dt>
            <dd>{yuan(total)}</dd>
          </div>
        </dl>
      ) : (
        <p className="ol-hint" data-testid="transfer-no-account">
          您的专属对公账户尚未开通，请联系您的客户经理获取收款账户后转账，备注订单号 {orderNo}。
        </p>
      )}
    </section>
  );
}
