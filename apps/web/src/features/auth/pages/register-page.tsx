import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Checkbox } from 'antd-mobile';
import { MOBILE_PATTERN, maskMobile, mobileSchema, registerInputSchema } from '@pcb/contract';
import { saveAccessToken } from '../../../lib/auth-session';
import { paths } from '../../../lib/paths';
import { getBdVid, getSessionFrom } from '../../../lib/storage';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useSmsCodeSender } from '../../../components/sms-code-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { PASSWORD_RULE, PasswordInput } from '../../../components/password-input';
import { fieldErrors } from '../../../lib/form-errors';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { AuthHero } from '../components/auth-hero';
import { MemberAgreementLink } from '../components/member-agreement';
import { useSendRegisterMessage } from '../api/send-register-message';
import { useRegister } from '../api/register';
import '../auth.css';

type Field = 'mobile' | 'smsCode' | 'password' | 'agreement';
type FieldErrors = Partial<Record<Field, string>>;

/** /register: mobile + SMS code + password, accepting the member agreement. */
export function RegisterPage() {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [agreed, setAgreed] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const verification = useHumanVerification();
  const sms = useSmsCodeSender(verification, mobile.trim());
  const sendMutation = useSendRegisterMessage();
  const registerMutation = useRegister();

  const setError = (field: Field, message: string | undefined) =>
    setErrors((current) => ({ ...current, [field]: message }));

  const checkMobile = () => {
    const result = mobileSchema.safeParse(mobile);
    setError('mobile', result.success ? undefined : result.error.issues[0]?.message);
    return result.success;
  };

  const sendCode = async () => {
    if (!checkMobile()) return;
    await sms.send((ncVerifyDto) =>
      sendMutation.mutateAsync({ mobile: mobile.trim(), ncVerifyDto }),
    );
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (registerMutation.isPending) return;
    const parsed = registerInputSchema.safeParse({
      mobile,
      smsCode,
      password,
      agreement: agreed,
      from: getSessionFrom()?.slice(0, 64) || undefined,
      bd_vid: getBdVid()?.slice(0, 256) || undefined,
    });
    if (!parsed.success) {
      setErrors(fieldErrors<Field>(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      const { accessToken } = await registerMutation.mutateAsync(parsed.data);
      saveAccessToken(accessToken);
      showSuccess('注册成功');
      void navigate(paths.member, { replace: true });
    } catch (error) {
      const codeProblem = sms.explain(error);
      if (codeProblem) setError('smsCode', codeProblem);
      else showFail(errorMessage(error, '注册失败，请稍后重试'));
    }
  };

  const mobileValid = MOBILE_PATTERN.test(mobile.trim());

  return (
    <div className="auth-page" data-testid="register-page">
      <PageHeader>注册</PageHeader>
      <AuthHero title="注册会员" />
      <form
        className="auth-card"
        onSubmit={(e) => void submit(e)}
        onFocus={verification.prepare}
        noValidate
      >
        <MobileField
          id="register-mobile"
          value={mobile}
          onChange={(digits) => {
            setMobile(digits);
            if (errors.mobile) setError('mobile', undefined);
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
          id="register-sms-code"
          value={smsCode}
          onChange={(digits) => {
            setSmsCode(digits);
            if (errors.smsCode) setError('smsCode', undefined);
          }}
          error={errors.smsCode}
          sender={sms}
          onSend={() => void sendCode()}
          sendTestId="register-send-code"
        />
        <FormField
          label="密码"
          htmlFor="register-password"
          error={errors.password}
          hint={PASSWORD_RULE}
        >
          <PasswordInput
            id="register-password"
            value={password}
            onChange={(value) => {
              setPassword(value);
              if (errors.password) setError('password', undefined);
            }}
            placeholder="设置登录密码"
            autoComplete="new-password"
          />
        </FormField>
        <div className="auth-agreement">
          <Checkbox
            checked={agreed}
            onChange={(checked) => {
              setAgreed(checked);
              if (checked) setError('agreement', undefined);
            }}
            data-testid="register-agreement"
          >
            我已阅读并同意
          </Checkbox>
          <MemberAgreementLink
            onAgree={() => {
              setAgreed(true);
              setError('agreement', undefined);
            }}
          />
        </div>
        {errors.agreement && (
          <div className="auth-agreement-error" role="alert">
            {errors.agreement}
          </div>
        )}
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={registerMutation.isPending}
          loadingText="注册中"
          data-testid="register-submit"
        >
          注册
        </Button>
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
