import { useNavigate } from 'react-router';
import { useMemberInfo } from '../../../lib/member-info';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { PageLoading } from '../../../components/page-status';
import { showSuccess } from '../../../components/feedback';
import { PasswordResetForm } from '../components/password-reset-form';
import type { LoginLocationState } from './login-page';
import '../auth.css';

/**
 * /accountSecurity/setLoginPassword: set or change the login password with a code sent to the
 * member's own mobile. The server then ends every token, so the member logs in again.
 */
export function SetLoginPasswordPage() {
  const navigate = useNavigate();
  const { data: memberInfo } = useMemberInfo();
  const title = memberInfo?.hasPassword === false ? '设置登录密码' : '修改登录密码';

  const onChanged = (mobile: string) => {
    showSuccess('密码已修改，请重新登录');
    const state: LoginLocationState = { account: mobile, sessionEnded: true };
    void navigate(paths.login, { replace: true, state });
  };

  return (
    <div className="auth-page security-form-page" data-testid="set-login-password-page">
      <PageHeader>{title}</PageHeader>
      <p className="auth-lead">
        验证码将发送至您绑定的手机号。修改成功后，所有设备需使用新密码重新登录。
      </p>
      {memberInfo ? (
        <PasswordResetForm
          idPrefix="set-login"
          ownMobile={memberInfo.mobile}
          submitText="确认修改"
          onChanged={onChanged}
        />
      ) : (
        <PageLoading />
      )}
    </div>
  );
}
