import type { ReactNode } from 'react';
import { Button, Skeleton } from 'antd-mobile';
import { useNavigate } from 'react-router';
import { maskMobile, type MemberInfo } from '@pcb/contract';
import { memberDisplayName } from '../../../lib/member-info';
import { paths } from '../../../lib/paths';
import { formatFen } from '../../../lib/money';
import { AlertCircleIcon, UserIcon } from '../../../components/icons';
import { LogoMark } from '../../../components/logo-mark';

/**
 * The orange header of the member centre with the brand on top. It stays whatever the member
 * info does: loading shows a skeleton inside it, a failure its message and a retry.
 */
function MemberHeaderFrame({
  children,
  testId,
  busy,
}: {
  children: ReactNode;
  testId: string;
  busy?: boolean;
}) {
  return (
    <header className="member-header" data-testid={testId} aria-busy={busy || undefined}>
      <div className="member-brand">
        <LogoMark className="member-brand-logo" size={24} />
        <span className="member-brand-name">会员中心</span>
      </div>
      {children}
    </header>
  );
}

export function MemberHeaderLoading() {
  return (
    <MemberHeaderFrame testId="member-header-loading" busy>
      <Skeleton.Title animated />
      <Skeleton.Paragraph lineCount={2} animated />
    </MemberHeaderFrame>
  );
}

export function MemberHeaderError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <MemberHeaderFrame testId="member-header-error">
      <div className="member-header-error" role="alert" data-testid="page-error">
        <AlertCircleIcon className="member-header-error-icon" />
        <div className="member-header-error-text">{message}</div>
        <Button size="small" shape="rounded" onClick={onRetry} data-testid="retry">
          重新加载
        </Button>
      </div>
    </MemberHeaderFrame>
  );
}

/** Who is logged in, with grade, points and balance. */
export function MemberHeader({ info }: { info: MemberInfo }) {
  const navigate = useNavigate();
  const name = memberDisplayName(info);
  const masked = maskMobile(info.mobile);
  // A member known only by mobile gets a figure, not the first digit of the number.
  const hasName = name !== masked;
  return (
    <MemberHeaderFrame testId="member-header">
      <div className="member-identity">
        <div className="member-avatar" aria-hidden="true">
          {hasName ? name.slice(0, 1) : <UserIcon />}
        </div>
        <div className="member-identity-text">
          <div className="member-name-row">
            <span className="member-name" data-testid="member-name">
              {name}
            </span>
            <button
              type="button"
              className="member-grade"
              onClick={() => void navigate(paths.vipGrade)}
              aria-label={`会员等级：${info.gradeName}，查看等级权益`}
              data-testid="member-grade"
            >
              <span className="member-grade-pill">{info.gradeName}</span>
            </button>
          </div>
          <div className="member-company" data-testid="member-company">
            {info.companyName?.trim() || (info.memberType === 'company' ? '企业会员' : '个人会员')}
          </div>
          {hasName && <div className="member-mobile">{masked}</div>}
        </div>
      </div>
      <div className="member-stats">
        <button
          type="button"
          className="member-stat member-stat-link"
          onClick={() => void navigate(paths.integral)}
          data-testid="member-points-link"
        >
          <span className="member-stat-value" data-testid="member-points">
            {info.points.toLocaleString('zh-CN')}
          </span>
          <span className="member-stat-label">
            积分 <span aria-hidden="true">›</span>
          </span>
        </button>
        <button
          type="button"
          className="member-stat member-stat-link"
          onClick={() => void navigate(paths.theBalance)}
          data-testid="member-balance-link"
        >
          <span className="member-stat-value" data-testid="member-balance">
            {formatFen(info.balance)}
          </span>
          <span className="member-stat-label">
            账户余额 <span aria-hidden="true">›</span>
          </span>
        </button>
      </div>
    </MemberHeaderFrame>
  );
}
