import { memo, useState } from 'react';
import { Input, Select, Switch, Typography } from 'antd';
import { getAt, pathName } from '../sheet-path';
import { layerOptions, materialOptions, zoneOptions } from '../sheet-sections';
import {
  displayValue,
  fromText,
  isTextKind,
  sameValue,
  toText,
  type SheetField,
  type TextKind,
} from '../sheet-values';
import { useCellState, useSheetEditing } from './sheet-context';

const prefixes: Partial<Record<TextKind, string>> = { money: '¥', rate: '¥' };
const suffixes: Partial<Record<TextKind, string>> = { area: 'm²', openArea: 'm²', percent: '%' };

/** A text input that keeps what is typed, and passes on the sheet's value once it parses. */
function TextCell({ field, label }: { field: SheetField & { kind: TextKind }; label: string }) {
  const { store, onChange, onInvalid } = useSheetEditing();
  const [text, setText] = useState(() =>
    toText(field.kind, getAt(store.current.sheet, field.path)),
  );
  const [typingError, setTypingError] = useState<string | null>(null);
  const change = (next: string) => {
    setText(next);
    const parsed = fromText(field.kind, next);
    setTypingError(parsed.ok ? null : parsed.message);
    onInvalid(field.path, parsed.ok ? null : parsed.message);
    if (parsed.ok) onChange(field.path, parsed.value);
  };
  return (
    <CellFrame field={field} typingError={typingError}>
      <Input
        size="small"
        aria-label={label}
        value={text}
        prefix={prefixes[field.kind]}
        suffix={suffixes[field.kind] ?? field.unit}
        placeholder={field.kind === 'openArea' ? '不限' : undefined}
        status={typingError ? 'error' : undefined}
        onChange={(event) => change(event.target.value)}
        style={{ width: field.kind === 'text' ? 180 : 132 }}
      />
    </CellFrame>
  );
}

/** The cell's frame: marked when changed since the last save, with its problem below. */
function CellFrame({
  field,
  typingError,
  children,
}: {
  field: SheetField;
  typingError?: string | null;
  children: React.ReactNode;
}) {
  const cell = useCellState(field.path);
  const changed = !sameValue(cell.value, cell.saved);
  const problem = typingError ?? cell.problem;
  return (
    <div className={changed ? 'sheet-cell sheet-cell-changed' : 'sheet-cell'}>
      {children}
      {problem && (
        <Typography.Text type="danger" className="sheet-cell-problem">
          {problem}
        </Typography.Text>
      )}
    </div>
  );
}

/** One value of the sheet: text when read-only, the input of its kind when editing a draft. */
export const SheetCell = memo(function SheetCell({
  field,
  label,
}: {
  field: SheetField;
  label: string;
}) {
  const { editable, revision, onChange } = useSheetEditing();
  const { value } = useCellState(field.path);
  if (!editable) {
    return (
      <CellFrame field={field}>
        <span>{displayValue(field.kind, value, field.unit)}</span>
      </CellFrame>
    );
  }
  if (isTextKind(field.kind)) {
    return (
      <TextCell
        key={`${revision}:${pathName(field.path)}`}
        field={field as SheetField & { kind: TextKind }}
        label={label}
      />
    );
  }
  const set = (next: unknown) => onChange(field.path, next);
  return (
    <CellFrame field={field}>
      {field.kind === 'bool' && (
        <Switch size="small" aria-label={label} checked={value === true} onChange={set} />
      )}
      {field.kind === 'zone' && (
        <Select
          size="small"
          aria-label={label}
          value={value}
          options={zoneOptions}
          onChange={set}
          style={{ width: 150 }}
        />
      )}
      {(field.kind === 'layers' || field.kind === 'materials') && (
        <Select<(string | number)[]>
          size="small"
          mode="multiple"
          aria-label={label}
          value={value as (string | number)[]}
          options={field.kind === 'layers' ? [...layerOptions] : [...materialOptions]}
          onChange={set}
          style={{ minWidth: 150 }}
        />
      )}
    </CellFrame>
  );
});
