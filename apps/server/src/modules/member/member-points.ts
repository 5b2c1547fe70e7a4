import { and, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { member } from './member.table';

/**
 * The member's points balance (`member.points`, CHECK ≥ 0), changed only by the points module's
 * one function (decision 0073), in its transaction: a conditional update that never takes the
 * balance below zero, and holds the member's row until the change commits.
 */
export const memberPoints = {
  /** Adds `delta` (negative to take); the balance after, or null when it would go below 0. */
  async changeIn(tx: Tx, memberId: number, delta: number): Promise<number | null> {
    const [row] = await tx
      .update(member)
      .set({ points: sql`${member.points} + ${delta}` })
      .where(and(eq(member.id, memberId), gte(member.points, -delta)))
      .returning({ points: member.points });
    return row ? row.points : null;
  },

  /** The balance, the member's row locked until the transaction ends; null for no member. */
  async lockIn(tx: Tx, memberId: number): Promise<number | null> {
    const [row] = await tx
      .select({ points: member.points })
      .from(member)
      .where(eq(member.id, memberId))
      .for('update');
    return row ? row.points : null;
  },
};
export type MemberPoints = typeof memberPoints;
