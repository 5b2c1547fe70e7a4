import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { showSuccess } from '../../../components/feedback';
import { AuthHero } from '../components/auth-hero';
import { PasswordResetForm } from '../components/password-reset-form';
import type { LoginLocationState } from './login-page';
import '../auth.css';

/** /forgetPwd: a new login password proven by an SMS code, then back to /login. */
export function ForgetPasswordPage() {
  const navigate = useNavigate();
  const onChanged = (mobile: string) => {
    showSuccess('密码已重置，请重新登录');
    // The server ended every token of the member, this browser's too, if it had one.
    const state: LoginLocationState = { account: mobile, sessionEnded: true };
    void navigate(paths.login, { replace: true, state });
  };
  return (
    <div className="auth-page" data-testid="forget-page">
      <PageHeader>忘记密码</PageHeader>
      <AuthHero title="找回登录密码" />
      <PasswordResetForm idPrefix="forget" submitText="重置密码" onChanged={onChanged} />
    </div>
  );
}
