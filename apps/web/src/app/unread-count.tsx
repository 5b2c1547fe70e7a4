import { useUnreadCount } from '../features/messages/api/get-unread-num';
import { UnreadBadge } from '../features/messages/components/unread-badge';

/**
 * The member's unread messages as a badge (the footer's 我的, the member centre's 消息). Loaded
 * on demand: its contract module stays out of every page's first bytes (`/member`'s budget).
 */
export default function UnreadCount({ testId }: { testId: string }) {
  const total = useUnreadCount().data?.total ?? 0;
  return <UnreadBadge count={total} testId={testId} />;
}
