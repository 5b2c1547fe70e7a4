import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { gradeLevels } from '@pcb/contract';

/**
 * What a member paid in one month of China time (decision 0071): written by the database in
 * the payment's own statement (the trigger `member_paid_month_follow_payment` on
 * `order_payment`, hand-written in the migration). A payment adds its paid amount (the total
 * less the gift balance and the coupon) to the month it was paid in; its refund adds the same
 * amount to `refunded_fen` of that same month, so a refunded order counts for nothing.
 */
export const memberPaidMonth = pgTable(
  'member_paid_month',
  {
    memberId: integer('member_id').notNull(),
    /** The first day of the month, China time. */
    month: date('month', { mode: 'string' }).notNull(),
    paidFen: bigint('paid_fen', { mode: 'number' }).notNull().default(0),
    refundedFen: bigint('refunded_fen', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.memberId, t.month] }),
    check(
      'member_paid_month_amounts_ck',
      sql`${t.paidFen} >= 0 AND ${t.refundedFen} >= 0 AND ${t.refundedFen} <= ${t.paidFen}`,
    ),
    check('member_paid_month_first_day_ck', sql`extract(day from ${t.month}) = 1`),
  ],
);

/**
 * The five grades' thresholds and perks, set by admin in the console (decision 0071). Five
 * rows, seeded by the migration with the defaults; `rank` orders them.
 */
export const memberGradeLevel = pgTable(
  'member_grade_level',
  {
    level: text('level', { enum: gradeLevels }).primaryKey(),
    rank: smallint('rank').notNull(),
    thresholdFen: bigint('threshold_fen', { mode: 'number' }).notNull(),
    /** PCB discount in basis points (200 = 2%). */
    discountBp: integer('discount_bp').notNull(),
    freeShipping: boolean('free_shipping').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
    updatedBy: integer('updated_by'),
  },
  (t) => [
    uniqueIndex('member_grade_level_rank_uq').on(t.rank),
    check(
      'member_grade_level_level_ck',
      sql`${t.level} IN ('normal', 'bronze', 'silver', 'gold', 'diamond')`,
    ),
    check('member_grade_level_rank_ck', sql`${t.rank} BETWEEN 0 AND 4`),
    check(
      'member_grade_level_threshold_ck',
      sql`${t.thresholdFen} >= 0 AND (${t.rank} <> 0 OR ${t.thresholdFen} = 0)`,
    ),
    check('member_grade_level_discount_ck', sql`${t.discountBp} BETWEEN 0 AND 5000`),
  ],
);

export type MemberGradeLevelRow = typeof memberGradeLevel.$inferSelect;
