import { useMemo, useState } from 'react';
import { pcbFields, validatePcb, type PcbParams } from '@pcb/pricing';
import { PageError, PageLoading } from '../../../components/page-status';
import { formGroups, withFields, type FieldLayout } from '../form-layout';
import { issuesFor } from '../quote-model';
import { usePublishedSheet } from '../use-published-sheet';
import { ParamField } from './param-field';
import './order-param-editor.css';

// The quote page picks the build time in its rush comparison; here it is one more choice.
const buildTimeField: FieldLayout = {
  key: 'buildTime',
  spec: pcbFields.buildTime,
  input: 'choice',
};

/**
 * The PCB parameters of an existing order, as the quote page lays them out and checks them
 * (the published sheet's rules, each refusal under its field). The order's detail screen
 * loads it for 修改订单; the server prices the result.
 */
export default function OrderParamEditor({
  params,
  onChange,
}: {
  params: PcbParams;
  onChange: (params: PcbParams, valid: boolean) => void;
}) {
  const sheetState = usePublishedSheet();
  // What followed the member's last change by itself, under the field they changed.
  const [note, setNote] = useState<{ field: string; messages: string[] } | null>(null);
  const sheet = sheetState.published?.sheet;
  const issues = useMemo(() => (sheet ? validatePcb(params, sheet) : []), [params, sheet]);

  if (!sheet) {
    return sheetState.error ? (
      <PageError message={sheetState.error} onRetry={sheetState.retry} />
    ) : (
      <PageLoading text="价格表加载中" />
    );
  }
  const record = params as unknown as Record<string, unknown>;
  const groups = formGroups('pcb', record, sheet);
  const shown = new Set([...groups.flatMap((g) => g.fields.map((f) => f.key)), 'buildTime']);
  const others = issues.filter((i) => !shown.has(i.field));
  const set = (key: string, value: unknown) => {
    const change = withFields('pcb', record, { [key]: value }, sheet);
    const next = change.params as unknown as PcbParams;
    const messages = change.followed.map((f) => f.message);
    setNote(messages.length > 0 ? { field: key, messages } : null);
    onChange(next, validatePcb(next, sheet).length === 0);
  };
  return (
    <div className="pe-editor" data-testid="order-param-editor">
      {others.length > 0 && (
        <ul className="pe-issues" role="alert">
          {others.map((i) => (
            <li key={`${i.field}-${i.code}`}>{i.message}</li>
          ))}
        </ul>
      )}
      {[...groups, { title: '交期', fields: [buildTimeField] }].map((group) => (
        <section key={group.title} className="pe-group" aria-label={group.title}>
          <h3 className="pe-group-title">{group.title}</h3>
          {group.fields.map((field) => (
            <ParamField
              key={field.key}
              field={field}
              value={record[field.key]}
              issues={issuesFor(issues, field.key)}
              note={note?.field === field.key ? note.messages : undefined}
              onChange={(value) => set(field.key, value)}
            />
          ))}
        </section>
      ))}
    </div>
  );
}
