import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { FormField } from '../../../components/form-field';
import { useFormField, type FieldHost } from '../../../components/form/use-form-field';

/** One of a few values, as a row of large buttons (a radio group). */
export function ChoiceField<T extends FieldValues, V extends string>({
  form,
  name,
  id,
  label,
  options,
  disabled = false,
}: {
  form: FieldHost<T>;
  name: FieldPathByValue<T, V>;
  id: string;
  label: string;
  options: readonly { value: V; label: string }[];
  disabled?: boolean;
}) {
  const { value, onChange, error } = useFormField<T, V>(form, name);
  return (
    <FormField label={label} error={error}>
      <div className="profile-choice" role="radiogroup" aria-label={label} data-testid={id}>
        {options.map((option) => (
          <button
            key={option.value}
            type="button"
            role="radio"
            aria-checked={value === option.value}
            className="profile-choice-option"
            disabled={disabled}
            onClick={() => onChange(option.value)}
            data-testid={`${id}-${option.value}`}
          >
            {option.label}
          </button>
        ))}
      </div>
    </FormField>
  );
}
