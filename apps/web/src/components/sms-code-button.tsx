import { useCallback, useState } from 'react';
import { Button } from 'antd-mobile';
import type { NcVerifyDto, SmsSent } from '@pcb/contract';
import { useCountdown } from '../lib/use-countdown';
import { verificationFailure, type HumanVerificationState } from './captcha/use-human-verification';
import { errorMessage, showFail, showSuccess, showToast } from './feedback';
import { smsCodeProblem } from './sms-code-problem';
import './form-field.css';

/**
 * Sending an SMS code: obtains the human verification (running it if needed, so one tap
 * sends), starts the resend countdown the server asks for, and renews the verification (the
 * server accepts each proof once).
 *
 * `target` is the number the code goes to, when the member types it: the countdown and "sent"
 * belong to the number they were started for, as the server's resend interval does, so typing
 * another number offers 获取验证码 at once.
 */
export function useSmsCodeSender(verification: HumanVerificationState, target?: string) {
  const { secondsLeft, start } = useCountdown();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [expiredFor, setExpiredFor] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const { ensure, renew } = verification;
  const current = sentTo !== null && (target === undefined || target === sentTo);

  const send = useCallback(
    async (request: (ncVerifyDto: NcVerifyDto) => Promise<SmsSent>): Promise<boolean> => {
      setPending(true);
      let ncVerifyDto: NcVerifyDto;
      try {
        ncVerifyDto = await ensure();
      } catch (error) {
        setPending(false);
        showToast(verificationFailure(error));
        return false;
      }
      try {
        const { resendAfterSeconds } = await request(ncVerifyDto);
        start(resendAfterSeconds);
        setSentTo(target ?? '');
        setExpiredFor(null);
        showSuccess('验证码已发送');
        return true;
      } catch (error) {
        showFail(errorMessage(error, '验证码发送失败，请稍后重试'));
        return false;
      } finally {
        setPending(false);
        renew();
      }
    },
    [ensure, renew, start, target],
  );

  /**
   * The message to show under the code input when a submit failed because of the code, else
   * null. A code the server calls dead (expired, used, too many wrong tries), or wrong or
   * expired, turns 获取验证码 into the obvious next step.
   */
  const explain = useCallback(
    (error: unknown): string | null => {
      const problem = smsCodeProblem(error);
      if (problem) setExpiredFor(target ?? '');
      return problem?.message ?? null;
    },
    [target],
  );

  const waiting = current && secondsLeft > 0;
  const label = waiting ? `重新获取(${secondsLeft}s)` : current ? '重新获取' : '获取验证码';
  return {
    send,
    label,
    pending,
    waiting,
    sent: current,
    expired: expiredFor !== null && (target === undefined || target === expiredFor),
    explain,
  };
}

export type SmsCodeSender = ReturnType<typeof useSmsCodeSender>;

/** The 获取验证码 button beside a code input, counting down until a resend is allowed. */
export function SmsCodeButton({
  sender,
  onClick,
  testId,
}: {
  sender: SmsCodeSender;
  onClick: () => void;
  testId: string;
}) {
  // A dead code turns the button into the obvious next step.
  const prominent = sender.expired && !sender.waiting;
  return (
    <Button
      className={`sms-code-button${prominent ? ' sms-code-button-prominent' : ''}`}
      size="small"
      fill={prominent ? 'solid' : 'none'}
      shape={prominent ? 'rounded' : 'default'}
      color="primary"
      disabled={sender.waiting}
      loading={sender.pending}
      onClick={onClick}
      data-testid={testId}
      data-expired={sender.expired || undefined}
    >
      {sender.label}
    </Button>
  );
}
