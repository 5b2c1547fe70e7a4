import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { pointEntryKinds } from '@pcb/contract/member-point';

const inList = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * Every change of a member's points (decision 0073), append-only: `member.points` is the sum of
 * `delta` and `balance_after` the balance the change left. A change with a reference (an order,
 * a sign-in day, a shop exchange) happens once: `(member, kind, ref)` is unique.
 */
export const pointEntry = pgTable(
  'point_entry',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    memberId: integer('member_id').notNull(),
    delta: integer('delta').notNull(),
    kind: text('kind', { enum: pointEntryKinds }).notNull(),
    ref: varchar('ref', { length: 64 }),
    /** What the history shows beside the kind (`订单 P2026…`). */
    note: varchar('note', { length: 100 }).notNull().default(''),
    balanceAfter: integer('balance_after').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('point_entry_ref_uq')
      .on(t.memberId, t.kind, t.ref)
      .where(sql`${t.ref} IS NOT NULL`),
    // The history (newest first) and the period sums read this alone.
    index('point_entry_member_idx').on(t.memberId, t.id),
    index('point_entry_member_time_idx').on(t.memberId, t.createdAt),
    check('point_entry_kind_ck', sql`${t.kind} IN (${inList(pointEntryKinds)})`),
    check('point_entry_delta_ck', sql`${t.delta} <> 0 AND ${t.balanceAfter} >= 0`),
  ],
);
export type PointEntryRow = typeof pointEntry.$inferSelect;

/**
 * The points a member earned in one year, by when they expire (the end of the next year, China
 * time), with what is left of them: spending and expiry take from the oldest lot first. One row
 * per member and expiry, so a member holds at most a few live lots whatever their history.
 */
export const pointLot = pgTable(
  'point_lot',
  {
    memberId: integer('member_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    earned: integer('earned').notNull(),
    remaining: integer('remaining').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.expiresAt] }),
    index('point_lot_due_idx')
      .on(t.expiresAt)
      .where(sql`${t.remaining} > 0`),
    check('point_lot_remaining_ck', sql`${t.remaining} >= 0 AND ${t.remaining} <= ${t.earned}`),
  ],
);
export type PointLotRow = typeof pointLot.$inferSelect;

/**
 * One sign-in per member per China calendar day (the key), with the streak it made (1–7, the
 * card's day) and what it earned.
 */
export const signIn = pgTable(
  'member_sign_in',
  {
    memberId: integer('member_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    streak: integer('streak').notNull(),
    points: integer('points').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.day] }),
    check('member_sign_in_streak_ck', sql`${t.streak} BETWEEN 1 AND 7 AND ${t.points} >= 0`),
  ],
);
export type SignInRow = typeof signIn.$inferSelect;

/**
 * The rules 运营 sets (one row, id 1): points per yuan paid on a completed order, and the seven
 * days' sign-in rewards. Absent, the defaults apply (decision 0073).
 */
export const pointSetting = pgTable(
  'point_setting',
  {
    id: integer('id').primaryKey(),
    pointsPerYuan: integer('points_per_yuan').notNull(),
    signInRewards: integer('sign_in_rewards').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    check('point_setting_one_ck', sql`${t.id} = 1`),
    check('point_setting_rate_ck', sql`${t.pointsPerYuan} BETWEEN 0 AND 100`),
    check(
      'point_setting_rewards_ck',
      sql`cardinality(${t.signInRewards}) = 7 AND 0 <= ALL(${t.signInRewards}) AND 1000 >= ALL(${t.signInRewards})`,
    ),
  ],
);
