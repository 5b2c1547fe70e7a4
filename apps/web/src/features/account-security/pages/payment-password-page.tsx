import { useRef, type ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { NumberKeyboard, PasscodeInput, type PasscodeInputRef } from 'antd-mobile';
import type { z } from 'zod';
import type { MemberInfo } from '@pcb/contract';
import { paths } from '../../../lib/paths';
import { safeReturnPath } from '../../../lib/return-url';
import { PageHeader } from '../../../components/page-header';
import { showSuccess } from '../../../components/feedback';
import { SmsCodeField } from '../../../components/sms-code-field';
import { useSmsCodeForm } from '../../../components/form/use-sms-code-form';
import { useFormField, type FieldHost } from '../../../components/form/use-form-field';
import { MobileField } from '../../../components/mobile-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { sendChangePaymentPasswordMessage } from '../api/send-change-payment-password-message';
import { useChangePaymentPassword } from '../api/change-payment-password';
import { MemberInfoGate } from '../components/member-info-gate';
import { OwnerOnly } from '../components/switched-notice';
import { paymentPasswordSchema } from '../payment-password-rules';
import '../account-security.css';

type PaymentPasswordValues = z.input<typeof paymentPasswordSchema>;

function PasscodeField({
  form,
  name,
  label,
  testId,
  onFill,
  inputRef,
}: {
  form: FieldHost<PaymentPasswordValues>;
  name: 'password' | 'confirm';
  label: string;
  testId: string;
  onFill?: () => void;
  inputRef?: React.Ref<PasscodeInputRef>;
}) {
  const { value, onChange, error } = useFormField<PaymentPasswordValues, string>(form, name);
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
  // `?back=` (the pay sheet's 去设置支付密码): where the member continues once it is set.
  const [search] = useSearchParams();
  const back = safeReturnPath(search.get('back')) ?? paths.accountSecurity;
  const confirmRef = useRef<PasscodeInputRef>(null);
  const verification = useHumanVerification();
  const changeMutation = useChangePaymentPassword();
  const isChange = info.hasPaymentPassword;
  const form = useSmsCodeForm({
    schema: paymentPasswordSchema,
    defaultValues: { mobile: info.mobile, smsCode: '', password: '', confirm: '' },
    verification,
    failMessage: '支付密码设置失败，请稍后重试',
    submit: async ({ mobile, smsCode, password }) => {
      await changeMutation.mutateAsync({ mobile, smsCode, password });
      showSuccess(isChange ? '支付密码已修改' : '支付密码已设置');
      void navigate(back, { replace: true });
    },
  });

  return (
    <form
      className="security-form"
      onSubmit={form.onSubmit}
      onFocus={verification.prepare}
      noValidate
    >
      <p className="security-form-desc">
        支付密码为6位数字，用于账户余额支付等操作，请勿与登录密码或银行卡密码相同。
      </p>
      <MobileField form={form} name="mobile" id="pay-password-mobile" fixed />
      <SmsCodeField
        form={form}
        id="pay-password-sms-code"
        send={(ncVerifyDto) =>
          sendChangePaymentPasswordMessage({ mobile: info.mobile, ncVerifyDto })
        }
        sendTestId="pay-password-send-code"
      />
      <PasscodeField
        form={form}
        name="password"
        label={isChange ? '新支付密码' : '设置支付密码'}
        testId="pay-password-input"
        onFill={() => confirmRef.current?.focus()}
      />
      <PasscodeField
        form={form}
        name="confirm"
        label="确认支付密码"
        testId="pay-password-confirm"
        inputRef={confirmRef}
      />
      <div className="security-submit">
        <SubmitButton form={form} loadingText="提交中" testId="pay-password-submit">
          确认
        </SubmitButton>
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
