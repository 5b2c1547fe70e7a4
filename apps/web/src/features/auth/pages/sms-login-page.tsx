import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { smsLoginInputSchema } from '@pcb/contract';
import { PageHeader } from '../../../components/page-header';
import { useSmsCodeForm } from '../../../components/form/use-sms-code-form';
import { SubmitButton } from '../../../components/form/submit-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { AuthHero } from '../components/auth-hero';
import { sendLoginMessage } from '../api/send-login-message';
import { useSmsLogin } from '../api/sms-login';
import { continueAfterLogin } from '../continue-after-login';
import { LoginLinks } from '../components/login-links';
import { WechatLoginEntry } from '../components/wechat-login-entry';
import '../auth.css';

const smsLoginFormSchema = smsLoginInputSchema.pick({ mobile: true, smsCode: true });

/** /note: log in with the mobile and an SMS code instead of a password. */
export function SmsLoginPage({ announcement }: { announcement?: ReactNode }) {
  const navigate = useNavigate();
  const verification = useHumanVerification();
  const loginMutation = useSmsLogin();
  const form = useSmsCodeForm({
    schema: smsLoginFormSchema,
    defaultValues: { mobile: '', smsCode: '' },
    verification,
    codeTo: 'mobile',
    failMessage: '登录失败，请稍后重试',
    submit: async (values) => {
      const { accessToken } = await loginMutation.mutateAsync({
        ...values,
        userAgent: navigator.userAgent.slice(0, 1024),
      });
      await continueAfterLogin(accessToken, navigate);
    },
  });

  return (
    <div className="auth-page" data-testid="note-page">
      <PageHeader>短信登录</PageHeader>
      <AuthHero title="短信验证码登录" />
      {announcement}
      <form
        className="auth-card"
        onSubmit={form.onSubmit}
        onFocus={verification.prepare}
        noValidate
      >
        <MobileField
          form={form}
          name="mobile"
          id="note-mobile"
          sendHint
          placeholder="请输入11位手机号"
        />
        <SmsCodeField
          form={form}
          id="note-sms-code"
          send={(ncVerifyDto, mobile) => sendLoginMessage({ mobile, ncVerifyDto })}
          sendTestId="note-send-code"
        />
        <div className="auth-hint">未注册的手机号无法通过短信登录，请先注册。</div>
        <SubmitButton form={form} loadingText="登录中" testId="note-submit">
          登录
        </SubmitButton>
        <WechatLoginEntry />
        <LoginLinks other="password" />
      </form>
    </div>
  );
}
