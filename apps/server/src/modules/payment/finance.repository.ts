import {
  and,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lt,
  not,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type {
  FinancePaymentMethod,
  FinancePaymentState,
  FinanceRefundState,
  MemberLedgerAccount,
} from '@pcb/contract';
import type { Db } from '../../db/client';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import { accounts } from './ledger.repository';
import { ledgerAccount, ledgerEntry, ledgerTxn, type LedgerTxnKind } from './ledger.table';
import {
  orderPayment,
  paymentAttempt,
  paymentRefund,
  type OrderPaymentRow,
  type PaymentAttemptRow,
  type PaymentRefundRow,
} from './payment.table';

/** Days as China time, both inclusive: `[from 00:00, to + 1 day 00:00)`. */
function dayRange(column: AnyPgColumn, from?: string, to?: string): SQL[] {
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(column, new Date(`${from}T00:00:00+08:00`)));
  if (to) {
    const end = new Date(`${to}T00:00:00+08:00`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(column, end));
  }
  return conditions;
}

export interface PaymentFilter {
  method?: FinancePaymentMethod | undefined;
  state?: FinancePaymentState | undefined;
  purpose?: 'order' | 'recharge' | 'bill' | undefined;
  memberId?: number | undefined;
  /** The order, when an order number was asked (resolved by the order module). */
  orderId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

export interface RefundFilter {
  state?: FinanceRefundState | undefined;
  channel?: 'alipay' | 'wechat' | undefined;
  memberId?: number | undefined;
  orderId?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** A provider refund with the order number and order of the payment it returns. */
export interface RefundListRow {
  refund: PaymentRefundRow;
  orderNo: string | null;
  attemptOrderId: number | null;
}

/** One key of the payments list: an online payment, or an order paid without one. */
export type PaymentKey = { source: 'online'; id: number } | { source: 'order'; id: number };

/** A refund was asked of the provider for this online payment (at most one: its unique key). */
const refundAsked = sql`EXISTS (SELECT 1 FROM ${paymentRefund} r WHERE r.attempt_id = ${paymentAttempt}.id)`;

/**
 * The online payments matching the filter (`payment_attempt`); null when none can (the filter
 * names what only orders paid otherwise have).
 */
function onlineWhere(f: PaymentFilter): SQL | null {
  const conditions: (SQL | undefined)[] = [];
  switch (f.method) {
    case undefined:
      break;
    case 'alipay':
    case 'wechat':
      conditions.push(eq(paymentAttempt.channel, f.method));
      break;
    // The balance part of 余额+在线.
    case 'balance':
      conditions.push(sql`${paymentAttempt.balanceFen} > 0`);
      break;
    default:
      return null;
  }
  switch (f.state) {
    case undefined:
      break;
    case 'pending':
      conditions.push(eq(paymentAttempt.status, 'open'));
      break;
    case 'closed':
      conditions.push(eq(paymentAttempt.status, 'closed'));
      break;
    case 'paid':
      conditions.push(eq(paymentAttempt.status, 'paid'), not(refundAsked));
      break;
    case 'refunded':
      conditions.push(eq(paymentAttempt.status, 'paid'), refundAsked);
      break;
  }
  if (f.purpose) conditions.push(eq(paymentAttempt.purpose, f.purpose));
  if (f.memberId !== undefined) conditions.push(eq(paymentAttempt.memberId, f.memberId));
  if (f.orderId !== undefined) conditions.push(eq(paymentAttempt.orderId, f.orderId));
  conditions.push(...dayRange(paymentAttempt.createdAt, f.from, f.to));
  return and(...conditions) ?? sql`TRUE`;
}

/**
 * Orders paid without an online payment (`order_payment` of the balance, the gift balance or a
 * transfer; 余额+在线 and online ones are their online payment's row); null when none can match.
 */
function orderWhere(f: PaymentFilter): SQL | null {
  if (f.purpose === 'recharge' || f.purpose === 'bill') return null;
  if (f.state === 'pending' || f.state === 'closed') return null;
  if (f.method === 'alipay' || f.method === 'wechat') return null;
  const conditions: (SQL | undefined)[] = [isNull(orderPayment.attemptId)];
  if (f.method) conditions.push(eq(orderPayment.method, f.method));
  if (f.state === 'paid') conditions.push(isNull(orderPayment.refundedAt));
  if (f.state === 'refunded') conditions.push(isNotNull(orderPayment.refundedAt));
  if (f.memberId !== undefined) conditions.push(eq(orderPayment.memberId, f.memberId));
  if (f.orderId !== undefined) conditions.push(eq(orderPayment.orderId, f.orderId));
  conditions.push(...dayRange(orderPayment.paidAt, f.from, f.to));
  return and(...conditions)!;
}

/**
 * Finance's lists (decision 0054), on the payment module's own tables: every payment (online
 * payments and orders paid otherwise, as one list newest first), the provider refunds, and a
 * member's ledger entries.
 */
export function createFinanceRepository(db: Db) {
  return {
    /**
     * One page of payments: the keys of the page in one statement over both tables (each filtered
     * by its own indexes, merged by time), and how many match in all.
     */
    async paymentKeys(
      filter: PaymentFilter,
      page: PageRequest,
    ): Promise<{ keys: PaymentKey[]; total: number }> {
      const online = onlineWhere(filter);
      const paid = orderWhere(filter);
      const offset = (page.page - 1) * page.pageSize;
      // Each table gives its newest rows up to the end of the page, read backwards along its
      // time index; the page is cut from their merge. (PostgreSQL sorts a whole UNION ALL
      // instead when the order and limit are only outside it.)
      const reach = offset + page.pageSize;
      const branches: SQL[] = [];
      if (online) {
        branches.push(
          sql`(SELECT 'online' AS source, ${paymentAttempt.id} AS id, ${paymentAttempt.createdAt} AS at
            FROM ${paymentAttempt} WHERE ${online}
            ORDER BY ${paymentAttempt.createdAt} DESC, ${paymentAttempt.id} DESC LIMIT ${reach})`,
        );
      }
      if (paid) {
        branches.push(
          sql`(SELECT 'order' AS source, ${orderPayment.orderId} AS id, ${orderPayment.paidAt} AS at
            FROM ${orderPayment} WHERE ${paid}
            ORDER BY ${orderPayment.paidAt} DESC, ${orderPayment.orderId} DESC LIMIT ${reach})`,
        );
      }
      if (branches.length === 0) return { keys: [], total: 0 };
      const [rows, onlineCount, paidCount] = await Promise.all([
        db.execute<{ source: 'online' | 'order'; id: number }>(
          sql`SELECT source, id FROM (${sql.join(branches, sql` UNION ALL `)}) p
            ORDER BY at DESC, source, id DESC LIMIT ${page.pageSize} OFFSET ${offset}`,
        ),
        online ? db.$count(paymentAttempt, online) : 0,
        paid ? db.$count(orderPayment, paid) : 0,
      ]);
      return {
        keys: rows.rows.map((r) => ({ source: r.source, id: Number(r.id) })),
        total: onlineCount + paidCount,
      };
    },

    /** These online payments, each with whether a refund was asked for it. */
    async attemptsWithRefund(
      ids: readonly number[],
    ): Promise<{ attempt: PaymentAttemptRow; refundId: number | null }[]> {
      if (ids.length === 0) return [];
      return db
        .select({ attempt: paymentAttempt, refundId: paymentRefund.id })
        .from(paymentAttempt)
        .leftJoin(paymentRefund, eq(paymentRefund.attemptId, paymentAttempt.id))
        .where(inArray(paymentAttempt.id, [...ids]));
    },

    async orderPayments(orderIds: readonly number[]): Promise<OrderPaymentRow[]> {
      if (orderIds.length === 0) return [];
      return db
        .select()
        .from(orderPayment)
        .where(inArray(orderPayment.orderId, [...orderIds]));
    },

    /** One page of provider refunds, newest first, with the order number of their payment. */
    refunds(filter: RefundFilter, page: PageRequest): Promise<Page<RefundListRow>> {
      const conditions: (SQL | undefined)[] = [];
      if (filter.state) conditions.push(eq(paymentRefund.status, filter.state));
      if (filter.channel) conditions.push(eq(paymentRefund.channel, filter.channel));
      if (filter.memberId !== undefined) {
        conditions.push(eq(paymentRefund.memberId, filter.memberId));
      }
      if (filter.orderId !== undefined) {
        // A cancel's refund and a duplicate's: both are of a payment asked for the order.
        conditions.push(
          inArray(
            paymentRefund.attemptId,
            db
              .select({ id: paymentAttempt.id })
              .from(paymentAttempt)
              .where(eq(paymentAttempt.orderId, filter.orderId)),
          ),
        );
      }
      conditions.push(...dayRange(paymentRefund.createdAt, filter.from, filter.to));
      return pagedList<RefundListRow>(
        db,
        {
          from: paymentRefund,
          fields: {
            refund: paymentRefund,
            orderNo: paymentAttempt.orderNo,
            attemptOrderId: paymentAttempt.orderId,
          },
          // Every refund has its payment (`attempt_id` names one row): the join adds columns only.
          join: (q) => q.leftJoin(paymentAttempt, eq(paymentAttempt.id, paymentRefund.attemptId)),
          where: and(...conditions),
          orderBy: [desc(paymentRefund.createdAt), desc(paymentRefund.id)],
        },
        page,
      );
    },

    /** The ids of the member's accounts that exist (none before their first money event). */
    async memberAccounts(
      memberId: number,
      only?: MemberLedgerAccount,
    ): Promise<Map<number, MemberLedgerAccount>> {
      const keys: Record<MemberLedgerAccount, string> = {
        balance: accounts.balance(memberId),
        gift: accounts.gift(memberId),
        hold: accounts.hold(memberId),
      };
      const wanted = only ? [only] : (Object.keys(keys) as MemberLedgerAccount[]);
      const rows = await db
        .select({ id: ledgerAccount.id, key: ledgerAccount.key })
        .from(ledgerAccount)
        .where(
          inArray(
            ledgerAccount.key,
            wanted.map((a) => keys[a]),
          ),
        );
      return new Map(rows.map((r) => [r.id, wanted.find((account) => keys[account] === r.key)!]));
    },

    /** The entries of these accounts with their transactions, newest first. */
    entries(
      accountIds: readonly number[],
      filter: { from?: string | undefined; to?: string | undefined },
      page: PageRequest,
    ) {
      return pagedList<{
        id: number;
        accountId: number;
        amount: number;
        balanceAfter: number;
        createdAt: Date;
        kind: LedgerTxnKind;
        ref: string;
        orderId: number | null;
        orderNo: string | null;
        note: string | null;
        staffId: number | null;
      }>(
        db,
        {
          from: ledgerEntry,
          fields: {
            id: ledgerEntry.id,
            accountId: ledgerEntry.accountId,
            amount: ledgerEntry.amount,
            balanceAfter: ledgerEntry.balanceAfter,
            createdAt: ledgerEntry.createdAt,
            kind: ledgerTxn.kind,
            ref: ledgerTxn.ref,
            orderId: ledgerTxn.orderId,
            orderNo: ledgerTxn.orderNo,
            note: ledgerTxn.note,
            staffId: ledgerTxn.staffId,
          },
          // Every entry has exactly one transaction: the join adds columns only.
          join: (q) => q.innerJoin(ledgerTxn, eq(ledgerTxn.id, ledgerEntry.txnId)),
          where: and(
            inArray(ledgerEntry.accountId, [...accountIds]),
            ...dayRange(ledgerEntry.createdAt, filter.from, filter.to),
          ),
          orderBy: [desc(ledgerEntry.createdAt), desc(ledgerEntry.id)],
        },
        page,
      );
    },

    /** What the console home counts for finance: work waiting on a provider. */
    async workCounts(): Promise<{ refundsPending: number; paymentsPending: number }> {
      const [refundsPending, paymentsPending] = await Promise.all([
        db.$count(paymentRefund, eq(paymentRefund.status, 'pending')),
        db.$count(paymentAttempt, eq(paymentAttempt.status, 'open')),
      ]);
      return { refundsPending, paymentsPending };
    },
  };
}

export type FinanceRepository = ReturnType<typeof createFinanceRepository>;
