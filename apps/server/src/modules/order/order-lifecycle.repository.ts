import { and, asc, count, desc, eq, gte, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { OrderKind, OrderStatus, WorkQueueKey } from '@pcb/contract';
import type { Db, Executor, Tx } from '../../db/client';
import { pageKeys, splitTotal, withTotal } from '../../db/paged-list';
import {
  orderEq,
  orderOfflinePayment,
  orderParcel,
  orderParcelEvent,
  orderPriceChange,
  orderProductionStep,
  type OrderEqRow,
  type OrderOfflinePaymentRow,
  type OrderParcelEventRow,
  type OrderParcelRow,
  type OrderPriceChangeRow,
  type OrderProductionStepRow,
} from './order-lifecycle.table';
import {
  orderListColumns,
  orderProcess,
  orders,
  type OrderListRow,
  type OrderProcessRow,
  type OrderRow,
} from './order.table';

export interface Page {
  offset: number;
  limit: number;
}

/** What an order's views show besides its row. */
export interface OrderExtras {
  process: OrderProcessRow[];
  steps: OrderProductionStepRow[];
  parcels: (OrderParcelRow & { events: OrderParcelEventRow[] })[];
  eqs: OrderEqRow[];
  priceChange: OrderPriceChangeRow | null;
  payment: OrderOfflinePaymentRow | null;
}

/** The queries of the order lifecycle (decision 0042); writes take the caller's transaction. */
export function createOrderLifecycleRepository(db: Db) {
  const live = sql`${orders.deletedAt} IS NULL`;
  const memberQueries = prepareMemberQueries(db, live);

  return {
    transaction: <T>(work: (tx: Tx) => Promise<T>) => db.transaction(work),

    /** The order, locked for the rest of the transaction (null when it does not exist). */
    async lock(tx: Tx, id: number): Promise<OrderRow | null> {
      const [row] = await tx.select().from(orders).where(eq(orders.id, id)).for('update');
      return row ?? null;
    },

    async find(id: number, ex: Executor = db): Promise<OrderRow | null> {
      const [row] = await ex.select().from(orders).where(eq(orders.id, id));
      return row ?? null;
    },

    /**
     * Unpaid orders whose reminder is due (none sent and in 待付款 since `remindBy`) or whose
     * announced cancel time has come, oldest first (decision 0048; the status index answers).
     */
    async unpaidDue(remindBy: Date, at: Date, limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: orders.id })
        .from(orders)
        .where(
          and(
            eq(orders.status, 'awaitingPayment'),
            live,
            sql`((${orders.autoCancelAt} IS NULL AND ${orders.statusChangedAt} <= ${remindBy.toISOString()}::timestamptz) OR ${orders.autoCancelAt} <= ${at.toISOString()}::timestamptz)`,
          ),
        )
        .orderBy(asc(orders.statusChangedAt), asc(orders.id))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    /** Records the cancel time the reminder announced (the caller holds the row's lock). */
    async setAutoCancelAt(tx: Tx, id: number, at: Date): Promise<void> {
      await tx
        .update(orders)
        .set({ autoCancelAt: at })
        .where(and(eq(orders.id, id), eq(orders.status, 'awaitingPayment')));
    },

    async findByNo(orderNo: string): Promise<OrderRow | null> {
      const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo));
      return row ?? null;
    },

    /** Orders' numbers and who moved each to 已取消 last (its process log), for finance's lists. */
    async refsOf(ids: readonly number[]) {
      if (ids.length === 0) return [];
      return db
        .select({
          id: orders.id,
          orderNo: orders.orderNo,
          // Qualified by hand: a select list names the columns of its one table unqualified.
          cancelledBy: sql<string | null>`(SELECT p.actor FROM ${orderProcess} p
            WHERE p.order_id = ${orders}.id AND p.to_status = 'cancelled'
            ORDER BY p.id DESC LIMIT 1)`,
        })
        .from(orders)
        .where(inArray(orders.id, [...ids]));
    },

    /**
     * A member's orders of one kind (one status or all), newest first, and how many there are:
     * one statement (decision 0049).
     */
    async listForMember(memberId: number, kind: OrderKind, status: OrderStatus | null, page: Page) {
      const deep = page.offset > 0;
      const rows =
        status === null
          ? await (deep ? memberQueries.deepPage : memberQueries.page).execute({
              memberId,
              kind,
              ...page,
            })
          : await (deep ? memberQueries.deepPageOfStatus : memberQueries.pageOfStatus).execute({
              memberId,
              kind,
              status,
              ...page,
            });
      const { items, total } = await splitTotal(rows, page.offset, async () => {
        const [row] =
          status === null
            ? await memberQueries.count.execute({ memberId, kind })
            : await memberQueries.countOfStatus.execute({ memberId, kind, status });
        return row?.n ?? 0;
      });
      return { rows: items, total };
    },

    async statusCounts(
      memberId: number,
      kind: OrderKind,
    ): Promise<{ status: OrderStatus; n: number }[]> {
      return memberQueries.statusCounts.execute({ memberId, kind });
    },

    async latestForMember(memberId: number, kind: OrderKind): Promise<OrderListRow | null> {
      const [row] = await memberQueries.latest.execute({ memberId, kind });
      return row ?? null;
    },

    async process(orderId: number, ex: Executor = db): Promise<OrderProcessRow[]> {
      return ex
        .select()
        .from(orderProcess)
        .where(eq(orderProcess.orderId, orderId))
        .orderBy(asc(orderProcess.id));
    },

    async steps(orderId: number, ex: Executor = db): Promise<OrderProductionStepRow[]> {
      return ex
        .select()
        .from(orderProductionStep)
        .where(eq(orderProductionStep.orderId, orderId))
        .orderBy(asc(orderProductionStep.id));
    },

    async parcels(
      orderId: number,
      ex: Executor = db,
    ): Promise<(OrderParcelRow & { events: OrderParcelEventRow[] })[]> {
      const parcels = await ex
        .select()
        .from(orderParcel)
        .where(eq(orderParcel.orderId, orderId))
        .orderBy(asc(orderParcel.id));
      if (parcels.length === 0) return [];
      const events = await ex
        .select()
        .from(orderParcelEvent)
        .where(
          inArray(
            orderParcelEvent.parcelId,
            parcels.map((p) => p.id),
          ),
        )
        .orderBy(desc(orderParcelEvent.at), desc(orderParcelEvent.id));
      return parcels.map((p) => ({ ...p, events: events.filter((e) => e.parcelId === p.id) }));
    },

    async parcel(tx: Tx, parcelId: number): Promise<OrderParcelRow | null> {
      const [row] = await tx.select().from(orderParcel).where(eq(orderParcel.id, parcelId));
      return row ?? null;
    },

    async eqsOf(orderId: number, ex: Executor = db): Promise<OrderEqRow[]> {
      return ex.select().from(orderEq).where(eq(orderEq.orderId, orderId)).orderBy(asc(orderEq.id));
    },

    /** The latest price change of the order (the pending one when there is one). */
    async latestPriceChange(
      orderId: number,
      ex: Executor = db,
    ): Promise<OrderPriceChangeRow | null> {
      const [row] = await ex
        .select()
        .from(orderPriceChange)
        .where(eq(orderPriceChange.orderId, orderId))
        .orderBy(desc(orderPriceChange.id))
        .limit(1);
      return row ?? null;
    },

    async payment(orderId: number, ex: Executor = db): Promise<OrderOfflinePaymentRow | null> {
      const [row] = await ex
        .select()
        .from(orderOfflinePayment)
        .where(eq(orderOfflinePayment.orderId, orderId));
      return row ?? null;
    },

    async extras(orderId: number): Promise<OrderExtras> {
      const [process, steps, parcels, eqs, priceChange, payment] = await Promise.all([
        this.process(orderId),
        this.steps(orderId),
        this.parcels(orderId),
        this.eqsOf(orderId),
        this.latestPriceChange(orderId),
        this.payment(orderId),
      ]);
      return { process, steps, parcels, eqs, priceChange, payment };
    },

    async priceChange(tx: Tx, id: number): Promise<OrderPriceChangeRow | null> {
      const [row] = await tx.select().from(orderPriceChange).where(eq(orderPriceChange.id, id));
      return row ?? null;
    },

    async insertPriceChange(
      tx: Tx,
      values: typeof orderPriceChange.$inferInsert,
    ): Promise<OrderPriceChangeRow> {
      const [row] = await tx.insert(orderPriceChange).values(values).returning();
      return row!;
    },

    /** Decides the pending change; false when it was no longer pending. */
    async decidePriceChange(
      tx: Tx,
      id: number,
      status: 'accepted' | 'refused' | 'withdrawn',
      at: Date,
      note: string | null = null,
    ): Promise<boolean> {
      const rows = await tx
        .update(orderPriceChange)
        .set({ status, decidedAt: at, decisionNote: note })
        .where(and(eq(orderPriceChange.id, id), eq(orderPriceChange.status, 'pending')))
        .returning({ id: orderPriceChange.id });
      return rows.length === 1;
    },

    async insertEq(tx: Tx, values: typeof orderEq.$inferInsert): Promise<OrderEqRow> {
      const [row] = await tx.insert(orderEq).values(values).returning();
      return row!;
    },

    /** The question, locked (its order is locked first by the caller). */
    async eqForUpdate(tx: Tx, id: number): Promise<OrderEqRow | null> {
      const [row] = await tx.select().from(orderEq).where(eq(orderEq.id, id)).for('update');
      return row ?? null;
    },

    async eq(id: number): Promise<OrderEqRow | null> {
      const [row] = await db.select().from(orderEq).where(eq(orderEq.id, id));
      return row ?? null;
    },

    async answerEq(
      tx: Tx,
      id: number,
      answer: {
        answerChoice: string | null;
        answerText: string | null;
        answerImages: string[];
        answeredAt: Date;
        answeredByMemberId: number;
      },
    ): Promise<boolean> {
      const rows = await tx
        .update(orderEq)
        .set({ ...answer, status: 'answered' })
        .where(and(eq(orderEq.id, id), eq(orderEq.status, 'open')))
        .returning({ id: orderEq.id });
      return rows.length === 1;
    },

    /** Moves the order's questions from one status to another; how many moved. */
    async moveEqs(
      tx: Tx,
      orderId: number,
      from: 'open' | 'answered',
      to: 'resolved' | 'withdrawn',
    ): Promise<number> {
      const rows = await tx
        .update(orderEq)
        .set({ status: to })
        .where(and(eq(orderEq.orderId, orderId), eq(orderEq.status, from)))
        .returning({ id: orderEq.id });
      return rows.length;
    },

    /** A member's questions: of one order, or every open one; newest first. */
    async eqsForMember(memberId: number, orderId: number | null, page: Page) {
      const where = and(
        eq(orderEq.memberId, memberId),
        orderId === null
          ? eq(orderEq.status, 'open')
          : and(eq(orderEq.orderId, orderId), ne(orderEq.status, 'withdrawn')),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({
            eq: orderEq,
            orderNo: orders.orderNo,
            kind: orders.kind,
            status: orders.status,
            pendingPriceChangeId: orders.pendingPriceChangeId,
            openEqCount: orders.openEqCount,
          })
          .from(orderEq)
          .innerJoin(orders, eq(orders.id, orderEq.orderId))
          .where(where)
          .orderBy(desc(orderEq.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ n: count() }).from(orderEq).where(where),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    async insertStep(tx: Tx, values: typeof orderProductionStep.$inferInsert): Promise<void> {
      await tx.insert(orderProductionStep).values(values);
    },

    /** Undefined when the tracking number is already a parcel's. */
    async insertParcels(
      tx: Tx,
      values: (typeof orderParcel.$inferInsert)[],
    ): Promise<OrderParcelRow[] | undefined> {
      const rows = await tx
        .insert(orderParcel)
        .values(values)
        .onConflictDoNothing({ target: [orderParcel.courier, orderParcel.trackingNo] })
        .returning();
      return rows.length === values.length ? rows : undefined;
    },

    async insertParcelEvent(tx: Tx, values: typeof orderParcelEvent.$inferInsert): Promise<void> {
      await tx.insert(orderParcelEvent).values(values);
    },

    /** Undefined when the order is paid or the bank reference was used already. */
    async insertPayment(
      tx: Tx,
      values: typeof orderOfflinePayment.$inferInsert,
    ): Promise<OrderOfflinePaymentRow | undefined> {
      const [row] = await tx
        .insert(orderOfflinePayment)
        .values(values)
        .onConflictDoNothing()
        .returning();
      return row;
    },

    async paymentByReference(
      tx: Tx,
      bankReference: string,
    ): Promise<OrderOfflinePaymentRow | null> {
      const [row] = await tx
        .select()
        .from(orderOfflinePayment)
        .where(eq(orderOfflinePayment.bankReference, bankReference));
      return row ?? null;
    },

    /** The console home's counts (decision 0042), by the conditions the desk filters with. */
    async workQueueCounts(at: Date, today: string): Promise<Record<WorkQueueKey, number>> {
      const counted = (key: WorkQueueKey) =>
        sql<number>`count(*) FILTER (WHERE ${queueCondition(key, at, today)})`.mapWith(Number);
      const [row] = await db
        .select({
          pendingReview: counted('pendingReview'),
          awaitingConfirmationOverdue: counted('awaitingConfirmationOverdue'),
          awaitingPayment: counted('awaitingPayment'),
          toShipToday: counted('toShipToday'),
          shipped: counted('shipped'),
        })
        .from(orders)
        .where(
          and(
            live,
            inArray(orders.status, [
              'pendingReview',
              'awaitingConfirmation',
              'awaitingPayment',
              'inProduction',
              'shipped',
            ]),
          ),
        );
      return row!;
    },
  };
}

