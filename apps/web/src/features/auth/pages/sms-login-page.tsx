import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Input } from 'antd-mobile';
import { SMS_CODE_LENGTH, maskMobile, mobileSchema, smsLoginInputSchema } from '@pcb/contract';
import { fieldErrors } from '../../../lib/form-errors';
import { paths } from '../../../lib/paths';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, showFail } from '../../../components/feedback';
import { SmsCodeButton, useSmsCodeSender } from '../../../components/sms-code-button';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { AuthHero } from '../components/auth-hero';
import { sendLoginMessage } from '../api/send-login-message';
import { useSmsLogin } from '../api/sms-login';
import { continueAfterLogin } from '../continue-after-login';
import '../auth.css';

type Field = 'mobile' | 'smsCode';

/** /note: log in with the mobile and an SMS code instead of a password. */
export function SmsLoginPage({ announcement }: { announcement?: ReactNode }) {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const verification = useHumanVerification();
  const sms = useSmsCodeSender(verification);
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
      showFail(errorMessage(error, '登录失败，请稍后重试'));
      return;
    }
    await continueAfterLogin(accessToken, navigate);
  };

  const mobileValid = mobileSchema.safeParse(mobile).success;

  return (
    <div className="auth-page" data-testid="note-page">
      <PageHeader backTo={paths.login}>短信登录</PageHeader>
      <AuthHero title="短信验证码登录" />
      {announcement}
      <form
        className="auth-card"
        onSubmit={(e) => void submit(e)}
        onFocus={verification.prepare}
        noValidate
      >
        <FormField
          label="手机号"
          htmlFor="note-mobile"
          error={errors.mobile}
          hint={mobileValid ? `验证码将发送至 ${maskMobile(mobile.trim())}` : undefined}
        >
          <Input
            id="note-mobile"
            data-testid="note-mobile"
            type="tel"
            inputMode="numeric"
            value={mobile}
            onChange={(value) => {
              setMobile(value.replace(/\D/g, ''));
              if (errors.mobile) setErrors((e) => ({ ...e, mobile: undefined }));
            }}
            onBlur={() => mobile && checkMobile()}
            placeholder="请输入11位手机号"
            autoComplete="tel"
            maxLength={11}
            clearable
          />
        </FormField>
        <div className="auth-verify">
          <HumanVerification verification={verification} />
        </div>
        <FormField
          label="验证码"
          htmlFor="note-sms-code"
          error={errors.smsCode}
          extra={<SmsCodeButton sender={sms} onClick={sendCode} testId="note-send-code" />}
        >
          <Input
            id="note-sms-code"
            data-testid="note-sms-code"
            inputMode="numeric"
            value={smsCode}
            onChange={(value) => {
              setSmsCode(value.replace(/\D/g, ''));
              if (errors.smsCode) setErrors((e) => ({ ...e, smsCode: undefined }));
            }}
            placeholder={`${SMS_CODE_LENGTH}位短信验证码`}
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
          />
        </FormField>
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
