import type pg from 'pg';

/** A statement as the app sent it on the pool: its text, its values and its prepared name. */
export interface SentQuery {
  text: string;
  values: unknown[];
  name?: string;
}

/**
 * The statements the app sends on `pool` while `run` runs whose text `match`es (an EXPLAIN the
 * test sends meanwhile is left out), for a test to explain them with the values they carried.
 */
export async function queriesDuring(
  pool: pg.Pool,
  match: RegExp,
  run: () => Promise<unknown>,
): Promise<SentQuery[]> {
  const target = pool as unknown as { query: (...args: unknown[]) => unknown };
  const original = target.query;
  const caught: SentQuery[] = [];
  target.query = function (this: unknown, ...args: unknown[]) {
    const first = args[0] as string | { text: string; values?: unknown[]; name?: string };
    const text = typeof first === 'string' ? first : first.text;
    const values = ((typeof first === 'string' ? undefined : first.values) ?? args[1]) as
      unknown[] | undefined;
    const name = typeof first === 'string' ? undefined : first.name;
    if (match.test(text) && !/^explain/i.test(text))
      caught.push({ text, values: values ?? [], ...(name ? { name } : {}) });
    return original.apply(this, args);
  };
  try {
    await run();
  } finally {
    target.query = original;
  }
  return caught;
}
