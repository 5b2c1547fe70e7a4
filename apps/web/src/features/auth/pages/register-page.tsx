import { Link, useNavigate } from 'react-router';
import { Checkbox } from 'antd-mobile';
import { z } from 'zod';
import { registerInputSchema } from '@pcb/contract';
import { saveAccessToken } from '../../../lib/auth-session';
import { paths } from '../../../lib/paths';
import { getBdVid, getSessionFrom } from '../../../lib/storage';
import { PageHeader } from '../../../components/page-header';
import { showSuccess } from '../../../components/feedback';
import { useSmsCodeForm } from '../../../components/form/use-sms-code-form';
import { useFormField } from '../../../components/form/use-form-field';
import { TextField } from '../../../components/form/text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { PASSWORD_RULE } from '../../../components/password-input';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { AuthHero } from '../components/auth-hero';
import { MemberAgreementLink } from '../components/member-agreement';
import { useSendRegisterMessage } from '../api/send-register-message';
import { useRegister } from '../api/register';
import '../auth.css';

const registerFormSchema = registerInputSchema
  .pick({ mobile: true, smsCode: true, password: true })
  // The box starts unticked; the contract's rule says why it must be ticked.
  .extend({ agreement: z.boolean().pipe(registerInputSchema.shape.agreement) });

type RegisterFormValues = z.input<typeof registerFormSchema>;

/** /register: mobile + SMS code + password, accepting the member agreement. */
export function RegisterPage() {
  const navigate = useNavigate();
  const verification = useHumanVerification();
  const sendMutation = useSendRegisterMessage();
  const registerMutation = useRegister();
  const form = useSmsCodeForm({
    schema: registerFormSchema,
    defaultValues: { mobile: '', smsCode: '', password: '', agreement: false },
    verification,
    codeTo: 'mobile',
    failMessage: '注册失败，请稍后重试',
    submit: async (values) => {
      const { accessToken } = await registerMutation.mutateAsync({
        ...values,
        from: getSessionFrom()?.slice(0, 64) || undefined,
        bd_vid: getBdVid()?.slice(0, 256) || undefined,
      });
      saveAccessToken(accessToken);
      showSuccess('注册成功');
      void navigate(paths.member, { replace: true });
    },
  });
  const agreement = useFormField<RegisterFormValues, boolean>(form, 'agreement');

  return (
    <div className="auth-page" data-testid="register-page">
      <PageHeader>注册</PageHeader>
      <AuthHero title="注册会员" />
      <form
        className="auth-card"
        onSubmit={form.onSubmit}
        onFocus={verification.prepare}
        noValidate
      >
        <MobileField
          form={form}
          name="mobile"
          id="register-mobile"
          sendHint
          placeholder="请输入11位手机号"
        />
        <SmsCodeField
          form={form}
          id="register-sms-code"
          send={(ncVerifyDto, mobile) => sendMutation.mutateAsync({ mobile, ncVerifyDto })}
          sendTestId="register-send-code"
        />
        <TextField
          form={form}
          name="password"
          id="register-password"
          label="密码"
          hint={PASSWORD_RULE}
          placeholder="设置登录密码"
          autoComplete="new-password"
          password
        />
        <div className="auth-agreement">
          <Checkbox
            checked={agreement.value}
            onChange={agreement.onChange}
            data-testid="register-agreement"
          >
            我已阅读并同意
          </Checkbox>
          <MemberAgreementLink onAgree={() => agreement.onChange(true)} />
        </div>
        {agreement.error && (
          <div className="auth-agreement-error" role="alert">
            {agreement.error}
          </div>
        )}
        <SubmitButton form={form} loadingText="注册中" testId="register-submit">
          注册
        </SubmitButton>
        <div className="auth-links">
          <span>已有账号？</span>
          <Link to={paths.login} data-testid="link-login">
            去登录
          </Link>
        </div>
      </form>
    </div>
  );
}
