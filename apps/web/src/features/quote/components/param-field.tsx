import { useId, useState } from 'react';
import type { Issue } from '@pcb/pricing';
import type { FieldLayout } from '../form-layout';
import './param-field.css';

interface ParamFieldProps {
  field: FieldLayout;
  value: unknown;
  issues: Issue[];
  /** What followed this field's last change by itself (电测已改为飞针全测). */
  note?: string[];
  onChange: (value: unknown) => void;
}

/**
 * One parameter: tappable choices, or a typed number; the engine's refusals under it, and what
 * its change moved elsewhere on the form.
 */
export function ParamField({ field, value, issues, note, onChange }: ParamFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const errorId = `${id}-error`;
  const [typingError, setTypingError] = useState<string | null>(null);
  const shownIssues = typingError ? [typingError] : issues.map((i) => i.message);
  const invalid = shownIssues.length > 0;

  return (
    <div className={`q-field${invalid ? ' q-field-invalid' : ''}`} data-field={field.key}>
      <div className="q-field-label" id={labelId}>
        {field.spec.label}
      </div>
      {field.input === 'choice' ? (
        <div
          className="q-choices"
          role="radiogroup"
          aria-labelledby={labelId}
          aria-describedby={invalid ? errorId : undefined}
        >
          {(field.spec.options ?? []).map((option) => (
            <button
              key={String(option.value)}
              type="button"
              role="radio"
              aria-checked={option.value === value}
              className="q-choice"
              onClick={() => onChange(option.value)}
            >
              {option.label}
            </button>
          ))}
        </div>
      ) : (
        <NumberInput
          field={field}
          value={value as number}
          labelId={labelId}
          errorId={invalid ? errorId : undefined}
          onValue={(next) => {
            setTypingError(null);
            onChange(next);
          }}
          onTypingError={setTypingError}
        />
      )}
      {invalid && (
        <div className="q-field-error" id={errorId} role="alert">
          {shownIssues.join('；')}
        </div>
      )}
      {note && note.length > 0 && (
        <ul className="q-field-note" role="status" data-testid="quote-follow-note">
          {note.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface NumberInputProps {
  field: FieldLayout;
  value: number;
  labelId: string;
  errorId: string | undefined;
  onValue: (value: number) => void;
  onTypingError: (message: string | null) => void;
}

const DECIMAL = /^\d{1,6}(\.\d{0,2})?$/;
const INTEGER = /^\d{1,8}$/;

/** Keeps what the member types (an empty box, `100.`) while the params hold the last number. */
function NumberInput({ field, value, labelId, errorId, onValue, onTypingError }: NumberInputProps) {
  const [text, setText] = useState(String(value));
  // A value set from outside (a cliff applied, the Gerber file) replaces the text.
  const [shownValue, setShownValue] = useState(value);
  if (value !== shownValue) {
    setShownValue(value);
    if (text === '' || Number(text) !== value) setText(String(value));
  }

  return (
    <div className="q-number">
      <input
        type="text"
        inputMode={field.decimal ? 'decimal' : 'numeric'}
        aria-labelledby={labelId}
        aria-describedby={errorId}
        aria-invalid={errorId ? true : undefined}
        value={text}
        onChange={(event) => {
          const next = event.target.value.trim();
          setText(next);
          if (next === '') {
            onTypingError(`请填写${field.spec.label.replace(/\(.*\)$/, '')}`);
          } else if (!(field.decimal ? DECIMAL : INTEGER).test(next)) {
            onTypingError(field.decimal ? '请输入数字，最多两位小数' : '请输入整数');
          } else {
            onTypingError(null);
            onValue(Number(next));
          }
        }}
      />
      {field.unit && !field.spec.label.endsWith(')') && (
        <span className="q-unit">{field.unit}</span>
      )}
    </div>
  );
}
