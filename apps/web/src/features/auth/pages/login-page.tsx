import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input } from 'antd-mobile';
import { saveAccessToken } from '../../../lib/auth-session';
import { documentNavigation } from '../../../lib/document-navigation';
import { loadMemberInfo } from '../../../lib/member-info';
import { isExternalPath, paths } from '../../../lib/paths';
import { takeReturnPath } from '../../../lib/return-url';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import {
  errorMessage,
  showFail,
  showSuccess,
  showToast,
  showWarning,
} from '../../../components/feedback';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { PasswordInput } from '../components/password-input';
import { AuthHero } from '../components/auth-hero';
import { useLogin } from '../api/login';
import '../auth.css';

interface LoginErrors {
  account?: string;
  password?: string;
}

/** /login: account (mobile or user name) + password + human verification. */
export function LoginPage({ announcement }: { announcement?: ReactNode }) {
  const navigate = useNavigate();
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  const verification = useHumanVerification();
  const loginMutation = useLogin();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const found: LoginErrors = {};
    if (!account.trim()) found.account = '请输入手机号或用户名';
    if (!password) found.password = '请输入密码';
    setErrors(found);
    if (found.account || found.password) return;
    if (!verification.dto) {
      showToast('请先完成人机验证');
      if (verification.status === 'idle' || verification.status === 'error') {
        void verification.verify();
      }
      return;
    }

    let accessToken: string;
    try {
      ({ accessToken } = await loginMutation.mutateAsync({
        userNameOrMobile: account.trim(),
        password,
        userAgent: navigator.userAgent.slice(0, 1024),
        ncVerifyDto: verification.dto,
      }));
    } catch (error) {
      showFail(errorMessage(error, '登录失败，请稍后重试'));
      verification.renew();
      return;
    }

    saveAccessToken(accessToken);
    try {
      await loadMemberInfo();
      showSuccess('登录成功');
    } catch (error) {
      showWarning(errorMessage(error, '会员信息加载失败'));
    }
    const destination = takeReturnPath();
    if (isExternalPath(destination)) documentNavigation.assign(destination);
    else void navigate(destination, { replace: true });
  };

  return (
    <div className="auth-page" data-testid="login-page">
      <PageHeader backTo={paths.home}>登录</PageHeader>
      <AuthHero title="欢迎登录" />
      {announcement}
      <form
        className="auth-card"
        onSubmit={(e) => void submit(e)}
        onFocus={verification.prepare}
        noValidate
      >
        <FormField label="账号" htmlFor="login-account" error={errors.account}>
          <Input
            id="login-account"
            data-testid="login-account"
            value={account}
            onChange={setAccount}
            placeholder="手机号/用户名"
            autoComplete="username"
            maxLength={64}
            clearable
          />
        </FormField>
        <FormField label="密码" htmlFor="login-password" error={errors.password}>
          <PasswordInput
            id="login-password"
            value={password}
            onChange={setPassword}
            placeholder="请输入密码"
            autoComplete="current-password"
          />
        </FormField>
        <div className="auth-verify">
          <HumanVerification verification={verification} />
        </div>
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={loginMutation.isPending}
          loadingText="登录中"
          data-testid="login-submit"
        >
          登录
        </Button>
        <div className="auth-links">
          <span>还没有账号？</span>
          <Link to={paths.register} data-testid="link-register">
            立即注册
          </Link>
        </div>
      </form>
    </div>
  );
}
