import { useCallback, useState } from 'react';
import { Button } from 'antd-mobile';
import type { NcVerifyDto, SmsSent } from '@pcb/contract';
import { useCountdown } from '../lib/use-countdown';
import type { HumanVerificationState } from './captcha/use-human-verification';
import { errorMessage, showFail, showSuccess, showToast } from './feedback';
import './form-field.css';

/**
 * Sending an SMS code: needs a passed human verification, starts the resend countdown the
 * server asks for, and renews the verification (the server accepts each proof once).
 */
export function useSmsCodeSender(verification: HumanVerificationState) {
  const { secondsLeft, start } = useCountdown();
  const [sent, setSent] = useState(false);
  const [pending, setPending] = useState(false);
  const { dto, status, verify, renew } = verification;

  const send = useCallback(
    async (request: (ncVerifyDto: NcVerifyDto) => Promise<SmsSent>): Promise<boolean> => {
      if (!dto) {
        showToast('请先完成人机验证');
        if (status === 'idle' || status === 'error') void verify();
        return false;
      }
      setPending(true);
      try {
        const { resendAfterSeconds } = await request(dto);
        start(resendAfterSeconds);
        setSent(true);
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
    [dto, status, verify, renew, start],
  );

  const label = secondsLeft > 0 ? `重新获取(${secondsLeft}s)` : sent ? '重新获取' : '获取验证码';
  return { send, label, pending, waiting: secondsLeft > 0, sent };
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
  return (
    <Button
      className="sms-code-button"
      size="small"
      fill="none"
      color="primary"
      disabled={sender.waiting}
      loading={sender.pending}
      onClick={onClick}
      data-testid={testId}
    >
      {sender.label}
    </Button>
  );
}
