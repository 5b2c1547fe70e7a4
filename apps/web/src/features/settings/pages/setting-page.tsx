import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, List } from 'antd-mobile';
import { maskMobile } from '@pcb/contract';
import { memberDisplayName, useMemberInfo } from '../../../lib/member-info';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { useConfirmLogout } from '../../../components/use-confirm-logout';
import '../settings.css';

/**
 * /setting, 会员设置: switching between related accounts, the member agreement, logout.
 * The pieces owned by other features arrive composed by the app layer.
 */
export function SettingPage({
  switchedBanner,
  accountSwitcher,
  agreementItem,
}: {
  switchedBanner?: ReactNode;
  accountSwitcher?: ReactNode;
  agreementItem?: ReactNode;
}) {
  const navigate = useNavigate();
  const { confirmLogout, pending } = useConfirmLogout();
  const { data: memberInfo } = useMemberInfo();
  return (
    <div className="setting-page" data-testid="setting-page">
      <PageHeader>会员设置</PageHeader>
      {switchedBanner}
      <section className="setting-card" aria-labelledby="setting-switch-title">
        <h2 className="setting-card-title" id="setting-switch-title">
          切换账号
        </h2>
        {memberInfo && (
          <div className="setting-current" data-testid="setting-current">
            当前账号：{memberDisplayName(memberInfo)}（{maskMobile(memberInfo.mobile)}）
          </div>
        )}
        {accountSwitcher}
      </section>
      <List className="setting-card setting-list">
        <List.Item
          onClick={() => void navigate(paths.accountSecurity)}
          data-testid="setting-security"
        >
          账户安全
        </List.Item>
        <List.Item
          onClick={() => void navigate(paths.associatedAccount)}
          data-testid="setting-relations"
        >
          关联账号管理
        </List.Item>
        {agreementItem}
      </List>
      <div className="setting-logout">
        <Button
          block
          shape="rounded"
          loading={pending}
          onClick={() => void confirmLogout()}
          data-testid="setting-logout"
        >
          退出登录
        </Button>
      </div>
    </div>
  );
}
