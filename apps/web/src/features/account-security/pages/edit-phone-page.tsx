import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import type { MobileApply } from '@pcb/contract';
import { formatDate } from '../../../lib/date';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { CheckCircleIcon } from '../../../components/icons';
import { ChangeMobileFlow } from '../components/change-mobile-flow';
import { MemberInfoGate } from '../components/member-info-gate';
import { MobileApplyForm } from '../components/mobile-apply-form';
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
      <p className="security-form-desc">审核期间可继续使用账号密码登录，审核结果可联系客服查询。</p>
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
  else if (applying) body = <MobileApplyForm onApplied={setApplied} />;
  else body = <MemberInfoGate>{(info) => <ChangeMobileFlow info={info} />}</MemberInfoGate>;

  return (
    <div className="security-page" data-testid="edit-phone-page">
      <PageHeader>{applying ? '人工更换手机号' : '更换手机号'}</PageHeader>
      <OwnerOnly switchedBanner={switchedBanner}>{body}</OwnerOnly>
    </div>
  );
}
