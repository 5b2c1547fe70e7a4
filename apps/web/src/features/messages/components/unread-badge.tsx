import './unread-badge.css';

/** A count in a small badge; nothing at zero. */
export function UnreadBadge({ count, testId }: { count: number; testId?: string }) {
  if (count <= 0) return null;
  return (
    <span className="unread-badge" aria-label={`${count}条未读`} data-testid={testId}>
      {count > 99 ? '99+' : count}
    </span>
  );
}
