import { DotLoading } from 'antd-mobile';
import { CheckCircleIcon, CrossCircleIcon, ShieldIcon } from '../icons';
import type { HumanVerificationState } from './use-human-verification';
import './human-verification.css';

const labels = {
  loading: '正在加载人机验证',
  unavailable: '人机验证加载失败，点击重试',
  idle: '点击完成人机验证',
  verifying: '正在验证',
  verified: '验证通过',
  error: '验证失败，点击重试',
} as const;

/** The tappable verification control; state and result come from useHumanVerification. */
export function HumanVerification({ verification }: { verification: HumanVerificationState }) {
  const { status, provider, message, ids } = verification;
  const busy = status === 'loading' || status === 'verifying';

  const onClick = () => {
    if (status === 'unavailable') verification.reloadConfig();
    // Aliyun opens its own popup from the click on this button.
    else if (provider === 'altcha' && (status === 'idle' || status === 'error'))
      void verification.verify();
  };

  const icon =
    status === 'verified' ? (
      <CheckCircleIcon className="hv-icon hv-icon-ok" />
    ) : status === 'error' || status === 'unavailable' ? (
      <CrossCircleIcon className="hv-icon hv-icon-fail" />
    ) : (
      <ShieldIcon className="hv-icon" />
    );

  return (
    <div className="hv">
      <button
        type="button"
        id={ids.button}
        className={`hv-control hv-${status}`}
        data-testid="human-verification"
        data-status={status}
        aria-live="polite"
        aria-busy={busy}
        disabled={busy || status === 'verified'}
        onPointerDown={verification.prepare}
        onClick={onClick}
      >
        {icon}
        <span className="hv-label">
          {labels[status]}
          {busy && <DotLoading color="currentColor" />}
        </span>
        {status === 'verifying' && <span className="hv-progress" aria-hidden="true" />}
      </button>
      {status === 'error' && message && message !== labels.error && (
        <div className="hv-message">{message}</div>
      )}
      <div id={ids.element} />
    </div>
  );
}
