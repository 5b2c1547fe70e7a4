import { maskMobile, type MemberInfo } from '@pcb/contract';
import { memberDisplayName } from '../../../lib/member-info';
import { formatFen } from '../../../lib/money';
import { UserIcon } from '../../../components/icons';

/** Who is logged in, with grade, points and balance. */
export function MemberHeader({ info }: { info: MemberInfo }) {
  const name = memberDisplayName(info);
  const masked = maskMobile(info.mobile);
  // A member known only by mobile gets a figure, not the first digit of the number.
  const hasName = name !== masked;
  return (
    <header className="member-header" data-testid="member-header">
      <div className="member-identity">
        <div className="member-avatar" aria-hidden="true">
          {hasName ? name.slice(0, 1) : <UserIcon />}
        </div>
        <div className="member-identity-text">
          <div className="member-name-row">
            <span className="member-name" data-testid="member-name">
              {name}
            </span>
            <span className="member-grade" data-testid="member-grade">
              {info.gradeName}
            </span>
          </div>
          <div className="member-company" data-testid="member-company">
            {info.companyName?.trim() || (info.memberType === 'company' ? '企业会员' : '个人会员')}
          </div>
          {hasName && <div className="member-mobile">{masked}</div>}
        </div>
      </div>
      <div className="member-stats">
        <div className="member-stat">
          <div className="member-stat-value" data-testid="member-points">
            {info.points.toLocaleString('zh-CN')}
          </div>
          <div className="member-stat-label">积分</div>
        </div>
        <div className="member-stat">
          <div className="member-stat-value" data-testid="member-balance">
            {formatFen(info.balance)}
          </div>
          <div className="member-stat-label">账户余额</div>
        </div>
      </div>
    </header>
  );
}
