import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button, Checkbox, Input } from 'antd-mobile';
import {
  MOBILE_PATTERN,
  SMS_CODE_LENGTH,
  maskMobile,
  mobileSchema,
  registerInputSchema,
} from '@pcb/contract';
import { saveAccessToken } from '../../../lib/auth-session';
import { paths } from '../../../lib/paths';
import { getBdVid, getSessionFrom } from '../../../lib/storage';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { SmsCodeButton, useSmsCodeSender } from '../../../components/sms-code-button';
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
  const sms = useSmsCodeSender(verification);
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
      showFail(errorMessage(error, '注册失败，请稍后重试'));
    }
  };

  const mobileValid = MOBILE_PATTERN.test(mobile.trim());

  return (
    <div className="auth-page" data-testid="register-page">
      <PageHeader backTo={paths.login}>注册</PageHeader>
      <AuthHero title="注册会员" />
      <form
        className="auth-card"
        onSubmit={(e) => void submit(e)}
        onFocus={verification.prepare}
        noValidate
      >
        <FormField
          label="手机号"
          htmlFor="register-mobile"
          error={errors.mobile}
          hint={mobileValid ? `验证码将发送至 ${maskMobile(mobile.trim())}` : undefined}
        >
          <Input
            id="register-mobile"
            data-testid="register-mobile"
            type="tel"
            inputMode="numeric"
            value={mobile}
            onChange={(value) => {
              setMobile(value.replace(/\D/g, ''));
              if (errors.mobile) setError('mobile', undefined);
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
          htmlFor="register-sms-code"
          error={errors.smsCode}
          extra={
            <SmsCodeButton
              sender={sms}
              onClick={() => void sendCode()}
              testId="register-send-code"
            />
          }
        >
          <Input
            id="register-sms-code"
            data-testid="register-sms-code"
            inputMode="numeric"
            value={smsCode}
            onChange={(value) => {
              setSmsCode(value.replace(/\D/g, ''));
              if (errors.smsCode) setError('smsCode', undefined);
            }}
            placeholder={`${SMS_CODE_LENGTH}位短信验证码`}
            autoComplete="one-time-code"
            maxLength={SMS_CODE_LENGTH}
          />
        </FormField>
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
