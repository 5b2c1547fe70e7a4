import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button, NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import { maskMobile, type MemberInfo } from '@pcb/contract';
import { paths } from '../../../lib/paths';
import { FormField } from '../../../components/form-field';
import { PageHeader } from '../../../components/page-header';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useSmsCodeSender } from '../../../components/sms-code-button';
import { SmsCodeField } from '../../../components/sms-code-field';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { sendChangePaymentPasswordMessage } from '../api/send-change-payment-password-message';
import { useChangePaymentPassword } from '../api/change-payment-password';
import { MemberInfoGate } from '../components/member-info-gate';
import { OwnerOnly } from '../components/switched-notice';
import { paymentPasswordErrors, type PaymentPasswordField } from '../payment-password-rules';
import '../account-security.css';

function PasscodeField({
  label,
  testId,
  value,
  onChange,
  onFill,
  error,
  inputRef,
}: {
  label: string;
  testId: string;
  value: string;
  onChange: (value: string) => void;
  onFill?: () => void;
  error: string | undefined;
  inputRef?: React.Ref<PasscodeInputRef>;
}) {
  return (
    <div className="passcode-field">
      <div className="passcode-label" id={`${testId}-label`}>
        {label}
      </div>
      <PasscodeInput
        ref={inputRef}
        length={6}
        seperated
        value={value}
        onChange={(v) => onChange(v.replace(/\D/g, ''))}
        onFill={onFill}
        error={Boolean(error)}
        keyboard={<NumberKeyboard confirmText="完成" />}
        aria-labelledby={`${testId}-label`}
        data-testid={testId}
      />
      {error && (
        <div className="passcode-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

function PaymentPasswordForm({ info }: { info: MemberInfo }) {
  const navigate = useNavigate();
  const [smsCode, setSmsCode] = useState('');
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [errors, setErrors] = useState<Partial<Record<PaymentPasswordField, string>>>({});
  const confirmRef = useRef<PasscodeInputRef>(null);
  const verification = useHumanVerification();
  const sms = useSmsCodeSender(verification);
  const changeMutation = useChangePaymentPassword();
  const isChange = info.hasPaymentPassword;

  const clearError = (field: PaymentPasswordField) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (changeMutation.isPending) return;
    const found = paymentPasswordErrors({ mobile: info.mobile, smsCode, password, confirm });
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      await changeMutation.mutateAsync({ mobile: info.mobile, smsCode: smsCode.trim(), password });
    } catch (error) {
      const codeProblem = sms.explain(error);
      if (codeProblem) setErrors((found) => ({ ...found, smsCode: codeProblem }));
      else showFail(errorMessage(error, '支付密码设置失败，请稍后重试'));
      return;
    }
    showSuccess(isChange ? '支付密码已修改' : '支付密码已设置');
    void navigate(paths.accountSecurity, { replace: true });
  };

  return (
    <form
      className="security-form"
      onSubmit={(e) => void submit(e)}
      onFocus={verification.prepare}
      noValidate
    >
      <p className="security-form-desc">
        支付密码为6位数字，用于账户余额支付等操作，请勿与登录密码或银行卡密码相同。
      </p>
      <FormField label="手机号">
        <span className="form-field-value" data-testid="pay-password-mobile">
          {maskMobile(info.mobile)}
        </span>
      </FormField>
      <div className="security-verify">
        <HumanVerification verification={verification} />
      </div>
      <SmsCodeField
        id="pay-password-sms-code"
        value={smsCode}
        onChange={(digits) => {
          setSmsCode(digits);
          clearError('smsCode');
        }}
        error={errors.smsCode}
        sender={sms}
        onSend={() =>
          void sms.send((ncVerifyDto) =>
            sendChangePaymentPasswordMessage({ mobile: info.mobile, ncVerifyDto }),
          )
        }
        sendTestId="pay-password-send-code"
      />
      <PasscodeField
        label={isChange ? '新支付密码' : '设置支付密码'}
        testId="pay-password-input"
        value={password}
        onChange={(value) => {
          setPassword(value);
          clearError('password');
        }}
        onFill={() => confirmRef.current?.focus()}
        error={errors.password}
      />
      <PasscodeField
        label="确认支付密码"
        testId="pay-password-confirm"
        value={confirm}
        onChange={(value) => {
          setConfirm(value);
          clearError('confirm');
        }}
        error={errors.confirm}
        inputRef={confirmRef}
      />
      <div className="security-submit">
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={changeMutation.isPending}
          loadingText="提交中"
          data-testid="pay-password-submit"
        >
          确认
        </Button>
      </div>
    </form>
  );
}

/** /accountSecurity/payThePassword: set or change the 6-digit payment password by SMS code. */
export function PaymentPasswordPage({ switchedBanner }: { switchedBanner?: ReactNode }) {
  return (
    <div className="security-page" data-testid="pay-password-page">
      <PageHeader>支付密码</PageHeader>
      <OwnerOnly switchedBanner={switchedBanner}>
        <MemberInfoGate>{(info) => <PaymentPasswordForm info={info} />}</MemberInfoGate>
      </OwnerOnly>
    </div>
  );
}
