import { and, eq, lt, sql, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Executor, Tx } from './client';
import { columnKey } from './column-key';

type Order = PgColumn | SQL;

/**
 * A list each member keeps of their own (shipping addresses, order contacts, invoice
 * profiles): at most `cap` rows per owner, and exactly one default while any exist — per
 * owner, or per owner and `group` (contacts: one main per type). Decision 0041.
 */
export interface OwnedList<T extends PgTable & { id: PgColumn }> {
  items: T;
  owner: PgColumn;
  isDefault: PgColumn;
  /** One default per owner and group; per owner when left out. */
  group?: PgColumn;
  /**
   * One row per owner: how many rows they hold (a CHECK keeps it within 0…cap) and, locked
   * first by every write, the owner's lock.
   */
  counter: { table: PgTable; owner: PgColumn; count: PgColumn };
  cap: number;
  /**
   * Which row becomes the default when the default is deleted or leaves its group: the first
   * in this order — the list's own order after its default, so the row shown next takes over.
   */
  successorOrder: readonly Order[];
}

export type OwnedRow<T extends PgTable> = InferSelectModel<T>;

/**
 * Makes the owner's count row match their rows (after a seed wrote rows directly). Counts
 * are otherwise only changed by `reserve` and `delete`, under the owner's lock.
 */
export async function recountOwned(
  ex: Executor,
  list: OwnedList<PgTable & { id: PgColumn }>,
  ownerId: number,
): Promise<void> {
  const { counter } = list;
  await ex.execute(sql`
    INSERT INTO ${counter.table} (${sql.identifier(counter.owner.name)}, ${sql.identifier(counter.count.name)})
    SELECT ${ownerId}, count(*) FROM ${list.items} WHERE ${list.owner} = ${ownerId}
    ON CONFLICT (${sql.identifier(counter.owner.name)})
    DO UPDATE SET ${sql.identifier(counter.count.name)} = EXCLUDED.${sql.identifier(counter.count.name)}`);
}

/**
 * The one implementation of an owned list's rules; each module's repository builds it from
 * its tables, and its service keeps what is its own (messages, which fields a row holds).
 *
 * Every write runs in one transaction that first locks the owner's count row (made on first
 * use from the rows the owner holds), so one owner's writes take turns and each reads a
 * settled list. The cap is reserved atomically by the conditional
 * `UPDATE … SET count = count + 1 WHERE count < cap` before the insert; the partial unique
 * index on the default (per owner, or owner and group) refuses a second default whatever
 * happens. Another owner's id is never found: every statement names the owner.
 */
