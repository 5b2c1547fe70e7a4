import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { maskMobile } from '@pcb/contract';
import { checkOldMobileMessageInputSchema } from '@pcb/contract/member-auth';
import { MemberInfo as MemberInfoApi, type MemberInfo } from '@pcb/contract/member-info';
import { paths } from '../../../lib/paths';
import { FormField } from '../../../components/form-field';
import { showFail, showSuccess } from '../../../components/feedback';
import { useSmsCodeForm } from '../../../components/form/use-sms-code-form';
import { SubmitButton } from '../../../components/form/submit-button';
import { MobileField } from '../../../components/mobile-field';
import { SmsCodeField } from '../../../components/sms-code-field';
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

const newMobileSchema = MemberInfoApi.ChangeMobile.input.pick({ mobile: true, smsCode: true });

/** Step 1: a code to the current mobile, checked for a one-time ticket. */
function OldMobileStep({
  info,
  onVerified,
}: {
  info: MemberInfo;
  onVerified: (t: Ticket) => void;
}) {
  const verification = useHumanVerification();
  const check = useCheckOldMobileMessage();
  const form = useSmsCodeForm({
    schema: checkOldMobileMessageInputSchema,
    defaultValues: { smsCode: '' },
    verification,
    failMessage: '验证失败，请稍后重试',
    submit: async ({ smsCode }) => {
      const { oldMobileTicket, expiresIn } = await check.mutateAsync(smsCode);
      // expiresIn is in seconds; a few are kept back for the time the next step takes to send.
      onVerified({
        value: oldMobileTicket,
        expiresAt: Date.now() + Math.max(0, expiresIn - 5) * 1000,
      });
    },
  });

  return (
    <form
      className="security-form"
      onSubmit={form.onSubmit}
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
      <SmsCodeField
        form={form}
        id="edit-phone-old-code"
        send={sendOldMobileMessage}
        sendTestId="edit-phone-send-old-code"
      />
      <div className="security-submit">
        <SubmitButton form={form} testId="edit-phone-next">
          下一步
        </SubmitButton>
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
  const verification = useHumanVerification();
  const change = useChangeMobile();
  const form = useSmsCodeForm({
    schema: newMobileSchema,
    defaultValues: { mobile: '', smsCode: '' },
    verification,
    codeTo: 'mobile',
    failMessage: '更换失败，请稍后重试',
    submit: async (values) => {
      if (Date.now() > ticket.expiresAt) {
        showFail('原手机号验证已过期，请重新验证');
        onExpired();
        return;
      }
      await change.mutateAsync({ ...values, oldMobileTicket: ticket.value });
      showSuccess('手机号已更换');
      void navigate(paths.accountSecurity, { replace: true });
    },
  });

  return (
    <form
      className="security-form"
      onSubmit={form.onSubmit}
      onFocus={verification.prepare}
      noValidate
    >
      <h2 className="security-form-title">绑定新手机号</h2>
      <p className="security-form-desc">更换后请使用新手机号登录，其他设备上的登录将失效。</p>
      <MobileField
        form={form}
        name="mobile"
        id="edit-phone-new-mobile"
        label="新手机号"
        placeholder="请输入新的11位手机号"
      />
      <SmsCodeField
        form={form}
        id="edit-phone-new-code"
        send={(ncVerifyDto, mobile) => sendChangeMobileMessage({ mobile, ncVerifyDto })}
        sendTestId="edit-phone-send-new-code"
      />
      <p className="security-form-desc" data-testid="edit-phone-taken-hint">
        若新手机号已注册其他账号，该号码会收到“已注册”提示短信而不是验证码，不能用于更换。
      </p>
      <div className="security-submit">
        <SubmitButton form={form} loadingText="提交中" testId="edit-phone-submit">
          确认更换
        </SubmitButton>
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
