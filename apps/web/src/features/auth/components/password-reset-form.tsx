import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { changePasswordInputSchema, maskMobile, mobileSchema } from '@pcb/contract';
import { fieldErrors } from '../../../lib/form-errors';
import { FormField } from '../../../components/form-field';
import { errorMessage, showFail } from '../../../components/feedback';
import { PASSWORD_RULE, PasswordInput } from '../../../components/password-input';
import { useSmsCodeSender } from '../../../components/sms-code-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { sendChangePasswordMessage } from '../api/send-change-password-message';
import { useChangePassword } from '../api/change-password';

type Field = 'mobile' | 'smsCode' | 'password' | 'confirm';

/** The new password twice: the contract's rules, then the second entry must match the first. */
export function passwordResetErrors(values: {
  mobile: string;
  smsCode: string;
  password: string;
  confirm: string;
}): Partial<Record<Field, string>> {
  const parsed = changePasswordInputSchema.safeParse({
    areaCode: '86',
    mobile: values.mobile,
    smsCode: values.smsCode,
    password: values.password,
  });
  const errors = parsed.success ? {} : fieldErrors<Field>(parsed.error.issues);
  if (!values.confirm) errors.confirm = '请再次输入新密码';
  else if (values.confirm !== values.password) errors.confirm = '两次输入的密码不一致';
  return errors;
}

/**
 * Mobile, SMS code and a new login password (MemberAuth/ChangePassword). `ownMobile` fixes the
 * mobile to the logged-in member's, shown masked; otherwise the member types it.
 */
export function PasswordResetForm({
  idPrefix,
  ownMobile,
  submitText,
  onChanged,
}: {
  idPrefix: string;
  ownMobile?: string;
  submitText: string;
  onChanged: (mobile: string) => void;
}) {
  const [mobileInput, setMobileInput] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const verification = useHumanVerification();
  const mobile = ownMobile ?? mobileInput.trim();
  const sms = useSmsCodeSender(verification, mobile);
  const changeMutation = useChangePassword();
  const id = (name: string) => `${idPrefix}-${name}`;

  const clearError = (field: Field) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const sendCode = () => {
    const result = mobileSchema.safeParse(mobile);
    if (!result.success) {
      setErrors((e) => ({ ...e, mobile: result.error.issues[0]?.message }));
      return;
    }
    void sms.send((ncVerifyDto) => sendChangePasswordMessage({ mobile, ncVerifyDto }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (changeMutation.isPending) return;
    const found = passwordResetErrors({ mobile, smsCode, password, confirm });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await changeMutation.mutateAsync({
        areaCode: '86',
        mobile,
        smsCode: smsCode.trim(),
        password,
      });
    } catch (error) {
      const codeProblem = sms.explain(error);
      if (codeProblem) setErrors((e) => ({ ...e, smsCode: codeProblem }));
      else showFail(errorMessage(error, '密码设置失败，请稍后重试'));
      return;
    }
    onChanged(mobile);
  };

  return (
    <form
      className="auth-card"
      onSubmit={(e) => void submit(e)}
      onFocus={verification.prepare}
      noValidate
    >
      {ownMobile ? (
        <FormField label="手机号">
          <span className="form-field-value" data-testid={id('mobile')}>
            {maskMobile(ownMobile)}
          </span>
        </FormField>
      ) : (
        <MobileField
          id={id('mobile')}
          value={mobileInput}
          onChange={(digits) => {
            setMobileInput(digits);
            clearError('mobile');
          }}
          error={errors.mobile}
          placeholder="注册时使用的手机号"
        />
      )}
      <div className="auth-verify">
        <HumanVerification verification={verification} />
      </div>
      <SmsCodeField
        id={id('sms-code')}
        value={smsCode}
        onChange={(digits) => {
          setSmsCode(digits);
          clearError('smsCode');
        }}
        error={errors.smsCode}
        sender={sms}
        onSend={sendCode}
        sendTestId={id('send-code')}
      />
      <FormField
        label="新密码"
        htmlFor={id('password')}
        error={errors.password}
        hint={PASSWORD_RULE}
      >
        <PasswordInput
          id={id('password')}
          value={password}
          onChange={(value) => {
            setPassword(value);
            clearError('password');
          }}
          placeholder="设置新的登录密码"
          autoComplete="new-password"
        />
      </FormField>
      <FormField label="确认密码" htmlFor={id('password-confirm')} error={errors.confirm}>
        <PasswordInput
          id={id('password-confirm')}
          value={confirm}
          onChange={(value) => {
            setConfirm(value);
            clearError('confirm');
          }}
          placeholder="再次输入新密码"
          autoComplete="new-password"
        />
      </FormField>
      <div className="auth-submit">
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={changeMutation.isPending}
          loadingText="提交中"
          data-testid={id('submit')}
        >
          {submitText}
        </Button>
      </div>
    </form>
  );
}
