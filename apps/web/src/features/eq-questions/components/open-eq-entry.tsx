import { useNavigate } from 'react-router';
import { paths } from '../../../lib/paths';
import { useOpenEqCount } from '../api/get-eq-list';
import '../eq-questions.css';

/** The message centre's strip for questions that wait for my answer; nothing when none do. */
export function OpenEqEntry() {
  const navigate = useNavigate();
  const open = useOpenEqCount();
  const count = open.data?.total ?? 0;
  if (count === 0) return null;
  return (
    <button
      type="button"
      className="eq-entry"
      onClick={() => void navigate(paths.eqReply)}
      data-testid="open-eq-entry"
    >
      <span>
        <strong>{count}个工程问题</strong>等待您回复
      </span>
      <span aria-hidden="true">去回复 ›</span>
    </button>
  );
}
