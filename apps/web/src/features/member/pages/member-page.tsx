import type { ReactNode } from 'react';
import { Button } from 'antd-mobile';
import { useMemberInfo } from '../../../lib/member-info';
import { errorMessage } from '../../../components/feedback';
import { useConfirmLogout } from '../../../components/use-confirm-logout';
import { MemberHeader, MemberHeaderError, MemberHeaderLoading } from '../components/member-header';
import { ActivationBanner } from '../components/activation-banner';
import { EntryGrid } from '../components/entry-grid';
import type { MemberEntry } from '../member-entry';
import '../member.css';

export interface MemberPageProps {
  entries: MemberEntry[];
  /** The member announcement bar. */
  announcement?: ReactNode;
  /** The account-manager card (the consulting panel). */
  accountManager?: ReactNode;
  /** Opens the member agreement, quoted by the activation banner. */
  agreementLink?: ReactNode;
  /** Says whose account is active while acting as a related member. */
  switchedBanner?: ReactNode;
  /** 我的订单: the member's orders by status. */
  orders?: ReactNode;
}

/** /member, the member centre (route named Home). */
export function MemberPage({
  entries,
  announcement,
  accountManager,
  agreementLink,
  switchedBanner,
  orders,
}: MemberPageProps) {
  const memberQuery = useMemberInfo();
  const memberInfo = memberQuery.data;

  const { confirmLogout, pending: loggingOut } = useConfirmLogout();

  let header: ReactNode;
  if (memberInfo) header = <MemberHeader info={memberInfo} />;
  else if (memberQuery.isError && !memberQuery.isFetching)
    header = (
      <MemberHeaderError
        message={errorMessage(memberQuery.error, '会员信息加载失败')}
        onRetry={() => void memberQuery.refetch()}
      />
    );
  else header = <MemberHeaderLoading />;

  return (
    <div className="member-page" data-testid="member-page">
      {header}
      {switchedBanner}
      {announcement}
      {memberInfo?.status === 'inactive' && <ActivationBanner agreementLink={agreementLink} />}
      {memberInfo?.status === 'disabled' && (
        <section className="member-banner member-banner-danger" data-testid="disabled-banner">
          <div className="member-banner-text">
            <div className="member-banner-title">账号已停用</div>
            <div className="member-banner-desc">如有疑问，请联系您的客户经理或客服热线。</div>
          </div>
        </section>
      )}
      {orders}
      <EntryGrid entries={entries} />
      {accountManager && (
        <section className="member-card" aria-label="我的客户经理">
          <h2 className="member-card-title">我的客户经理</h2>
          {accountManager}
        </section>
      )}
      <div className="member-logout">
        <Button
          block
          shape="rounded"
          loading={loggingOut}
          onClick={() => void confirmLogout()}
          data-testid="logout"
        >
          退出登录
        </Button>
      </div>
    </div>
  );
}