export type OrderLifecycleRepository = ReturnType<typeof createOrderLifecycleRepository>;

/**
 * The member's list, its count and the status counts: every order screen of the member app
 * asks them, so they are prepared once per connection. Measured on the bench's 1,000,000 orders
 * (issue 19), planning them cost PostgreSQL more than running them (twelve indexes on `orders` to
 * weigh each time): 270–415 µs of its CPU for a page and its count sent as text, 60–85 µs
 * prepared, with the same plans (the member’s indexes, decision 0042; decision 0049).
 *
 * A page carries its total (`withTotal`: one statement, one round trip); pages after the first
 * find their orders' ids in the member's index alone (`pageKeys`). The counts alone answer a
 * page past the end.
 */
function prepareMemberQueries(db: Db, live: SQL) {
  const mine = and(
    eq(orders.memberId, sql.placeholder('memberId')),
    eq(orders.kind, sql.placeholder('kind')),
    live,
  );
  const mineOfStatus = and(mine, eq(orders.status, sql.placeholder('status')));
  const newestFirst = [desc(orders.createdAt), desc(orders.id)];
  const limit = sql.placeholder('limit');
  const offset = sql.placeholder('offset');
  const rows = (where: SQL | undefined) =>
    db
      .select(withTotal(db, orderListColumns, orders, where))
      .from(orders)
      .orderBy(...newestFirst)
      .$dynamic();
  const page = (where: SQL | undefined, name: string) =>
    rows(where).where(where).limit(limit).offset(offset).prepare(name);
  const deepPage = (where: SQL | undefined, name: string) =>
    rows(where)
      .where(
        pageKeys(db, { from: orders, where, orderBy: newestFirst, key: orders.id }, limit, offset),
      )
      .prepare(name);
  const total = (where: SQL | undefined, name: string) =>
    db.select({ n: count() }).from(orders).where(where).prepare(name);
  return {
    page: page(mine, 'orders_member_page'),
    pageOfStatus: page(mineOfStatus, 'orders_member_status_page'),
    deepPage: deepPage(mine, 'orders_member_deep_page'),
    deepPageOfStatus: deepPage(mineOfStatus, 'orders_member_status_deep_page'),
    count: total(mine, 'orders_member_count'),
    countOfStatus: total(mineOfStatus, 'orders_member_status_count'),
    latest: db
      .select(orderListColumns)
      .from(orders)
      .where(mine)
      .orderBy(...newestFirst)
      .limit(1)
      .prepare('orders_member_latest'),
    statusCounts: db
      .select({ status: orders.status, n: count() })
      .from(orders)
      .where(mine)
      .groupBy(orders.status)
      .prepare('orders_member_status_counts'),
  };
}

