import { errorMessage, showFail, showSuccess } from '../../../components/feedback';
import { copyText } from '../../../lib/clipboard';

/** One fact of an account with a copy button (44 px target). */
export function CopyRow({
  label,
  value,
  testId,
}: {
  label: string;
  value: string;
  testId: string;
}) {
  const copy = async () => {
    try {
      await copyText(value);
      showSuccess(`${label}已复制`);
    } catch (error) {
      showFail(errorMessage(error, '复制失败，请长按选择文字'));
    }
  };
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
      <button
        type="button"
        className="mn-copy-target"
        onClick={() => void copy()}
        aria-label={`复制${label}`}
        data-testid={`${testId}-copy`}
      >
        <span className="mn-copy">复制</span>
      </button>
    </div>
  );
}
