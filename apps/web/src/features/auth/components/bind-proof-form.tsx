import { useState, type ReactNode } from 'react';
import { bindInputSchema } from '@pcb/contract';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { HumanVerification } from '../../../components/captcha/human-verification';
import {
  useHumanVerification,
  type HumanVerificationState,
} from '../../../components/captcha/use-human-verification';
import { useContractForm, type SubmitPhase } from '../../../components/form/use-contract-form';
import { useSmsCodeForm } from '../../../components/form/use-sms-code-form';
import { SubmitButton } from '../../../components/form/submit-button';
import { sendLoginMessage } from '../api/send-login-message';
import { useBindWechat } from '../api/bind-wechat';
import { accountPasswordSchema } from '../account-password-schema';
import { AccountPasswordFields } from './account-password-fields';
import '../auth.css';

type Mode = 'password' | 'sms';

const modes: { mode: Mode; label: string }[] = [
  { mode: 'password', label: '密码验证' },
  { mode: 'sms', label: '短信验证' },
];

const [passwordProof, smsProof] = bindInputSchema.options;
const passwordProofSchema = accountPasswordSchema(passwordProof.shape);
const smsProofSchema = smsProof.pick({ mobile: true, smsCode: true });

interface ProofProps {
  openId: string;
  ownMobile: string | undefined;
  submitText: string;
  onBound: (accessToken: string) => void | Promise<void>;
  verification: HumanVerificationState;
  /** The mode tabs, first in the form. */
  tabs: ReactNode;
}

function BindSubmit({ form, children }: { form: { phase: SubmitPhase }; children: ReactNode }) {
  return (
    <div className="auth-submit">
      <SubmitButton form={form} loadingText="绑定中" testId="bind-submit">
        {children}
      </SubmitButton>
    </div>
  );
}

/** The account's password, with human verification. */
function PasswordProof({ openId, ownMobile, submitText, onBound, verification, tabs }: ProofProps) {
  const bindMutation = useBindWechat();
  const form = useContractForm({
    schema: passwordProofSchema,
    defaultValues: { userNameOrMobile: ownMobile ?? '', password: '' },
    verification,
    failMessage: '绑定失败，请稍后重试',
    submit: async (values, ncVerifyDto) => {
      const { accessToken } = await bindMutation.mutateAsync({ openId, ...values, ncVerifyDto });
      await onBound(accessToken);
    },
  });
  return (
    <form onSubmit={form.onSubmit} onFocus={verification.prepare} noValidate>
      {tabs}
      <AccountPasswordFields
        form={form}
        idPrefix="bind"
        passwordPlaceholder="账号的登录密码"
        fixedMobile={Boolean(ownMobile)}
      />
      <div className="auth-verify">
        <HumanVerification verification={verification} />
      </div>
      <BindSubmit form={form}>{submitText}</BindSubmit>
    </form>
  );
}

/** An SMS login code sent to the account's mobile. */
function SmsProof({ openId, ownMobile, submitText, onBound, verification, tabs }: ProofProps) {
  const bindMutation = useBindWechat();
  const form = useSmsCodeForm({
    schema: smsProofSchema,
    defaultValues: { mobile: ownMobile ?? '', smsCode: '' },
    verification,
    codeTo: 'mobile',
    failMessage: '绑定失败，请稍后重试',
    submit: async (values) => {
      const { accessToken } = await bindMutation.mutateAsync({ openId, ...values });
      await onBound(accessToken);
    },
  });
  return (
    <form onSubmit={form.onSubmit} onFocus={verification.prepare} noValidate>
      {tabs}
      <MobileField
        form={form}
        name="mobile"
        id="bind-mobile"
        placeholder="账号绑定的手机号"
        fixed={Boolean(ownMobile)}
      />
      <SmsCodeField
        form={form}
        id="bind-sms-code"
        send={(ncVerifyDto, mobile) => sendLoginMessage({ mobile, ncVerifyDto })}
        sendTestId="bind-send-code"
      />
      <BindSubmit form={form}>{submitText}</BindSubmit>
    </form>
  );
}

/**
 * Binds this WeChat (its sealed openId) to an account proven by the account's password with
 * human verification, or by an SMS login code (decision 0008). `ownMobile` fixes the account to
 * the logged-in member's. Calls `onBound` with the token WechatMb/bind returns.
 */
export function BindProofForm({
  openId,
  ownMobile,
  submitText,
  onBound,
}: {
  openId: string;
  ownMobile?: string;
  submitText: string;
  onBound: (accessToken: string) => void | Promise<void>;
}) {
  const [mode, setMode] = useState<Mode>('password');
  const verification = useHumanVerification();
  const tabs = (
    <div className="bind-modes" role="tablist" aria-label="验证方式">
      {modes.map((m) => (
        <button
          key={m.mode}
          type="button"
          role="tab"
          aria-selected={mode === m.mode}
          className={`bind-mode${mode === m.mode ? ' bind-mode-active' : ''}`}
          onClick={() => setMode(m.mode)}
          data-testid={`bind-mode-${m.mode}`}
        >
          {m.label}
        </button>
      ))}
    </div>
  );
  const props = { openId, ownMobile, submitText, onBound, verification, tabs };
  return mode === 'password' ? <PasswordProof {...props} /> : <SmsProof {...props} />;
}
