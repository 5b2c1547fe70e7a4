import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useWatch } from 'react-hook-form';
import { loginInputSchema } from '@pcb/contract';
import { ApiError } from '@pcb/client';
import { logout } from '../../../lib/auth-session';
import { paths } from '../../../lib/paths';
import { useCountdown } from '../../../lib/use-countdown';
import { PageHeader } from '../../../components/page-header';
import { errorMessage } from '../../../components/feedback';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { useContractForm } from '../../../components/form/use-contract-form';
import { SubmitButton } from '../../../components/form/submit-button';
import { AuthHero } from '../components/auth-hero';
import { AccountPasswordFields } from '../components/account-password-fields';
import { useLogin } from '../api/login';
import { accountPasswordSchema } from '../account-password-schema';
import { continueAfterLogin } from '../continue-after-login';
import { LoginLinks } from '../components/login-links';
import { WechatLoginEntry } from '../components/wechat-login-entry';
import '../auth.css';

interface Refusal {
  message: string;
  throttled: boolean;
  /** The account it was about, as typed. */
  account: string;
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

const loginFormSchema = accountPasswordSchema(loginInputSchema.shape);

/** /login: account (mobile or user name) + password + human verification. */
export function LoginPage({ announcement }: { announcement?: ReactNode }) {
  const navigate = useNavigate();
  const location = useLocation();
  const arrival = location.state as LoginLocationState | null;
  const sessionEnded = arrival?.sessionEnded === true;

  useEffect(() => {
    if (sessionEnded) logout();
  }, [sessionEnded]);
  // The server's last refusal ("账号或密码错误，还可尝试3次"), kept in view until the next try.
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const wait = useCountdown();
  const verification = useHumanVerification();
  const loginMutation = useLogin();

  const form = useContractForm({
    schema: loginFormSchema,
    defaultValues: { userNameOrMobile: arrival?.account ?? '', password: '' },
    verification,
    failMessage: '登录失败，请稍后重试',
    submit: async (values, ncVerifyDto) => {
      const { accessToken } = await loginMutation.mutateAsync({
        ...values,
        userAgent: navigator.userAgent.slice(0, 1024),
        ncVerifyDto,
      });
      setRefusal(null);
      await continueAfterLogin(accessToken, navigate);
    },
    onRefused: (error) => {
      // A refusal (429), or the wrong password that used the last free try, says when the
      // next try is allowed (Retry-After).
      const retryAfter = error instanceof ApiError ? error.retryAfterSeconds : null;
      const throttled = retryAfter !== null || (error instanceof ApiError && error.status === 429);
      const message = errorMessage(error, '登录失败，请稍后重试');
      setRefusal({
        // "登录尝试过于频繁，请30秒后再试，…": the headline stays, the live countdown below
        // replaces the wait the message was written with.
        message: throttled ? (message.split('，')[0] ?? message) : message,
        throttled,
        account: form.getValues('userNameOrMobile'),
      });
      if (retryAfter) wait.start(retryAfter);
      return throttled;
    },
  });

  // A refusal is about the account typed then; another account may try at once.
  const account = useWatch({ control: form.control, name: 'userNameOrMobile' });
  const shown = refusal?.account === account ? refusal : null;
  const waiting = shown !== null && wait.secondsLeft > 0;

  return (
    <div className="auth-page" data-testid="login-page">
      <PageHeader>登录</PageHeader>
      <AuthHero title="欢迎登录" />
      {announcement}
      <form
        className="auth-card"
        onSubmit={form.onSubmit}
        onFocus={verification.prepare}
        noValidate
      >
        <AccountPasswordFields form={form} idPrefix="login" passwordPlaceholder="请输入密码" />
        <div className="auth-forget">
          <Link to={paths.forgetPassword} data-testid="link-forget-password">
            忘记密码？
          </Link>
        </div>
        <div className="auth-verify">
          <HumanVerification verification={verification} />
        </div>
        {shown && (
          <LoginRefusal
            message={shown.message}
            throttled={shown.throttled}
            secondsLeft={wait.secondsLeft}
          />
        )}
        <SubmitButton form={form} disabled={waiting} loadingText="登录中" testId="login-submit">
          {waiting ? `登录(${wait.secondsLeft}s)` : '登录'}
        </SubmitButton>
        <WechatLoginEntry />
        <LoginLinks other="sms" />
      </form>
    </div>
  );
}
