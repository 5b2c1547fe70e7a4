import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Button } from 'antd-mobile';
import { maskMobile, mobileSchema, smsCodeSchema, type MemberInfo } from '@pcb/contract';
import { paths } from '../../../lib/paths';
import { FormField } from '../../../components/form-field';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useSmsCodeSender } from '../../../components/sms-code-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
import { HumanVerification } from '../../../components/captcha/human-verification';
import { useHumanVerification } from '../../../components/captcha/use-human-verification';
import { sendOldMobileMessage } from '../api/send-old-mobile-message';
import { useCheckOldMobileMessage } from '../api/check-old-mobile-message';
import { sendChangeMobileMessage } from '../api/send-change-mobile-message';
import { useChangeMobile } from '../api/change-mobile';

interface Ticket {
  value: string;
  /** Local clock time after which the server no longer accepts it. */
  expiresAt: number;
}

function codeError(code: string): string | undefined {
  const result = smsCodeSchema.safeParse(code);
  return result.success ? undefined : result.error.issues[0]?.message;
}

function Steps({ step }: { step: 1 | 2 }) {
  return (
    <ol className="mobile-steps" aria-label="更换步骤">
      <li
        className={step === 1 ? 'mobile-step-active' : 'mobile-step-done'}
        aria-current={step === 1 ? 'step' : undefined}
      >
        <span className="mobile-step-index">1</span>验证原手机号
      </li>
      <li
        className={step === 2 ? 'mobile-step-active' : ''}
        aria-current={step === 2 ? 'step' : undefined}
      >
        <span className="mobile-step-index">2</span>绑定新手机号
      </li>
    </ol>
  );
}

/** Step 1: a code to the current mobile, checked for a one-time ticket. */
function OldMobileStep({
  info,
  onVerified,
}: {
  info: MemberInfo;
  onVerified: (t: Ticket) => void;
}) {
  const [smsCode, setSmsCode] = useState('');
  const [error, setError] = useState<string>();
  const verification = useHumanVerification();
  const sms = useSmsCodeSender(verification);
  const check = useCheckOldMobileMessage();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (check.isPending) return;
    const found = codeError(smsCode);
    setError(found);
    if (found) return;
    try {
      const { oldMobileTicket, expiresIn } = await check.mutateAsync(smsCode.trim());
      // expiresIn is in seconds; a few are kept back for the time the next step takes to send.
      onVerified({
        value: oldMobileTicket,
        expiresAt: Date.now() + Math.max(0, expiresIn - 5) * 1000,
      });
    } catch (e) {
      const codeProblem = sms.explain(e);
      if (codeProblem) setError(codeProblem);
      else showFail(errorMessage(e, '验证失败，请稍后重试'));
    }
  };

  return (
    <form
      className="security-form"
      onSubmit={(e) => void submit(e)}
      onFocus={verification.prepare}
      noValidate
    >
      <h2 className="security-form-title">验证原手机号</h2>
      <p className="security-form-desc">为了账号安全，请先验证当前绑定的手机号。</p>
      <FormField label="原手机号">
        <span className="form-field-value" data-testid="edit-phone-old-mobile">
          {maskMobile(info.mobile)}
        </span>
      </FormField>
      <div className="security-verify">
        <HumanVerification verification={verification} />
      </div>
      <SmsCodeField
        id="edit-phone-old-code"
        value={smsCode}
        onChange={(digits) => {
          setSmsCode(digits);
          setError(undefined);
        }}
        error={error}
        sender={sms}
        onSend={() => void sms.send(sendOldMobileMessage)}
        sendTestId="edit-phone-send-old-code"
      />
      <div className="security-submit">
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={check.isPending}
          data-testid="edit-phone-next"
        >
          下一步
        </Button>
      </div>
      <div className="security-link">
        <Link to="?mode=apply" data-testid="edit-phone-apply-link">
          原手机号已无法使用？
        </Link>
      </div>
    </form>
  );
}

/** Step 2: the new mobile, its code, and the ticket of step 1. */
function NewMobileStep({ ticket, onExpired }: { ticket: Ticket; onExpired: () => void }) {
  const navigate = useNavigate();
  const [mobile, setMobile] = useState('');
  const [smsCode, setSmsCode] = useState('');
  const [errors, setErrors] = useState<{ mobile?: string; smsCode?: string }>({});
  const verification = useHumanVerification();
  const sms = useSmsCodeSender(verification, mobile.trim());
  const change = useChangeMobile();

  const mobileError = () => {
    const result = mobileSchema.safeParse(mobile);
    return result.success ? undefined : result.error.issues[0]?.message;
  };

  const sendCode = () => {
    const found = mobileError();
    setErrors((e) => ({ ...e, mobile: found }));
    if (found) return;
    void sms.send((ncVerifyDto) => sendChangeMobileMessage({ mobile: mobile.trim(), ncVerifyDto }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (change.isPending) return;
    const found = { mobile: mobileError(), smsCode: codeError(smsCode) };
    setErrors(found);
    if (found.mobile || found.smsCode) return;
    if (Date.now() > ticket.expiresAt) {
      showFail('原手机号验证已过期，请重新验证');
      onExpired();
      return;
    }
    try {
      await change.mutateAsync({
        mobile: mobile.trim(),
        smsCode: smsCode.trim(),
        oldMobileTicket: ticket.value,
      });
    } catch (e) {
      const codeProblem = sms.explain(e);
      if (codeProblem) setErrors((found) => ({ ...found, smsCode: codeProblem }));
      else showFail(errorMessage(e, '更换失败，请稍后重试'));
      return;
    }
    showSuccess('手机号已更换');
    void navigate(paths.accountSecurity, { replace: true });
  };

  return (
    <form
      className="security-form"
      onSubmit={(e) => void submit(e)}
      onFocus={verification.prepare}
      noValidate
    >
      <h2 className="security-form-title">绑定新手机号</h2>
      <p className="security-form-desc">更换后请使用新手机号登录，其他设备上的登录将失效。</p>
      <MobileField
        id="edit-phone-new-mobile"
        label="新手机号"
        value={mobile}
        onChange={(digits) => {
          setMobile(digits);
          setErrors((e) => ({ ...e, mobile: undefined }));
        }}
        error={errors.mobile}
        placeholder="请输入新的11位手机号"
      />
      <div className="security-verify">
        <HumanVerification verification={verification} />
      </div>
      <SmsCodeField
        id="edit-phone-new-code"
        value={smsCode}
        onChange={(digits) => {
          setSmsCode(digits);
          setErrors((e) => ({ ...e, smsCode: undefined }));
        }}
        error={errors.smsCode}
        sender={sms}
        onSend={sendCode}
        sendTestId="edit-phone-send-new-code"
      />
      <div className="security-submit">
        <Button
          type="submit"
          block
          color="primary"
          size="large"
          shape="rounded"
          loading={change.isPending}
          loadingText="提交中"
          data-testid="edit-phone-submit"
        >
          确认更换
        </Button>
      </div>
    </form>
  );
}

/** The self-service change: verify the old mobile, then prove and set the new one. */
export function ChangeMobileFlow({ info }: { info: MemberInfo }) {
  const [ticket, setTicket] = useState<Ticket | null>(null);
  return (
    <>
      <Steps step={ticket ? 2 : 1} />
      {ticket ? (
        <NewMobileStep ticket={ticket} onExpired={() => setTicket(null)} />
      ) : (
        <OldMobileStep info={info} onVerified={setTicket} />
      )}
    </>
  );
}
