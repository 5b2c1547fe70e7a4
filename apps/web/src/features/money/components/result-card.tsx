import type { ReactNode } from 'react';

/** A result screen's card: an icon (or the spinner), a title, what happened, what to do next. */
export function ResultCard({
  state,
  title,
  amount,
  children,
  actions,
  testId,
}: {
  state: 'ok' | 'fail' | 'wait';
  title: string;
  amount?: string;
  children?: ReactNode;
  actions?: ReactNode;
  testId: string;
}) {
  return (
    <section
      className="mn-result"
      data-testid={testId}
      data-state={state}
      role={state === 'wait' ? 'status' : undefined}
      aria-live="polite"
      aria-busy={state === 'wait' || undefined}
    >
      {state === 'wait' ? (
        <span className="mn-spinner" aria-hidden="true" />
      ) : (
        <span className={`mn-result-icon mn-result-${state}`} aria-hidden="true">
          {state === 'ok' ? '✓' : '!'}
        </span>
      )}
      <h2 className="mn-result-title">{title}</h2>
      {amount && <p className="mn-result-amount">{amount}</p>}
      {children}
      {actions && <div className="mn-result-actions">{actions}</div>}
    </section>
  );
}