export function createOwnedList<T extends PgTable & { id: PgColumn }>(db: Db, list: OwnedList<T>) {
  type Row = OwnedRow<T>;
  const { items, owner, isDefault, group, counter } = list;
  const defaultKey = columnKey(items, isDefault);
  const groupKey = group ? columnKey(items, group) : undefined;
  const countKey = columnKey(counter.table, counter.count);
  const ownerKey = columnKey(counter.table, counter.owner);
  const rowsOf = (rows: unknown) => rows as Row[];

  const owned = (ownerId: number, id: number) => and(eq(owner, ownerId), eq(items.id, id));
  /** The owner's rows of one group (all of them without groups). */
  const inGroup = (ownerId: number, groupValue: unknown) =>
    and(eq(owner, ownerId), group ? eq(group, groupValue) : undefined);
  const groupOf = (row: Row): unknown =>
    groupKey ? (row as Record<string, unknown>)[groupKey] : undefined;
  const isDefaultRow = (row: Row) => (row as Record<string, unknown>)[defaultKey] === true;

  async function lock(tx: Tx, ownerId: number): Promise<void> {
    const locked = () =>
      tx
        .select({ owner: counter.owner })
        .from(counter.table)
        .where(eq(counter.owner, ownerId))
        .for('update');
    if ((await locked()).length > 0) return;
    // The owner's first write (or their first since the count rows came): count what they hold.
    await tx
      .insert(counter.table)
      .values({
        [ownerKey]: ownerId,
        [countKey]: sql`(SELECT count(*) FROM ${items} WHERE ${owner} = ${ownerId})`,
      } as never)
      .onConflictDoNothing();
    await locked();
  }

  /** What a write may do, once the owner's lock is held. */
  function writer(tx: Tx, ownerId: number) {
    const clearDefault = async (groupValue?: unknown) => {
      await tx
        .update(items)
        .set({ [defaultKey]: false } as never)
        .where(and(inGroup(ownerId, groupValue), eq(isDefault, true)));
    };

    const hasDefault = async (groupValue?: unknown) =>
      (
        await tx
          .select({ id: items.id })
          .from(items as PgTable)
          .where(and(inGroup(ownerId, groupValue), eq(isDefault, true)))
      ).length > 0;

    const find = async (id: number): Promise<Row | undefined> =>
      rowsOf(
        await tx
          .select()
          .from(items as PgTable)
          .where(owned(ownerId, id)),
      )[0];

    const mark = async (id: number): Promise<Row | undefined> =>
      rowsOf(
        await tx
          .update(items)
          .set({ [defaultKey]: true } as never)
          .where(owned(ownerId, id))
          .returning(),
      )[0];

    /** The group's successor becomes its default, unless it has one (or no row is left). */
    const promote = async (groupValue?: unknown): Promise<void> => {
      if (await hasDefault(groupValue)) return;
      const [next] = await tx
        .select({ id: items.id })
        .from(items as PgTable)
        .where(inGroup(ownerId, groupValue))
        .orderBy(...list.successorOrder)
        .limit(1);
      if (next) await mark(next.id as number);
    };

    return {
      tx,
      find,
      hasDefault,
      clearDefault,
      promote,

      /** One more row for the owner: false at the cap (nothing changed). */
      async reserve(): Promise<boolean> {
        const rows = await tx
          .update(counter.table)
          .set({ [countKey]: sql`${counter.count} + 1` } as never)
          .where(and(eq(counter.owner, ownerId), lt(counter.count, list.cap)))
          .returning({ owner: counter.owner });
        return rows.length > 0;
      },

      /** The row becomes its group's one default; undefined when the owner has no such row. */
      async setDefault(id: number): Promise<Row | undefined> {
        const row = await find(id);
        if (!row || isDefaultRow(row)) return row;
        await clearDefault(groupOf(row));
        return mark(id);
      },

      /**
       * Deletes the row and gives its place back; when it was its group's default, the
       * successor takes over. Undefined when the owner has no such row.
       */
      async delete(id: number): Promise<Row | undefined> {
        const [row] = rowsOf(await tx.delete(items).where(owned(ownerId, id)).returning());
        if (!row) return undefined;
        await tx
          .update(counter.table)
          .set({ [countKey]: sql`${counter.count} - 1` } as never)
          .where(eq(counter.owner, ownerId));
        if (isDefaultRow(row)) await promote(groupOf(row));
        return row;
      },
    };
  }

  type Writer = ReturnType<typeof writer>;

  /** `work` in a transaction holding the owner's lock. */
  const write = <R>(ownerId: number, work: (w: Writer) => Promise<R>): Promise<R> =>
    db.transaction(async (tx) => {
      await lock(tx, ownerId);
      return work(writer(tx, ownerId));
    });

  return {
    write,

    /**
     * A new row, unless the owner is at the cap (undefined, nothing written). It is its group's
     * default when asked to be or when the group has none; the old default is cleared first.
     */
    create: (
      ownerId: number,
      options: { group?: unknown; wantsDefault: boolean },
      insert: (tx: Tx, isDefault: boolean) => Promise<Row>,
    ): Promise<Row | undefined> =>
      write(ownerId, async (w) => {
        if (!(await w.reserve())) return undefined;
        const hasDefault = await w.hasDefault(options.group);
        const makeDefault = options.wantsDefault || !hasDefault;
        if (makeDefault && hasDefault) await w.clearDefault(options.group);
        return insert(w.tx, makeDefault);
      }),

    setDefault: (ownerId: number, id: number) => write(ownerId, (w) => w.setDefault(id)),

    delete: (ownerId: number, id: number) => write(ownerId, (w) => w.delete(id)),
  };
}

export type OwnedListWriter<T extends PgTable & { id: PgColumn }> = Parameters<
  Parameters<ReturnType<typeof createOwnedList<T>>['write']>[1]
>[0];
