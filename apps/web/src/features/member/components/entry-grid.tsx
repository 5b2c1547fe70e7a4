import type { MemberEntry } from '../member-entry';

export function EntryGrid({ entries }: { entries: MemberEntry[] }) {
  return (
    <section className="member-card" aria-label="常用功能">
      <h2 className="member-card-title">常用功能</h2>
      <div className="entry-grid">
        {entries.map((entry) => (
          <button
            key={entry.key}
            type="button"
            className="entry-tile"
            onClick={entry.onClick}
            data-testid={`member-entry-${entry.key}`}
          >
            <span className="entry-icon">
              {entry.icon}
              {entry.badge && <span className="entry-badge">{entry.badge}</span>}
            </span>
            <span className="entry-title">{entry.title}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
