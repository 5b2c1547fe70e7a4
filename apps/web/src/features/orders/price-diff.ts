import type { FeeLineView } from '@pcb/contract';

export interface DiffRow {
  code: string;
  name: string;
  /** Fen; null when the line is new. */
  before: number | null;
  /** Fen; null when the line is gone. */
  after: number | null;
  changed: boolean;
}

/** Fee lines before and after, matched by code, in the new price's order then the removed. */
export function diffLines(before: FeeLineView[], after: FeeLineView[]): DiffRow[] {
  const old = new Map(before.map((l) => [l.code, l]));
  const rows: DiffRow[] = after.map((line) => {
    const was = old.get(line.code);
    return {
      code: line.code,
      name: line.name,
      before: was ? was.amount : null,
      after: line.amount,
      changed: !was || was.amount !== line.amount,
    };
  });
  const kept = new Set(after.map((l) => l.code));
  for (const line of before) {
    if (!kept.has(line.code)) {
      rows.push({
        code: line.code,
        name: line.name,
        before: line.amount,
        after: null,
        changed: true,
      });
    }
  }
  return rows;
}
