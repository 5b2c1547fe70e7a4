import {
  useController,
  type FieldPathByValue,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';

/** What a field needs of its form. */
export type FieldHost<T extends FieldValues> = Pick<
  UseFormReturn<T, unknown, unknown>,
  'control' | 'trigger'
>;

/**
 * Binds one input to its form: value, change, blur and the message to show. A field showing
 * an error is checked again as the member corrects it; the others wait for the next submit.
 */
export function useFormField<T extends FieldValues, V>(
  form: FieldHost<T>,
  name: FieldPathByValue<T, V>,
) {
  const { field, fieldState } = useController({ control: form.control, name });
  const hasError = fieldState.error !== undefined;
  return {
    value: field.value as V,
    onChange: (value: V) => {
      field.onChange(value);
      if (hasError) void form.trigger(name);
    },
    /** Checks a filled-in field as the member leaves it. */
    checkOnBlur: () => {
      field.onBlur();
      if (field.value) void form.trigger(name);
    },
    error: fieldState.error?.message,
  };
}
