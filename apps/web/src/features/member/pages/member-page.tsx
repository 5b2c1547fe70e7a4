import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Button, Skeleton } from 'antd-mobile';
import { useAppStore } from '../../../lib/app-store';
import { logout } from '../../../lib/auth-session';
import { loadMemberInfo, memberInfoQueryOptions } from '../../../lib/member-info';
import { paths } from '../../../lib/paths';
import { PageError } from '../../../components/page-status';
import { confirmDialog, errorMessage, showToast } from '../../../components/feedback';
import { MemberHeader } from '../components/member-header';
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
}

/** /member, the member centre (route named Home). */
export function MemberPage({
  entries,
  announcement,
  accountManager,
  agreementLink,
}: MemberPageProps) {
  const navigate = useNavigate();
  const memberInfo = useAppStore((s) => s.memberInfo);
  // The guard does the fetching; this observer only reports how it went.
  const memberQuery = useQuery({ ...memberInfoQueryOptions(), enabled: false });

  const confirmLogout = async () => {
    const confirmed = await confirmDialog({
      content: '确定要退出登录吗？',
      confirmText: '退出登录',
    });
    if (!confirmed) return;
    logout();
    void navigate(paths.login, { replace: true });
    showToast('已退出登录');
  };

  let header: ReactNode;
  if (memberInfo) header = <MemberHeader info={memberInfo} />;
  else if (memberQuery.isError && !memberQuery.isFetching)
    header = (
      <div className="member-card">
        <PageError
          message={errorMessage(memberQuery.error, '会员信息加载失败')}
          onRetry={() => void loadMemberInfo().catch(() => undefined)}
        />
      </div>
    );
  else
    header = (
      <header className="member-header" data-testid="member-header-loading" aria-busy="true">
        <Skeleton.Title animated />
        <Skeleton.Paragraph lineCount={2} animated />
      </header>
    );

  return (
    <div className="member-page" data-testid="member-page">
      {header}
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
      <EntryGrid entries={entries} />
      {accountManager && (
        <section className="member-card" aria-label="我的客户经理">
          <h2 className="member-card-title">我的客户经理</h2>
          {accountManager}
        </section>
      )}
      <div className="member-logout">
        <Button block shape="rounded" onClick={() => void confirmLogout()} data-testid="logout">
          退出登录
        </Button>
      </div>
    </div>
  );
}