/** The desk's filters beyond kind and status: a work queue and a day range. */
export function deskCondition(
  input: {
    queue?: WorkQueueKey | undefined;
    dateFrom?: string | undefined;
    dateTo?: string | undefined;
  },
  at: Date,
  today: string,
): SQL | undefined {
  return and(
    input.queue ? queueCondition(input.queue, at, today) : undefined,
    dayRange(input.dateFrom, input.dateTo),
  );
}

/** The desk's conditions for a work queue (the same as its count). */
function queueCondition(queue: WorkQueueKey, at: Date, today: string): SQL {
  switch (queue) {
    case 'pendingReview':
      return eq(orders.status, 'pendingReview');
    case 'awaitingConfirmationOverdue':
      return and(
        eq(orders.status, 'awaitingConfirmation'),
        lt(orders.statusChangedAt, new Date(at.getTime() - 24 * 3_600_000)),
      )!;
    case 'awaitingPayment':
      return eq(orders.status, 'awaitingPayment');
    case 'toShipToday':
      return and(eq(orders.status, 'inProduction'), lte(orders.shipDate, today))!;
    case 'shipped':
      return eq(orders.status, 'shipped');
  }
}

/** The desk's day range on the time of placing (`YYYY-MM-DD`, Asia/Shanghai). */
function dayRange(from: string | undefined, to: string | undefined): SQL | undefined {
  const start = (day: string) => new Date(`${day}T00:00:00+08:00`);
  const conditions: SQL[] = [];
  if (from) conditions.push(gte(orders.createdAt, start(from)));
  if (to) conditions.push(lt(orders.createdAt, new Date(start(to).getTime() + 24 * 3_600_000)));
  return conditions.length ? and(...conditions) : undefined;
}
