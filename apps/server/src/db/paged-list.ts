import {
  count,
  getTableColumns,
  inArray,
  sql,
  type InferSelectModel,
  type Placeholder,
  type SQL,
} from 'drizzle-orm';
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
  /** Counting stopped at `total` (`countUpTo`): there are more rows than that. */
  moreThanTotal?: boolean;
}

type Order = AnyPgColumn | SQL;

export interface PagedQuery<TTable extends PgTable> {
  from: TTable;
  /** What both the rows and the count are filtered by (`from`'s columns only). */
  where?: SQL | undefined;
  /** End it with a unique column (the id), or rows may show on two pages or none. */
  orderBy: readonly Order[];
  /**
   * `from`'s key, for a long list whose `where` and `orderBy` an index holds with the key:
   * pages after the first find their keys in that index alone (an index-only scan, skipping
   * the rows of the earlier pages without reading them) and read only their own rows
   * (`pageKeys`). `orderBy` then names `from`'s columns alone.
   */
  key?: AnyPgColumn;
  /**
   * Count at most this many rows: a list that finds more answers `total` = this and
   * `moreThanTotal`. For lists whose filters can match hundreds of thousands of rows (the
   * order desk's archive), where counting them all costs more than the page (decision 0070).
   */
  countUpTo?: number;
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
 * `(SELECT count(*) FROM from WHERE where)`: the number of all matching rows, as a column of
 * the page's own statement. Uncorrelated, PostgreSQL runs it once per statement (an InitPlan),
 * from the index that filters it (decision 0049).
 */
export function totalOf(
  ex: Executor,
  from: PgTable,
  where: SQL | undefined,
  countUpTo?: number,
): SQL<number> {
  const counted =
    countUpTo === undefined
      ? ex.select({ n: count() }).from(from).where(where)
      : ex.select({ n: count() }).from(rowsUpTo(ex, from, where, countUpTo));
  return sql<number>`(${counted})`.mapWith(Number);
}

/** The first `countUpTo` + 1 matching rows, as nothing but themselves: one past the cap tells
 * "more" from "exactly the cap". */
const rowsUpTo = (ex: Executor, from: PgTable, where: SQL | undefined, countUpTo: number) =>
  ex
    .select({ one: sql`1` })
    .from(from)
    .where(where)
    .limit(countUpTo + 1)
    .as('counted');

/**
 * The condition that picks one page's rows by their keys: the keys of the page, in the list's
 * order, read from an index alone. Deep pages of a long list (a distributor's thousands of
 * orders, the desk's archive) then skip the earlier rows in the index instead of reading each
 * from the table: 1,000 rows in was 7–10 ms one way and 2–4 ms this way (decision 0049).
 */
export function pageKeys(
  ex: Executor,
  query: PagedQuery<PgTable> & { key: AnyPgColumn },
  limit: number | Placeholder,
  offset: number | Placeholder,
): SQL {
  return inArray(
    query.key,
    ex
      .select({ key: query.key })
      .from(query.from)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(limit)
      .offset(offset),
  );
}

/** The key under which a row of the page carries the total (no table has such a column). */
const TOTAL = '__pagedListTotal';
type WithTotal<T> = T & { [TOTAL]: number };

/** `fields` and the total (`totalOf`), which every row of the page then carries. */
export function withTotal<TFields extends SelectedFields>(
  ex: Executor,
  fields: TFields,
  from: PgTable,
  where: SQL | undefined,
  countUpTo?: number,
): TFields & { [TOTAL]: SQL<number> } {
  return { ...fields, [TOTAL]: totalOf(ex, from, where, countUpTo) };
}

/**
 * A page's rows without the total they carry, and the total: without rows, 0 on the first page
 * (nothing matches), else the count alone (a page past the end).
 */
export async function splitTotal<T>(
  rows: WithTotal<T>[],
  offset: number,
  countAlone: () => Promise<number>,
): Promise<{ items: T[]; total: number }> {
  const items = rows.map(({ [TOTAL]: _total, ...row }) => row as T);
  const first = rows[0];
  const total = first ? first[TOTAL] : offset === 0 ? 0 : await countAlone();
  return { items, total };
}

/**
 * One page of any list the console or a member browses: the rows of the page (`LIMIT` /
 * `OFFSET`, in the given order) and the number of all rows matching `where`, in one statement:
 * every row carries the total (`withTotal`), so the page and its count are one round trip, one
 * connection, one snapshot. A page with no rows carries nothing: the first page's total is
 * then 0, and a page past the end asks the count alone.
 *
 * Decision 0041 measured the count beside the page against `count(*) OVER ()`: the window has
 * to read and keep every matching row before the first one is sent, the count reads only an
 * index, so the count wins as lists grow. Decision 0049 moved that count into the page's
 * statement: two statements side by side (two connections, two backends to wake) cost the
 * member's lists more than the count itself.
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
  const offset = (page.page - 1) * page.pageSize;
  const fields = withTotal(
    ex,
    query.fields ?? getTableColumns(query.from),
    query.from,
    query.where,
    query.countUpTo,
  );
  const base = ex.select(fields).from(query.from).$dynamic();
  const rows = query.join ? query.join(base) : base;
  const { key } = query;
  const onPage =
    key && offset > 0
      ? rows.where(pageKeys(ex, { ...query, key }, page.pageSize, offset))
      : rows.where(query.where).limit(page.pageSize).offset(offset);
  const found = (await onPage.orderBy(...query.orderBy)) as WithTotal<Record<string, unknown>>[];
  const { items, total } = await splitTotal(found, offset, async () =>
    query.countUpTo === undefined
      ? ex.$count(query.from, query.where)
      : ex.$count(rowsUpTo(ex, query.from, query.where, query.countUpTo)),
  );
  const cap = query.countUpTo;
  return cap !== undefined && total > cap
    ? { items, total: cap, page: page.page, pageSize: page.pageSize, moreThanTotal: true }
    : { items, total, page: page.page, pageSize: page.pageSize };
}

/** The same page with its rows turned into what the caller answers (names looked up at once). */
export async function mapPage<T, U>(
  page: Page<T>,
  map: (items: T[]) => U[] | Promise<U[]>,
): Promise<Page<U>> {
  return { ...page, items: await map(page.items) };
}
