import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import type { MobileApply } from '@pcb/contract/member-up-mobile-apply';
import { formatDate } from '../../../lib/date';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { PageError, PageLoading } from '../../../components/page-status';
import { CheckCircleIcon } from '../../../components/icons';
import { ChangeMobileFlow } from '../components/change-mobile-flow';
import { MemberInfoGate } from '../components/member-info-gate';
import { MobileApplyForm } from '../components/mobile-apply-form';
import { useLatestMobileApply } from '../api/get-latest-mobile-apply';
import { OwnerOnly } from '../components/switched-notice';
import '../account-security.css';

const applyStatusLabels: Record<MobileApply['status'], string> = {
  pending: '审核中',
  approved: '已通过',
  rejected: '未通过',
};

function Applied({ apply }: { apply: MobileApply }) {
  const navigate = useNavigate();
  return (
    <section className="security-card apply-result" data-testid="apply-result" role="status">
      <CheckCircleIcon className="apply-result-icon" />
      <h2 className="apply-result-title">申请已提交，客服将在1个工作日内审核</h2>
      <dl className="apply-result-details">
        <dt>新手机号</dt>
        <dd data-testid="apply-result-mobile">{apply.newMobileMasked}</dd>
        <dt>提交时间</dt>
        <dd>{formatDate(apply.createdAt)}</dd>
        <dt>状态</dt>
        <dd data-testid="apply-result-status">{applyStatusLabels[apply.status]}</dd>
      </dl>
      <p className="security-form-desc">
        审核期间可继续使用账号密码登录；审核结果会短信通知，也可回到此页查看。
      </p>
      <Button
        block
        color="primary"
        shape="rounded"
        onClick={() => void navigate(paths.accountSecurity, { replace: true })}
        data-testid="apply-done"
      >
        返回账户安全
      </Button>
    </section>
  );
}

/** What staff decided on the last application, above the form for a new one. */
function LastOutcome({ apply }: { apply: MobileApply }) {
  const rejected = apply.status === 'rejected';
  return (
    <section
      className={`security-card apply-outcome${rejected ? ' apply-outcome-rejected' : ''}`}
      role="status"
      data-testid="apply-outcome"
    >
      <h2 className="apply-outcome-title">
        {rejected ? '上次申请未通过' : `上次申请已通过，手机号已更换为 ${apply.newMobileMasked}`}
      </h2>
      {rejected && apply.rejectReason && (
        <p className="apply-outcome-reason" data-testid="apply-outcome-reason">
          原因：{apply.rejectReason}
        </p>
      )}
      {apply.decidedAt && (
        <p className="apply-outcome-time">审核时间：{formatDate(apply.decidedAt)}</p>
      )}
      {rejected && <p className="apply-outcome-time">可按原因补充材料后重新提交。</p>}
    </section>
  );
}

/**
 * A pending application shows as such (one at a time); otherwise the form, under the outcome
 * of the last one.
 */
function ApplyMode({ onApplied }: { onApplied: (apply: MobileApply) => void }) {
  const latest = useLatestMobileApply();
  if (latest.isPending) return <PageLoading />;
  if (latest.isError) {
    return <PageError message={latest.error.message} onRetry={() => void latest.refetch()} />;
  }
  const apply = latest.data;
  if (apply?.status === 'pending') return <Applied apply={apply} />;
  return (
    <>
      {apply && <LastOutcome apply={apply} />}
      <MobileApplyForm onApplied={onApplied} />
    </>
  );
}

/**
 * /userInfo/editPhone: change the mobile by verifying the old one and then the new one; or,
 * with ?mode=apply, a manual application when the old mobile is out of reach.
 */
export function EditPhonePage({ switchedBanner }: { switchedBanner?: ReactNode }) {
  const { search } = useLocation();
  const applying = new URLSearchParams(search).get('mode') === 'apply';
  const [applied, setApplied] = useState<MobileApply | null>(null);

  let body: ReactNode;
  if (applied) body = <Applied apply={applied} />;
  else if (applying) body = <ApplyMode onApplied={setApplied} />;
  else body = <MemberInfoGate>{(info) => <ChangeMobileFlow info={info} />}</MemberInfoGate>;

  return (
    <div className="security-page" data-testid="edit-phone-page">
      <PageHeader>{applying ? '人工更换手机号' : '更换手机号'}</PageHeader>
      <OwnerOnly switchedBanner={switchedBanner}>{body}</OwnerOnly>
    </div>
  );
}
