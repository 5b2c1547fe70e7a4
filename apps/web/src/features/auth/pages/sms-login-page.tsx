import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { maskMobile, mobileSchema, smsLoginInputSchema } from '@pcb/contract';
import { fieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, showFail } from '../../../components/feedback';
import { useSmsCodeSender } from '../../../components/sms-code-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { AuthHero } from '../components/auth-hero';
import { sendLoginMessage } from '../api/send-login-message';
import { useSmsLogin } from '../api/sms-login';
import { continueAfterLogin } from '../continue-after-login';
import { WechatLoginEntry } from '../components/wechat-login-entry';
import '../auth.css';

type Field = 'mobile' | 'smsCode';

/** /note: log in with the mobile and an SMS code instead of a password. */
export function SmsLoginPage({ announcement }: { announcement?: ReactNode }) {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const verification = useHumanVerification();
  const sms = useSmsCodeSender(verification, mobile.trim());
  const loginMutation = useSmsLogin();

  const checkMobile = () => {
    const result = mobileSchema.safeParse(mobile);
    setErrors((e) => ({
      ...e,
      mobile: result.success ? undefined : result.error.issues[0]?.message,
    }));
    return result.success;
  };

  const sendCode = () => {
    if (!checkMobile()) return;
    void sms.send((ncVerifyDto) => sendLoginMessage({ mobile: mobile.trim(), ncVerifyDto }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (loginMutation.isPending) return;
    const parsed = smsLoginInputSchema.safeParse({
      mobile,
      smsCode,
      userAgent: navigator.userAgent.slice(0, 1024),
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    let accessToken: string;
    try {
      ({ accessToken } = await loginMutation.mutateAsync(parsed.data));
    } catch (error) {
      const codeProblem = sms.explain(error);
      if (codeProblem) setErrors((e) => ({ ...e, smsCode: codeProblem }));
      else showFail(errorMessage(error, '登录失败，请稍后重试'));
      return;
    }
    await continueAfterLogin(accessToken, navigate);
  };

  const mobileValid = mobileSchema.safeParse(mobile).success;

  return (
    <div className="auth-page" data-testid="note-page">
      <PageHeader>短信登录</PageHeader>
      <AuthHero title="短信验证码登录" />
      {announcement}
      <form
        className="auth-card"
        onSubmit={(e) => void submit(e)}
        onFocus={verification.prepare}
        noValidate
      >
        <MobileField
          id="note-mobile"
          value={mobile}
          onChange={(digits) => {
            setMobile(digits);
            if (errors.mobile) setErrors((e) => ({ ...e, mobile: undefined }));
          }}
          onBlur={() => mobile && checkMobile()}
          error={errors.mobile}
          hint={mobileValid ? `验证码将发送至 ${maskMobile(mobile.trim())}` : undefined}
          placeholder="请输入11位手机号"
        />
        <div className="auth-verify">
          <HumanVerification verification={verification} />
        </div>
        <SmsCodeField
          id="note-sms-code"
          value={smsCode}
          onChange={(digits) => {
            setSmsCode(digits);
            if (errors.smsCode) setErrors((e) => ({ ...e, smsCode: undefined }));
          }}
          error={errors.smsCode}
          sender={sms}
          onSend={sendCode}
          sendTestId="note-send-code"
        />
        <div className="auth-hint">未注册的手机号无法通过短信登录，请先注册。</div>
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={loginMutation.isPending}
          loadingText="登录中"
          data-testid="note-submit"
        >
          登录
        </Button>
        <WechatLoginEntry />
        <div className="auth-links auth-links-split">
          <Link to={paths.login} replace data-testid="link-password-login">
            密码登录
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
