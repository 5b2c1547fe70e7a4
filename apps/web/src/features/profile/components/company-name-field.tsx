import { useEffect, useState } from 'react';
import { Input } from 'antd-mobile';
import type { FieldPathByValue, FieldValues } from 'react-hook-form';
import { COMPANY_SEARCH_MIN } from '@pcb/contract';
import { FormField } from '../../../components/form-field';
import { useFormField, type FieldHost } from '../../../components/form/use-form-field';
import { useCompanySuggestions } from '../api/search-company';

/** How long typing pauses before the names are looked up. */
export const COMPANY_SEARCH_DELAY_MS = 250;

function useDebounced(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * The company name, with names suggested as the member types (MemberInfo/SearchCompany, from
 * 2 characters). A suggestion fills the field; any other full name may still be typed.
 */
export function CompanyNameField<T extends FieldValues>({
  form,
  name,
  id,
  label = '公司名称',
  disabled = false,
  hint,
}: {
  form: FieldHost<T>;
  name: FieldPathByValue<T, string>;
  id: string;
  label?: string;
  disabled?: boolean;
  hint?: string;
}) {
  const { value, onChange, error } = useFormField<T, string>(form, name);
  const [focused, setFocused] = useState(false);
  const keyword = useDebounced(value.trim(), COMPANY_SEARCH_DELAY_MS);
  const searching = focused && !disabled && [...keyword].length >= COMPANY_SEARCH_MIN;
  const suggestions = useCompanySuggestions(searching ? keyword : '');
  const names = (suggestions.data ?? []).filter((s) => s.name !== value.trim());
  const open = searching && (names.length > 0 || suggestions.isError);

  return (
    <>
      <FormField label={label} htmlFor={id} error={error} hint={hint}>
        <Input
          id={id}
          data-testid={id}
          value={value}
          onChange={onChange}
          onFocus={() => setFocused(true)}
          // Later than a tap on a suggestion, which would otherwise vanish under the finger.
          onBlur={() => setTimeout(() => setFocused(false), 200)}
          placeholder="输入至少2个字查找公司"
          autoComplete="organization"
          maxLength={100}
          disabled={disabled}
          clearable={!disabled}
        />
      </FormField>
      {open && (
        <ul className="company-suggestions" data-testid={`${id}-suggestions`}>
          {suggestions.isError ? (
            <li className="company-suggestions-note">暂时无法查找，请直接填写公司全称</li>
          ) : (
            names.map((s) => (
              <li key={s.name}>
                <button
                  type="button"
                  className="company-suggestion"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => {
                    onChange(s.name);
                    setFocused(false);
                  }}
                >
                  {s.name}
                </button>
              </li>
            ))
          )}
        </ul>
      )}
    </>
  );
}
