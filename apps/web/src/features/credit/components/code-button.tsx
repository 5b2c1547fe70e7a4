import { Button } from 'antd-mobile';
import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { useCountdown } from '../../../lib/use-countdown';

/** 获取验证码 with the resend countdown the server answers. */
export function CodeButton({
  send,
  disabled,
  testId,
}: {
  send: () => Promise<{ resendAfterSeconds: number }>;
  disabled?: boolean;
  testId: string;
}) {
  const { secondsLeft, start } = useCountdown();
  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      style={{ flexShrink: 0, whiteSpace: 'nowrap' }}
      disabled={disabled || secondsLeft > 0}
      data-testid={testId}
      onClick={() => {
        send().then(
          ({ resendAfterSeconds }) => {
            start(resendAfterSeconds);
            showSuccess('验证码已发送');
          },
          (error: unknown) => showFail(errorMessage(error, '验证码发送失败，请稍后重试')),
        );
      }}
    >
      {secondsLeft > 0 ? `${secondsLeft}秒后重发` : '获取验证码'}
    </Button>
  );
}
