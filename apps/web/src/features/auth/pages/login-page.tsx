import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button, Input } from 'antd-mobile';
import type { NcVerifyDto } from '@pcb/contract';
import { ApiError } from '../../../lib/api-client';
import { logout } from '../../../lib/auth-session';
import { paths } from '../../../lib/paths';
import { useCountdown } from '../../../lib/use-countdown';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, showFail, showToast } from '../../../components/feedback';
import { HumanVerification } from '../../../components/captcha/human-verification';
import {
  useHumanVerification,
  verificationFailure,
} from '../../../components/captcha/use-human-verification';
import { PasswordInput } from '../../../components/password-input';
import { AuthHero } from '../components/auth-hero';
import { useLogin } from '../api/login';
import { continueAfterLogin } from '../continue-after-login';
import { WechatLoginEntry } from '../components/wechat-login-entry';
import '../auth.css';

interface LoginErrors {
  account?: string;
  password?: string;
}

/** Navigation state a page may hand to /login (after a password change). */
export interface LoginLocationState {
  /** The account to prefill. */
  account?: string;
  /**
   * The server has ended every token of the member: the session ends here too, once /login
   * shows (ending it on the private page first would make the guard redirect on its own).
   */
  sessionEnded?: boolean;
}

/**
 * Why the last try was refused, in view until the next one. While the server refuses password
 * tries for a while (429), SMS login still works: it is offered as the way in meanwhile.
 */
function LoginRefusal({
  message,
  throttled,
  secondsLeft,
}: {
  message: string;
  throttled: boolean;
  secondsLeft: number;
}) {
  return (
    <div className="auth-alert" role="alert" data-testid="login-refusal">
      <div>{message}</div>
      {throttled && (
        <div className="auth-alert-sub">
          <span data-testid="login-refusal-wait">
            {secondsLeft > 0 ? `${secondsLeft} 秒后可再次尝试` : '现在可以再次尝试'}
          </span>
          <Link to={paths.smsLogin} replace data-testid="login-refusal-sms">
            改用短信验证码登录
          </Link>
        </div>
      )}
    </div>
  );
}

/** /login: account (mobile or user name) + password + human verification. */
export function LoginPage({ announcement }: { announcement?: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = location.state as LoginLocationState | null;
  const [account, setAccount] = useState(() => arrival?.account ?? '');
  const sessionEnded = arrival?.sessionEnded === true;

  useEffect(() => {
    if (sessionEnded) logout();
  }, [sessionEnded]);
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
  // The server's last refusal ("账号或密码错误，还可尝试3次"), kept in view until the next try.
  const [refusal, setRefusal] = useState<{ message: string; throttled: boolean } | null>(null);
  const wait = useCountdown();
  const [verifying, setVerifying] = useState(false);
  const verification = useHumanVerification();
  const loginMutation = useLogin();
  const waiting = wait.secondsLeft > 0;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loginMutation.isPending || verifying || waiting) return;
    const found: LoginErrors = {};
    if (!account.trim()) found.account = '请输入手机号或用户名';
    if (!password) found.password = '请输入密码';
    setErrors(found);
    if (found.account || found.password) return;

    // One tap: the verification runs now if it has not yet, then the login goes on.
    let ncVerifyDto: NcVerifyDto;
    setVerifying(true);
    try {
      ncVerifyDto = await verification.ensure();
    } catch (error) {
      showToast(verificationFailure(error));
      return;
    } finally {
      setVerifying(false);
    }

    let accessToken: string;
    try {
      ({ accessToken } = await loginMutation.mutateAsync({
        userNameOrMobile: account.trim(),
        password,
        userAgent: navigator.userAgent.slice(0, 1024),
        ncVerifyDto,
      }));
    } catch (error) {
      // A refusal (429), or the wrong password that used the last free try, says when the
      // next try is allowed (Retry-After).
      const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : null;
      const throttled = retryAfter !== null || (error instanceof ApiError && error.status === 429);
      const message = errorMessage(error, '登录失败，请稍后重试');
      if (throttled) {
        // "登录尝试过于频繁，请30秒后再试，…": the headline stays, the live countdown below
        // replaces the wait the message was written with.
        setRefusal({ message: message.split('，')[0] ?? message, throttled });
      } else {
        showFail(message);
        setRefusal({ message, throttled });
      }
      if (retryAfter) wait.start(retryAfter);
      verification.renew();
      return;
    }
    setRefusal(null);
    await continueAfterLogin(accessToken, navigate);
  };

  return (
    <div className="auth-page" data-testid="login-page">
      <PageHeader>登录</PageHeader>
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
            onChange={(value) => {
              setAccount(value);
              // A refusal is about the account typed then; another account may try at once.
              if (refusal) {
                setRefusal(null);
                wait.start(0);
              }
            }}
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
        <div className="auth-forget">
          <Link to={paths.forgetPassword} data-testid="link-forget-password">
            忘记密码？
          </Link>
        </div>
        <div className="auth-verify">
          <HumanVerification verification={verification} />
        </div>
        {refusal && (
          <LoginRefusal
            message={refusal.message}
            throttled={refusal.throttled}
            secondsLeft={wait.secondsLeft}
          />
        )}
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          disabled={waiting}
          loading={verifying || loginMutation.isPending}
          loadingText={verifying ? '验证中' : '登录中'}
          data-testid="login-submit"
        >
          {waiting ? `登录(${wait.secondsLeft}s)` : '登录'}
        </Button>
        <WechatLoginEntry />
        <div className="auth-links auth-links-split">
          <Link to={paths.smsLogin} replace data-testid="link-sms-login">
            短信验证码登录
          </Link>
          <span>
            还没有账号？
            <Link to={paths.register} data-testid="link-register">
              立即注册
            </Link>
          </span>
        </div>
      </form>
    </div>
  );
}
