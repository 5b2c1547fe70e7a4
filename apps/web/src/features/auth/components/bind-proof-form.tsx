import { useState, type FormEvent } from 'react';
import { Button, Input } from 'antd-mobile';
import { maskMobile, mobileSchema, smsCodeSchema, type NcVerifyDto } from '@pcb/contract';
import { FormField } from '../../../components/form-field';
import { errorMessage, showFail, showToast } from '../../../components/feedback';
import { PasswordInput } from '../../../components/password-input';
import { useSmsCodeSender } from '../../../components/sms-code-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { HumanVerification } from '../../../components/captcha/human-verification';
import {
  useHumanVerification,
  verificationFailure,
} from '../../../components/captcha/use-human-verification';
import { sendLoginMessage } from '../api/send-login-message';
import { useBindWechat } from '../api/bind-wechat';
import '../auth.css';

type Mode = 'password' | 'sms';
type Field = 'account' | 'password' | 'mobile' | 'smsCode';

const modes: { mode: Mode; label: string }[] = [
  { mode: 'password', label: '密码验证' },
  { mode: 'sms', label: '短信验证' },
];

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
  const [account, setAccount] = useState('');
  const [password, setPassword] = useState('');
  const [mobileInput, setMobileInput] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const verification = useHumanVerification();
  const mobile = ownMobile ?? mobileInput.trim();
  const sms = useSmsCodeSender(verification, mobile);
  const bindMutation = useBindWechat();

  const clearError = (field: Field) => {
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const mobileError = () => {
    const result = mobileSchema.safeParse(mobile);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  const sendCode = () => {
    const message = mobileError();
    setErrors((e) => ({ ...e, mobile: message }));
    if (message) return;
    void sms.send((ncVerifyDto) => sendLoginMessage({ mobile, ncVerifyDto }));
  };

  const bind = async (): Promise<string | null> => {
    if (mode === 'password') {
      const userNameOrMobile = ownMobile ?? account.trim();
      const found: Partial<Record<Field, string>> = {};
      if (!userNameOrMobile) found.account = '请输入手机号或用户名';
      if (!password) found.password = '请输入密码';
      setErrors(found);
      if (found.account || found.password) return null;
      let ncVerifyDto: NcVerifyDto;
      try {
        ncVerifyDto = await verification.ensure();
      } catch (error) {
        showToast(verificationFailure(error));
        return null;
      }
      try {
        const { accessToken } = await bindMutation.mutateAsync({
          openId,
          userNameOrMobile,
          password,
          ncVerifyDto,
        });
        return accessToken;
      } catch (error) {
        showFail(errorMessage(error, '绑定失败，请稍后重试'));
        verification.renew();
        return null;
      }
    }
    const code = smsCodeSchema.safeParse(smsCode);
    const found: Partial<Record<Field, string>> = {
      mobile: mobileError(),
      smsCode: code.success ? undefined : code.error.issues[0]?.message,
    };
    setErrors(found);
    if (found.mobile || found.smsCode) return null;
    try {
      const { accessToken } = await bindMutation.mutateAsync({
        openId,
        mobile,
        smsCode: smsCode.trim(),
      });
      return accessToken;
    } catch (error) {
      const codeProblem = sms.explain(error);
      if (codeProblem) setErrors((e) => ({ ...e, smsCode: codeProblem }));
      else showFail(errorMessage(error, '绑定失败，请稍后重试'));
      return null;
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (bindMutation.isPending) return;
    const accessToken = await bind();
    if (accessToken) await onBound(accessToken);
  };

  return (
    <form onSubmit={(e) => void submit(e)} onFocus={verification.prepare} noValidate>
      <div className="bind-modes" role="tablist" aria-label="验证方式">
        {modes.map((m) => (
          <button
            key={m.mode}
            type="button"
            role="tab"
            aria-selected={mode === m.mode}
            className={`bind-mode${mode === m.mode ? ' bind-mode-active' : ''}`}
            onClick={() => {
              setMode(m.mode);
              setErrors({});
            }}
            data-testid={`bind-mode-${m.mode}`}
          >
            {m.label}
          </button>
        ))}
      </div>
      {mode === 'password' ? (
        <>
          {ownMobile ? (
            <FormField label="账号">
              <span className="form-field-value" data-testid="bind-account">
                {maskMobile(ownMobile)}
              </span>
            </FormField>
          ) : (
            <FormField label="账号" htmlFor="bind-account" error={errors.account}>
              <Input
                id="bind-account"
                data-testid="bind-account"
                value={account}
                onChange={(value) => {
                  setAccount(value);
                  clearError('account');
                }}
                placeholder="手机号/用户名"
                autoComplete="username"
                maxLength={64}
                clearable
              />
            </FormField>
          )}
          <FormField label="密码" htmlFor="bind-password" error={errors.password}>
            <PasswordInput
              id="bind-password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                clearError('password');
              }}
              placeholder="账号的登录密码"
              autoComplete="current-password"
            />
          </FormField>
          <div className="auth-verify">
            <HumanVerification verification={verification} />
          </div>
        </>
      ) : (
        <>
          {ownMobile ? (
            <FormField label="手机号">
              <span className="form-field-value" data-testid="bind-mobile">
                {maskMobile(ownMobile)}
              </span>
            </FormField>
          ) : (
            <MobileField
              id="bind-mobile"
              value={mobileInput}
              onChange={(digits) => {
                setMobileInput(digits);
                clearError('mobile');
              }}
              error={errors.mobile}
              placeholder="账号绑定的手机号"
            />
          )}
          <div className="auth-verify">
            <HumanVerification verification={verification} />
          </div>
          <SmsCodeField
            id="bind-sms-code"
            value={smsCode}
            onChange={(digits) => {
              setSmsCode(digits);
              clearError('smsCode');
            }}
            error={errors.smsCode}
            sender={sms}
            onSend={sendCode}
            sendTestId="bind-send-code"
          />
        </>
      )}
      <div className="auth-submit">
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={bindMutation.isPending}
          loadingText="绑定中"
          data-testid="bind-submit"
        >
          {submitText}
        </Button>
      </div>
    </form>
  );
}
