import type { ReactNode } from 'react';
import './form-field.css';

/** A labelled input row with its validation message underneath. */
export function FormField({
  label,
  htmlFor,
  error,
  hint,
  extra,
  children,
}: {
  label: string;
  htmlFor?: string;
  error?: string | undefined;
  hint?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className={`form-field${error ? ' form-field-invalid' : ''}`}>
      <div className="form-field-row">
        <label className="form-field-label" htmlFor={htmlFor}>
          {label}
        </label>
        <div className="form-field-control">{children}</div>
        {extra && <div className="form-field-extra">{extra}</div>}
      </div>
      {error ? (
        <div className="form-field-error" role="alert">
          {error}
        </div>
      ) : (
        hint && <div className="form-field-hint">{hint}</div>
      )}
    </div>
  );
}
