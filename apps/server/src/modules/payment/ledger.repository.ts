import { and, asc, count, desc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { PaymentChannel } from '../../integrations/payment/payment-provider';
import type { Db, Executor, Tx } from '../../db/client';
import {
  pagedList,
  pageKeys,
  splitTotal,
  withTotal,
  type Page,
  type PageRequest,
} from '../../db/paged-list';
import {
  ledgerAccount,
  ledgerEntry,
  ledgerTxn,
  type LedgerAccountKind,
  type LedgerTxnKind,
  type LedgerTxnRow,
} from './ledger.table';

/** The account keys (decision 0051): one place that spells them. */
export const accounts = {
  balance: (memberId: number) => `mb:${memberId}`,
  gift: (memberId: number) => `mg:${memberId}`,
  hold: (memberId: number) => `mh:${memberId}`,
  order: (orderId: number) => `order:${orderId}`,
  clearing: (channel: PaymentChannel) => `clearing:${channel}`,
  refundPending: (channel: PaymentChannel) => `refund:${channel}`,
  bank: 'bank',
  adjustment: 'adjustment',
  /** 月结: the member's available credit (decision 0059). */
  credit: (memberId: number) => `mc:${memberId}`,
  creditSource: 'credit',
  coupon: 'coupon',
} as const;

/** One entry of a logged transaction: how much, and which kind of account (and channel). */
export interface LogEntry {
  amount: number;
  kind: LedgerAccountKind;
  channel: PaymentChannel | null;
  memberId: number | null;
}

/** A transaction as the member's log (收支明细) shows it, with its entries. */
export interface MemberLogTxn extends Pick<
  LedgerTxnRow,
  'id' | 'kind' | 'orderId' | 'orderNo' | 'note' | 'createdAt'
> {
  entries: LogEntry[];
}

/** Kinds whose balance never goes below zero (ledger_account_balance_ck). */
const NON_NEGATIVE: ReadonlySet<LedgerAccountKind> = new Set([
  'memberBalance',
  'memberGift',
  'memberHold',
  'order',
  'refundPending',
  'memberCredit',
]);

/** One leg of a posting: fen into the account named by `key` (negative: out of it). */
export interface Leg {
  key: string;
  amount: number;
}

export interface Posting {
  kind: LedgerTxnKind;
  /** The event's own key, unique across the ledger (`orderPay:12`, `receipt:alipay:P…`). */
  ref: string;
  memberId?: number | null;
  orderId?: number | null;
  orderNo?: string | null;
  attemptId?: number | null;
  note?: string | null;
  staffId?: number | null;
  at: Date;
  legs: Leg[];
}

/** A leg would take an account below zero: nothing was written. */
export class LedgerShortfall extends Error {
  constructor(
    readonly key: string,
    readonly balance: number,
    readonly amount: number,
  ) {
    super(`ledger account ${key} holds ${balance}, cannot give ${-amount}`);
    this.name = 'LedgerShortfall';
  }
}

interface LockedAccount {
  id: number;
  kind: LedgerAccountKind;
  balance: number;
}

/**
 * The double-entry ledger: accounts, postings, balances and logs. Postings run in the caller's
 * transaction (the change they record); they lock their accounts in id order first, so two
 * postings never wait on each other crosswise, check that no account that must stay at or
 * above zero would fall below it, and write the transaction and its entries — the database
 * applies each entry to its account's balance and checks at commit that the entries sum to zero.
 */
export function createLedger(db: Db) {
  const logQueries = prepareLogQueries(db);
  /**
   * Accounts made the first time they are needed, in one statement and always in the same
   * order (the member's three, then credit's two, then the order's), so two makers never wait
   * on each other crosswise: a member's balance, gift and hold accounts together (ascending
   * ids); 月结's source and the member's credit account (decision 0059); an order's account.
   */
  async function ensureAccounts(
    ex: Executor,
    of: { member?: number; credit?: number; order?: { id: number; memberId: number } },
  ): Promise<void> {
    const rows: (typeof ledgerAccount.$inferInsert)[] = [];
    if (of.member !== undefined) {
      rows.push(
        { key: accounts.balance(of.member), kind: 'memberBalance', memberId: of.member },
        { key: accounts.gift(of.member), kind: 'memberGift', memberId: of.member },
        { key: accounts.hold(of.member), kind: 'memberHold', memberId: of.member },
      );
    }
    if (of.credit !== undefined) {
      rows.push(
        { key: accounts.creditSource, kind: 'credit' },
        { key: accounts.credit(of.credit), kind: 'memberCredit', memberId: of.credit },
      );
    }
    if (of.order) {
      rows.push({
        key: accounts.order(of.order.id),
        kind: 'order',
        memberId: of.order.memberId,
        orderId: of.order.id,
      });
    }
    if (rows.length === 0) return;
    // Only the keys not there yet reach the insert. `ON CONFLICT DO NOTHING` alone waits for
    // any transaction that has changed a conflicting row (a payment moving the member's balance
    // updates `mb:…`) to end: a cancel holding its order then waited on a payment waiting on
    // what the cancel held, a deadlock (the SIGKILL test, seed 20261127). The snapshot's
    // `NOT EXISTS` waits for nobody; a key another transaction is inserting still meets the
    // conflict and waits for it, as it must.
    // In the order given (the keys' ids follow it; two transactions making the same new keys
    // meet them in the same order).
    const values = sql.join(
      rows.map(
        (r, i) =>
          sql`(${i}::integer, ${r.key}, ${r.kind}, ${r.memberId ?? null}::integer, ${r.orderId ?? null}::integer)`,
      ),
      sql`, `,
    );
    await ex.execute(sql`
      INSERT INTO ${ledgerAccount} (key, kind, member_id, order_id)
      SELECT v.key, v.kind, v.member_id, v.order_id
      FROM (VALUES ${values}) AS v (n, key, kind, member_id, order_id)
      WHERE NOT EXISTS (SELECT 1 FROM ${ledgerAccount} a WHERE a.key = v.key)
      ORDER BY v.n
      ON CONFLICT (key) DO NOTHING`);
  }

  const ensureMember = (ex: Executor, memberId: number) => ensureAccounts(ex, { member: memberId });
  const ensureCredit = (ex: Executor, memberId: number) => ensureAccounts(ex, { credit: memberId });
  const ensureOrder = (ex: Executor, orderId: number, memberId: number) =>
    ensureAccounts(ex, { order: { id: orderId, memberId } });

  /** Locks the accounts (in id order) for the rest of the transaction; their balances. */
  async function lock(tx: Tx, keys: readonly string[]): Promise<Map<string, LockedAccount>> {
    const unique = [...new Set(keys)];
    const rows = await tx
      .select({
        id: ledgerAccount.id,
        key: ledgerAccount.key,
        kind: ledgerAccount.kind,
        balance: ledgerAccount.balance,
      })
      .from(ledgerAccount)
      .where(inArray(ledgerAccount.key, unique))
      .orderBy(asc(ledgerAccount.id))
      .for('update');
    const found = new Map(rows.map((r) => [r.key, { id: r.id, kind: r.kind, balance: r.balance }]));
    const missing = unique.filter((k) => !found.has(k));
    if (missing.length > 0) throw new Error(`ledger accounts missing: ${missing.join(', ')}`);
    return found;
  }

  /**
   * Writes one transaction; null when its `ref` was posted before (the event is already in the
   * books: nothing is written twice). Throws LedgerShortfall, writing nothing, when a leg would
   * take a never-negative account below zero.
   */
  async function post(tx: Tx, posting: Posting): Promise<number | null> {
    const merged = new Map<string, number>();
    for (const leg of posting.legs) merged.set(leg.key, (merged.get(leg.key) ?? 0) + leg.amount);
    const legs = [...merged].filter(([, amount]) => amount !== 0);
    if (legs.reduce((sum, [, amount]) => sum + amount, 0) !== 0) {
      throw new Error(`ledger posting ${posting.ref} does not balance`);
    }
    if (legs.length === 0) return null;
    const locked = await lock(
      tx,
      legs.map(([key]) => key),
    );
    for (const [key, amount] of legs) {
      const account = locked.get(key)!;
      if (amount < 0 && NON_NEGATIVE.has(account.kind) && account.balance + amount < 0) {
        throw new LedgerShortfall(key, account.balance, amount);
      }
    }
    // The transaction and its entries in one statement (one round trip): no entries when the
    // ref was posted before. Entries in account-id order, as the accounts were locked.
    const entries = legs
      .map(([key, amount]) => ({ accountId: locked.get(key)!.id, amount }))
      .sort((a, b) => a.accountId - b.accountId);
    const written = await tx.execute<{ txn_id: string | number }>(sql`
      WITH txn AS (
        INSERT INTO ${ledgerTxn} (kind, ref, member_id, order_id, order_no, attempt_id, note,
          staff_id, created_at)
        VALUES (${posting.kind}, ${posting.ref}, ${posting.memberId ?? null},
          ${posting.orderId ?? null}, ${posting.orderNo ?? null}, ${posting.attemptId ?? null},
          ${posting.note ?? null}, ${posting.staffId ?? null}, ${posting.at})
        ON CONFLICT (ref) DO NOTHING
        RETURNING id)
      INSERT INTO ${ledgerEntry} (txn_id, account_id, amount, created_at)
      SELECT txn.id, e.account_id, e.amount, ${posting.at}
      FROM txn CROSS JOIN unnest(
        ${`{${entries.map((e) => e.accountId).join(',')}}`}::integer[],
        ${`{${entries.map((e) => e.amount).join(',')}}`}::bigint[]
      ) WITH ORDINALITY AS e(account_id, amount, n)
      ORDER BY e.n
      RETURNING txn_id`);
    const txnId = written.rows[0]?.txn_id;
    return txnId === undefined ? null : Number(txnId);
  }

  /** One account's balance (zero before it exists). */
  async function balanceOf(key: string, ex: Executor = db): Promise<number> {
    const [row] = await ex
      .select({ balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(eq(ledgerAccount.key, key));
    return row?.balance ?? 0;
  }

  /** The member's three balances (zero before their accounts exist). */
  async function balancesOf(memberId: number, ex: Executor = db) {
    const rows = await ex
      .select({ key: ledgerAccount.key, balance: ledgerAccount.balance })
      .from(ledgerAccount)
      .where(
        inArray(ledgerAccount.key, [
          accounts.balance(memberId),
          accounts.gift(memberId),
          accounts.hold(memberId),
        ]),
      );
    const of = (key: string) => rows.find((r) => r.key === key)?.balance ?? 0;
    return {
      balance: of(accounts.balance(memberId)),
      giftBalance: of(accounts.gift(memberId)),
      held: of(accounts.hold(memberId)),
    };
  }

  /** Days as China time: `[from 00:00, to + 1 day 00:00)`. */
  function dayRange(column: AnyPgColumn, from?: string, to?: string) {
    const conditions: SQL[] = [];
    if (from) conditions.push(gte(column, new Date(chinaDayStart(from))));
    if (to) conditions.push(lt(column, new Date(chinaDayStart(to, 1))));
    return conditions;
  }

  return {
    ensureAccounts,
    ensureMember,
    ensureCredit,
    ensureOrder,
    lock,
    post,
    balanceOf,
    balancesOf,

    /** The transaction posted under `ref` with its legs (by account key), or null. */
    async postedUnder(ex: Executor, ref: string) {
      const rows = await ex
        .select({
          memberId: ledgerTxn.memberId,
          note: ledgerTxn.note,
          key: ledgerAccount.key,
          amount: ledgerEntry.amount,
        })
        .from(ledgerTxn)
        .innerJoin(ledgerEntry, eq(ledgerEntry.txnId, ledgerTxn.id))
        .innerJoin(ledgerAccount, eq(ledgerAccount.id, ledgerEntry.accountId))
        .where(eq(ledgerTxn.ref, ref));
      const [first] = rows;
      if (!first) return null;
      return {
        memberId: first.memberId,
        note: first.note,
        legs: new Map(rows.map((r) => [r.key, r.amount])),
      };
    },

    /**
     * The member's money events of these kinds, newest first, each with its entries (the
     * accounts' kinds and channels name how the money moved), and how many there are: one
     * prepared statement after the token check (`prepareLogQueries`).
     */
    async memberLog(
      memberId: number,
      filter: { kinds: readonly LedgerTxnKind[]; from?: string; to?: string },
      page: PageRequest,
    ): Promise<Page<MemberLogTxn>> {
      const offset = (page.page - 1) * page.pageSize;
      const params = {
        memberId,
        kinds: [...filter.kinds],
        from: filter.from ? chinaDayStart(filter.from) : '-infinity',
        to: filter.to ? chinaDayStart(filter.to, 1) : 'infinity',
        limit: page.pageSize,
        offset,
      };
      const rows = await (offset > 0 ? logQueries.deepPage : logQueries.page).execute(params);
      const { items, total } = await splitTotal(rows, offset, async () => {
        const [row] = await logQueries.count.execute(params);
        return row?.n ?? 0;
      });
      return { items, total, page: page.page, pageSize: page.pageSize };
    },

    /** One account's entries with their transactions, newest first (a balance's log). */
    async accountLog(
      key: string,
      filter: { kinds: readonly LedgerTxnKind[]; from?: string; to?: string },
      page: PageRequest,
    ) {
      const [account] = await db
        .select({ id: ledgerAccount.id })
        .from(ledgerAccount)
        .where(eq(ledgerAccount.key, key));
      if (!account) return { items: [], total: 0, page: page.page, pageSize: page.pageSize };
      const kinds = sql.join(
        filter.kinds.map((k) => sql`${k}`),
        sql`, `,
      );
      return pagedList<{
        id: number;
        amount: number;
        balanceAfter: number;
        createdAt: Date;
        kind: LedgerTxnKind;
        orderId: number | null;
        orderNo: string | null;
        note: string | null;
      }>(
        db,
        {
          from: ledgerEntry,
          fields: {
            id: ledgerEntry.id,
            amount: ledgerEntry.amount,
            balanceAfter: ledgerEntry.balanceAfter,
            createdAt: ledgerEntry.createdAt,
            kind: ledgerTxn.kind,
            orderId: ledgerTxn.orderId,
            orderNo: ledgerTxn.orderNo,
            note: ledgerTxn.note,
          },
          join: (q) => q.innerJoin(ledgerTxn, eq(ledgerTxn.id, ledgerEntry.txnId)),
          where: and(
            eq(ledgerEntry.accountId, account.id),
            // Per entry, by the transaction's key: the count needs no join.
            sql`EXISTS (SELECT 1 FROM ${ledgerTxn} t WHERE t.id = ${ledgerEntry.txnId} AND t.kind IN (${kinds}))`,
            ...dayRange(ledgerEntry.createdAt, filter.from, filter.to),
          ),
          orderBy: [desc(ledgerEntry.createdAt), desc(ledgerEntry.id)],
        },
        page,
      );
    },
  };
}

export type Ledger = ReturnType<typeof createLedger>;

/** A China day's 00:00 (`2026-11-26`), or that of `days` later, as an ISO instant. */
function chinaDayStart(day: string, days = 0): string {
  const start = new Date(`${day}T00:00:00+08:00`);
  start.setUTCDate(start.getUTCDate() + days);
  return start.toISOString();
}

/**
 * The member's money log (收支明细), prepared once per connection as the member's order lists
 * are (decision 0049): planning it each time cost PostgreSQL more than running it (decision
 * 0058). One shape for every filter: the kinds are an array, and days without a bound are
 * `-infinity`/`infinity`, so the member's index (member, time, id, kind) serves them all.
 *
 * A page carries its total (`withTotal`) and each row its entries (a column read through
 * ledger_entry_txn for the page's rows alone): one round trip. Pages after the first find their
 * keys in the index alone (`pageKeys`); the count alone answers a page past the end.
 */
function prepareLogQueries(db: Db) {
  const where = and(
    eq(ledgerTxn.memberId, sql.placeholder('memberId')),
    sql`${ledgerTxn.kind} = ANY(${sql.placeholder('kinds')}::text[])`,
    gte(ledgerTxn.createdAt, sql`${sql.placeholder('from')}::timestamptz`),
    lt(ledgerTxn.createdAt, sql`${sql.placeholder('to')}::timestamptz`),
  );
  const newestFirst = [desc(ledgerTxn.createdAt), desc(ledgerTxn.id)];
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const columns = {
    id: ledgerTxn.id,
    kind: ledgerTxn.kind,
    orderId: ledgerTxn.orderId,
    orderNo: ledgerTxn.orderNo,
    note: ledgerTxn.note,
    createdAt: ledgerTxn.createdAt,
    // Written out: drizzle leaves a one-table select's columns unqualified.
    entries: sql<LogEntry[]>`(SELECT coalesce(json_agg(json_build_object(
        'amount', e.amount, 'kind', a.kind, 'channel', a.channel, 'memberId', a.member_id)
        ORDER BY e.id), '[]')
      FROM ledger_entry e JOIN ledger_account a ON a.id = e.account_id
      WHERE e.txn_id = "ledger_txn"."id")`,
  };
  const rows = () =>
    db
      .select(withTotal(db, columns, ledgerTxn, where))
      .from(ledgerTxn)
      .orderBy(...newestFirst)
      .$dynamic();
  return {
    page: rows().where(where).limit(limit).offset(offset).prepare('ledger_member_log_page'),
    deepPage: rows()
      .where(
        pageKeys(
          db,
          { from: ledgerTxn, where, orderBy: newestFirst, key: ledgerTxn.id },
          limit,
          offset,
        ),
      )
      .prepare('ledger_member_log_deep_page'),
    count: db
      .select({ n: count() })
      .from(ledgerTxn)
      .where(where)
      .prepare('ledger_member_log_count'),
  };
}
