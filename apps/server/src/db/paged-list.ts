import type { InferSelectModel, SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/** Which page of a list, as every list input names it (`pageInput` in the contract). */
export interface PageRequest {
  page: number;
  pageSize: number;
}

/** One page of a list and how many there are in all (`pageOf` in the contract). */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

type Order = AnyPgColumn | SQL;

export interface PagedQuery<TTable extends PgTable> {
  from: TTable;
  /** What both the rows and the count are filtered by. */
  where?: SQL | undefined;
  /** End it with a unique column (the id), or rows may show on two pages or none. */
  orderBy: readonly Order[];
}

export interface PagedSelection extends PagedQuery<PgTable> {
  /** The columns of a row, when it is not the table's own row. */
  fields: SelectedFields;
  /**
   * Joins that only add columns to a row (a left join on a key): the count is taken on `from`
   * and `where` alone, so a join must never add, drop or repeat rows.
   */
  join?: (query: PgSelect) => PgSelect;
}

/**
 * One page of any list the console or a member browses: the rows of the page (`LIMIT` /
 * `OFFSET`, in the given order) and the number of all rows matching `where`, asked side by side
 * as two statements. A separate `count(*)` was measured against `count(*) OVER ()` on 100 000
 * rows (decision 0041): the window has to read and keep every matching row before the first
 * one is sent, the count reads only an index, so the separate count wins as lists grow.
 *
 * The table's rows by default; `fields` (and `join`) select others, typed by the caller.
 */
export function pagedList<TTable extends PgTable>(
  ex: Executor,
  query: PagedQuery<TTable>,
  page: PageRequest,
): Promise<Page<InferSelectModel<TTable>>>;
export function pagedList<TRow>(
  ex: Executor,
  query: PagedSelection,
  page: PageRequest,
): Promise<Page<TRow>>;
export async function pagedList(
  ex: Executor,
  query: PagedQuery<PgTable> & Partial<Pick<PagedSelection, 'fields' | 'join'>>,
  page: PageRequest,
): Promise<Page<unknown>> {
  const base = (query.fields ? ex.select(query.fields) : ex.select()).from(query.from).$dynamic();
  const rows = (query.join ? query.join(base) : base)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(page.pageSize)
    .offset((page.page - 1) * page.pageSize);
  const [items, total] = await Promise.all([rows, ex.$count(query.from, query.where)]);
  return { items, total, page: page.page, pageSize: page.pageSize };
}

/** The same page with its rows turned into what the caller answers (names looked up at once). */
export async function mapPage<T, U>(
  page: Page<T>,
  map: (items: T[]) => U[] | Promise<U[]>,
): Promise<Page<U>> {
  return { ...page, items: await map(page.items) };
}
