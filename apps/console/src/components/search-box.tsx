import { CloseCircleFilled } from '@ant-design/icons';
import { Input } from 'antd';

/** A list's search field: the trimmed text on Enter or the button, undefined when empty. */
export function SearchBox({
  label,
  placeholder,
  maxLength,
  width,
  button = '搜索',
  defaultValue,
  onSearch,
}: {
  /** Its accessible name. */
  label: string;
  placeholder: string;
  maxLength: number;
  width: number;
  button?: string;
  /** What the box shows at first (a filter kept in the address). */
  defaultValue?: string;
  onSearch: (value: string | undefined) => void;
}) {
  return (
    <Input.Search
      allowClear={{ clearIcon: <CloseCircleFilled aria-label="清除" /> }}
      defaultValue={defaultValue}
      aria-label={label}
      placeholder={placeholder}
      maxLength={maxLength}
      style={{ width }}
      enterButton={button}
      onSearch={(value) => onSearch(value.trim() || undefined)}
    />
  );
}
