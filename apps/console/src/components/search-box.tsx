import { Input } from 'antd';

/** A list's search field: the trimmed text on Enter or the button, undefined when empty. */
export function SearchBox({
  label,
  placeholder,
  maxLength,
  width,
  button = '搜索',
  onSearch,
}: {
  /** Its accessible name. */
  label: string;
  placeholder: string;
  maxLength: number;
  width: number;
  button?: string;
  onSearch: (value: string | undefined) => void;
}) {
  return (
    <Input.Search
      allowClear
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      style={{ width }}
      enterButton={button}
      onSearch={(value) => onSearch(value.trim() || undefined)}
    />
  );
}
