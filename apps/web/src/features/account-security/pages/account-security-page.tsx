import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, List } from 'antd-mobile';
import { maskMobile, type MemberInfo } from '@pcb/contract';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { confirmDialog, errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { LockIcon, MobileIcon, ShieldIcon, WechatIcon } from '../../../components/icons';
import { useWechatBindings } from '../api/get-wechat-bindings';
import { useLogoutAll } from '../api/logout-all';
import { MemberInfoGate } from '../components/member-info-gate';
import { OwnerOnly } from '../components/switched-notice';
import '../account-security.css';

function Status({ ok, testId, children }: { ok: boolean; testId: string; children: ReactNode }) {
  return (
    <span className={`security-status${ok ? '' : ' security-status-warn'}`} data-testid={testId}>
      {children}
    </span>
  );
}

function SecurityRows({ info }: { info: MemberInfo }) {
  const navigate = useNavigate();
  const bindings = useWechatBindings();
  const boundCount = bindings.data?.filter((b) => b.isBound).length ?? 0;

  let wechatStatus: ReactNode;
  if (bindings.isPending)
    wechatStatus = (
      <Status ok testId="security-wechat-status">
        加载中
      </Status>
    );
  else if (bindings.isError)
    wechatStatus = (
      <Status ok={false} testId="security-wechat-status">
        状态加载失败
      </Status>
    );
  else
    wechatStatus = (
      <Status ok={boundCount > 0} testId="security-wechat-status">
        {boundCount > 0 ? `已绑定${boundCount > 1 ? ` ${boundCount} 个微信` : ''}` : '未绑定'}
      </Status>
    );

  return (
    <List className="security-card security-list">
      <List.Item
        prefix={<LockIcon className="security-icon" />}
        description={
          <Status ok={info.hasPassword} testId="security-login-password-status">
            {info.hasPassword ? '已设置' : '未设置'}
          </Status>
        }
        extra={info.hasPassword ? '修改' : '设置'}
        onClick={() => void navigate(paths.loginPassword)}
        data-testid="security-login-password"
      >
        登录密码
      </List.Item>
      <List.Item
        prefix={<ShieldIcon className="security-icon" />}
        description={
          <Status ok={info.hasPaymentPassword} testId="security-payment-password-status">
            {info.hasPaymentPassword ? '已设置' : '未设置，余额支付时需要'}
          </Status>
        }
        extra={info.hasPaymentPassword ? '修改' : '设置'}
        onClick={() => void navigate(paths.paymentPassword)}
        data-testid="security-payment-password"
      >
        支付密码
      </List.Item>
      <List.Item
        prefix={<MobileIcon className="security-icon" />}
        description={
          <Status ok testId="security-mobile-status">
            {maskMobile(info.mobile)}
          </Status>
        }
        extra="更换"
        onClick={() => void navigate(paths.editPhone)}
        data-testid="security-mobile"
      >
        手机号
      </List.Item>
      <List.Item
        prefix={<WechatIcon className="security-icon security-icon-wechat" />}
        description={wechatStatus}
        extra={boundCount > 0 ? '管理' : '去绑定'}
        onClick={() => void navigate(paths.bindWechat)}
        data-testid="security-wechat"
      >
        微信绑定
      </List.Item>
    </List>
  );
}

/** 退出所有设备: ends the member's sessions everywhere, this one included, after a confirmation. */
function LogoutEverywhere() {
  const navigate = useNavigate();
  const logoutAll = useLogoutAll();

  const run = async () => {
    if (logoutAll.isPending) return;
    const confirmed = await confirmDialog({
      content: '将退出您在所有设备（手机、电脑、微信）上的登录，包括本机。确定继续吗？',
      confirmText: '退出所有设备',
    });
    if (!confirmed) return;
    try {
      await logoutAll.mutateAsync();
    } catch (error) {
      showFail(errorMessage(error, '操作失败，请稍后重试'));
      return;
    }
    void navigate(paths.login, { replace: true });
    showSuccess('已退出所有设备');
  };

  return (
    <section className="security-card security-logout-all">
      <Button
        block
        fill="none"
        color="danger"
        size="large"
        loading={logoutAll.isPending}
        loadingText="正在退出"
        onClick={() => void run()}
        data-testid="security-logout-all"
      >
        退出所有设备
      </Button>
      <p className="security-logout-all-desc">
        手机丢失或在他人设备上登录过时使用：所有设备（包括本机）需重新登录。
      </p>
    </section>
  );
}

/** /accountSecurity: login password, payment password, mobile and WeChat binding at a glance. */
export function AccountSecurityPage({ switchedBanner }: { switchedBanner?: ReactNode }) {
  return (
    <div className="security-page" data-testid="security-page">
      <PageHeader>账户安全</PageHeader>
      <OwnerOnly switchedBanner={switchedBanner}>
        <MemberInfoGate>{(info) => <SecurityRows info={info} />}</MemberInfoGate>
        <LogoutEverywhere />
        <p className="security-tip">
          为了您的账户安全，请勿向任何人透露密码和短信验证码。客服不会以任何理由索要您的验证码。
        </p>
      </OwnerOnly>
    </div>
  );
}
