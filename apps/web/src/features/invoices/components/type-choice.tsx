import type { ReactNode } from 'react';

/** A row of mutually exclusive choices (radio buttons drawn as chips, 44 px tall). */
export function TypeChoice<V extends string>({
  label,
  name,
  value,
  options,
  onChange,
  hint,
}: {
  label: string;
  name: string;
  value: V;
  options: readonly { value: V; label: string; disabled?: boolean }[];
  onChange: (value: V) => void;
  hint?: ReactNode;
}) {
  return (
    <div className="form-field invoice-choice">
      <div className="form-field-row">
        <span className="form-field-label" id={`${name}-label`}>
          {label}
        </span>
        <div className="invoice-choice-options" role="radiogroup" aria-labelledby={`${name}-label`}>
          {options.map((option) => (
            <button
              key={option.value}
              type="button"
              role="radio"
              aria-checked={option.value === value}
              disabled={option.disabled}
              className={`invoice-chip${option.value === value ? ' invoice-chip-active' : ''}`}
              onClick={() => onChange(option.value)}
              data-testid={`${name}-${option.value}`}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      {hint && <div className="form-field-hint invoice-choice-hint">{hint}</div>}
    </div>
  );
}
