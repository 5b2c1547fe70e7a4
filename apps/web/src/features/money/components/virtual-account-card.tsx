import { Button } from 'antd-mobile';
import { errorMessage } from '../../../components/feedback';
import { useMemberInfo } from '../../../lib/member-info';
import { useVirtualAccounts } from '../api/get-virtual-accounts';
import { CopyRow } from './copy-row';

/**
 * Top-up by bank transfer: the member's dedicated account (`DirectConnection`), each fact with
 * a copy button. Finance matches what arrives by the account and credits the balance once.
 */
export function VirtualAccountCard() {
  const member = useMemberInfo();
  const accounts = useVirtualAccounts(member.data?.id);
  return (
    <section className="mn-card" aria-label="对公转账充值" data-testid="virtual-account">
      <h2 className="mn-card-title">对公转账充值</h2>
      <p>
        向您的专属账户转账，到账后由财务核对入账至余额（通常1个工作日内），大额充值请使用此方式。
      </p>
      {member.isPending || (accounts.isPending && accounts.fetchStatus !== 'idle') ? (
        <p role="status">正在读取您的专属账户…</p>
      ) : accounts.isError || member.isError ? (
        <div role="alert">
          <p className="mn-error">
            {errorMessage(accounts.error ?? member.error, '专属账户加载失败')}
          </p>
          <Button size="small" shape="rounded" onClick={() => void accounts.refetch()}>
            重新加载
          </Button>
        </div>
      ) : accounts.data && accounts.data.length > 0 ? (
        accounts.data.map((account) => (
          <dl className="mn-facts" key={account.id} data-testid="virtual-account-facts">
            <CopyRow label="户名" value={account.accountName} testId="va-name" />
            <CopyRow label="账号" value={account.accountNo} testId="va-no" />
            <CopyRow label="开户行" value={account.bankName} testId="va-bank" />
          </dl>
        ))
      ) : (
        <p data-testid="virtual-account-none">
          您的专属对公账户尚未开通，请联系您的客户经理开通后转账。
        </p>
      )}
    </section>
  );
}
