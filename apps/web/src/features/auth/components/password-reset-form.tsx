import { changePasswordInputSchema } from '@pcb/contract';
import { PASSWORD_RULE } from '../../../components/password-input';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { useSmsCodeForm } from '../../../components/form/use-sms-code-form';
import { withConfirmation } from '../../../components/form/form-schema';
import { TextField } from '../../../components/form/text-field';
import { SubmitButton } from '../../../components/form/submit-button';
import { sendChangePasswordMessage } from '../api/send-change-password-message';
import { useChangePassword } from '../api/change-password';

/** The new password twice: the contract's rules, then the second entry must match the first. */
export const passwordResetSchema = withConfirmation(
  changePasswordInputSchema.pick({ mobile: true, smsCode: true, password: true }),
  { empty: '请再次输入新密码', mismatch: '两次输入的密码不一致' },
);

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
  const verification = useHumanVerification();
  const changeMutation = useChangePassword();
  const id = (name: string) => `${idPrefix}-${name}`;
  const form = useSmsCodeForm({
    schema: passwordResetSchema,
    defaultValues: { mobile: ownMobile ?? '', smsCode: '', password: '', confirm: '' },
    verification,
    codeTo: 'mobile',
    failMessage: '密码设置失败，请稍后重试',
    submit: async ({ mobile, smsCode, password }) => {
      await changeMutation.mutateAsync({ areaCode: '86', mobile, smsCode, password });
      onChanged(mobile);
    },
  });

  return (
    <form className="auth-card" onSubmit={form.onSubmit} onFocus={verification.prepare} noValidate>
      <MobileField
        form={form}
        name="mobile"
        id={id('mobile')}
        placeholder="注册时使用的手机号"
        fixed={Boolean(ownMobile)}
      />
      <SmsCodeField
        form={form}
        id={id('sms-code')}
        send={(ncVerifyDto, mobile) => sendChangePasswordMessage({ mobile, ncVerifyDto })}
        sendTestId={id('send-code')}
      />
      <TextField
        form={form}
        name="password"
        id={id('password')}
        label="新密码"
        hint={PASSWORD_RULE}
        placeholder="设置新的登录密码"
        autoComplete="new-password"
        password
      />
      <TextField
        form={form}
        name="confirm"
        id={id('password-confirm')}
        label="确认密码"
        placeholder="再次输入新密码"
        autoComplete="new-password"
        password
      />
      <div className="auth-submit">
        <SubmitButton form={form} loadingText="提交中" testId={id('submit')}>
          {submitText}
        </SubmitButton>
      </div>
    </form>
  );
}
