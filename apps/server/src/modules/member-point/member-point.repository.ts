import { and, asc, desc, eq, gt, gte, inArray, lt, lte, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { pagedList, type Page, type PageRequest } from '../../db/paged-list';
import {
  pointEntry,
  pointLot,
  pointSetting,
  signIn,
  type PointEntryRow,
  type PointLotRow,
  type SignInRow,
} from './member-point.table';

export type NewPointEntry = typeof pointEntry.$inferInsert;

/** The history counts at most this many rows (a page's total); deeper pages still read. */
export const HISTORY_COUNT_CAP = 10_000;

/** Points entries, lots, sign-ins and the rules: queries only. */
export function createMemberPointRepository(db: Db) {
  return {
    db,

    async hasEntry(tx: Tx, memberId: number, kind: PointEntryRow['kind'], ref: string) {
      const [row] = await tx
        .select({ id: pointEntry.id })
        .from(pointEntry)
        .where(
          and(
            eq(pointEntry.memberId, memberId),
            eq(pointEntry.kind, kind),
            eq(pointEntry.ref, ref),
          ),
        )
        .limit(1);
      return row !== undefined;
    },

    async insertEntry(tx: Tx, values: NewPointEntry): Promise<PointEntryRow> {
      const [row] = await tx.insert(pointEntry).values(values).returning();
      return row!;
    },

    /** Adds earned points to the member's lot of this expiry. */
    async addToLot(tx: Tx, memberId: number, expiresAt: Date, points: number) {
      await tx
        .insert(pointLot)
        .values({ memberId, expiresAt, earned: points, remaining: points })
        .onConflictDoUpdate({
          target: [pointLot.memberId, pointLot.expiresAt],
          set: {
            earned: sql`${pointLot.earned} + ${points}`,
            remaining: sql`${pointLot.remaining} + ${points}`,
          },
        });
    },

    /** The member's lots with points left, oldest first, locked. */
    async liveLotsForUpdate(tx: Tx, memberId: number): Promise<PointLotRow[]> {
      return tx
        .select()
        .from(pointLot)
        .where(and(eq(pointLot.memberId, memberId), gt(pointLot.remaining, 0)))
        .orderBy(asc(pointLot.expiresAt))
        .for('update');
    },

    async takeFromLot(tx: Tx, lot: PointLotRow, points: number) {
      const [row] = await tx
        .update(pointLot)
        .set({ remaining: sql`${pointLot.remaining} - ${points}` })
        .where(
          and(
            eq(pointLot.memberId, lot.memberId),
            eq(pointLot.expiresAt, lot.expiresAt),
            gte(pointLot.remaining, points),
          ),
        )
        .returning({ remaining: pointLot.remaining });
      if (!row) throw new Error('points: a lot changed under its lock');
    },

    /** Points of the member's lots that are due (expired) and not yet taken. */
    async dueOf(tx: Tx, memberId: number, at: Date) {
      const [row] = await tx
        .select({
          points: sql<number>`coalesce(sum(${pointLot.remaining}), 0)`.mapWith(Number),
          expiresAt: sql<Date | null>`max(${pointLot.expiresAt})`,
        })
        .from(pointLot)
        .where(
          and(
            eq(pointLot.memberId, memberId),
            gt(pointLot.remaining, 0),
            lte(pointLot.expiresAt, at),
          ),
        );
      return {
        points: row?.points ?? 0,
        expiresAt: row?.expiresAt ? new Date(row.expiresAt) : null,
      };
    },

    /** Members with points due to expire at `at` (a batch). */
    async membersDue(at: Date, limit: number): Promise<number[]> {
      const rows = await db
        .selectDistinct({ memberId: pointLot.memberId })
        .from(pointLot)
        .where(and(gt(pointLot.remaining, 0), lte(pointLot.expiresAt, at)))
        .limit(limit);
      return rows.map((r) => r.memberId);
    },

    /** The next lot to expire after `at`: its points left and when. */
    async nextExpiring(memberId: number, at: Date) {
      const [row] = await db
        .select({ remaining: pointLot.remaining, expiresAt: pointLot.expiresAt })
        .from(pointLot)
        .where(
          and(
            eq(pointLot.memberId, memberId),
            gt(pointLot.remaining, 0),
            gt(pointLot.expiresAt, at),
          ),
        )
        .orderBy(asc(pointLot.expiresAt))
        .limit(1);
      return row ?? null;
    },

    history(memberId: number, page: PageRequest): Promise<Page<PointEntryRow>> {
      return pagedList(
        db,
        {
          from: pointEntry,
          where: eq(pointEntry.memberId, memberId),
          orderBy: [desc(pointEntry.id)],
          key: pointEntry.id,
          countUpTo: HISTORY_COUNT_CAP,
        },
        page,
      );
    },

    /** Sums of the member's entries in [from, to): earned, spent (not expiry), expired. */
    async sums(memberId: number, from: Date, to: Date) {
      const [row] = await db
        .select({
          earned:
            sql<number>`coalesce(sum(${pointEntry.delta}) FILTER (WHERE ${pointEntry.delta} > 0), 0)`.mapWith(
              Number,
            ),
          spent:
            sql<number>`coalesce(-sum(${pointEntry.delta}) FILTER (WHERE ${pointEntry.delta} < 0 AND ${pointEntry.kind} <> 'expire'), 0)`.mapWith(
              Number,
            ),
          expired:
            sql<number>`coalesce(-sum(${pointEntry.delta}) FILTER (WHERE ${pointEntry.kind} = 'expire'), 0)`.mapWith(
              Number,
            ),
        })
        .from(pointEntry)
        .where(
          and(
            eq(pointEntry.memberId, memberId),
            gte(pointEntry.createdAt, from),
            lt(pointEntry.createdAt, to),
          ),
        );
      return row ?? { earned: 0, spent: 0, expired: 0 };
    },

    async rules(ex: Executor = db) {
      const [row] = await ex.select().from(pointSetting).where(eq(pointSetting.id, 1));
      return row ?? null;
    },

    async setRules(tx: Tx, pointsPerYuan: number, signInRewards: number[], at: Date) {
      await tx
        .insert(pointSetting)
        .values({ id: 1, pointsPerYuan, signInRewards, updatedAt: at })
        .onConflictDoUpdate({
          target: pointSetting.id,
          set: { pointsPerYuan, signInRewards, updatedAt: at },
        });
    },

    /** Today's sign-in if there is one, and yesterday's. */
    async signInsOn(ex: Executor, memberId: number, days: string[]): Promise<SignInRow[]> {
      return ex
        .select()
        .from(signIn)
        .where(and(eq(signIn.memberId, memberId), inArray(signIn.day, days)));
    },

    /** The day's sign-in, or null when the member already signed in that day. */
    async insertSignIn(tx: Tx, values: SignInRow): Promise<SignInRow | null> {
      const [row] = await tx.insert(signIn).values(values).onConflictDoNothing().returning();
      return row ?? null;
    },

    async signInSums(memberId: number, monthStart: string) {
      const [row] = await db
        .select({
          total: sql<number>`coalesce(sum(${signIn.points}), 0)`.mapWith(Number),
          thisMonth:
            sql<number>`coalesce(sum(${signIn.points}) FILTER (WHERE ${signIn.day} >= ${monthStart}::date), 0)`.mapWith(
              Number,
            ),
          days: sql<number>`count(*)`.mapWith(Number),
        })
        .from(signIn)
        .where(eq(signIn.memberId, memberId));
      return row ?? { total: 0, thisMonth: 0, days: 0 };
    },
  };
}

export type MemberPointRepository = ReturnType<typeof createMemberPointRepository>;
