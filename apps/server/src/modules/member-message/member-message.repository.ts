import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { messageCategories, type MessageCategory } from '@pcb/contract';
import type { Db, Executor } from '../../db/client';
import {
  memberMessage,
  type MemberMessageRow,
  type NewMemberMessage,
} from './member-message.table';

export interface MessageFilter {
  category?: MessageCategory | undefined;
  isRead?: boolean | undefined;
}

/** The same predicate as the partial index's, so the planner proves the index applies. */
const unread = sql`NOT ${memberMessage.isRead}`;

const filtered = (memberId: number, filter: MessageFilter): SQL | undefined =>
  and(
    eq(memberMessage.memberId, memberId),
    filter.category ? eq(memberMessage.category, filter.category) : undefined,
    filter.isRead === undefined ? undefined : filter.isRead ? memberMessage.isRead : unread,
  );

/**
 * A member's unread messages per category: one range of `member_message_unread_idx` (the
 * test reads its plan).
 */
export const unreadCountsQuery = (db: Db, memberId: number) =>
  db
    .select({ category: memberMessage.category, count: count() })
    .from(memberMessage)
    .where(and(eq(memberMessage.memberId, memberId), unread))
    .groupBy(memberMessage.category);

/** The newest message of each category and its unread count, in one statement. */
interface SummaryRow extends Record<string, unknown> {
  category: MessageCategory;
  unread_count: number;
  id: number | null;
  title: string | null;
  content: string | null;
  link: string | null;
  is_read: boolean | null;
  created_at: Date | null;
  read_at: Date | null;
}

export function createMemberMessageRepository(db: Db) {
  return {
    /** In the caller's transaction when one is given. */
    async insert(values: NewMemberMessage, ex: Executor = db): Promise<MemberMessageRow> {
      const [row] = await ex.insert(memberMessage).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    },

    /** Newest first; ties (one transaction's messages) by id. */
    async list(
      memberId: number,
      filter: MessageFilter,
      page: { offset: number; limit: number },
    ): Promise<{ rows: MemberMessageRow[]; total: number }> {
      const where = filtered(memberId, filter);
      const [rows, [counted]] = await Promise.all([
        db
          .select()
          .from(memberMessage)
          .where(where)
          .orderBy(desc(memberMessage.createdAt), desc(memberMessage.id))
          .offset(page.offset)
          .limit(page.limit),
        db.select({ total: count() }).from(memberMessage).where(where),
      ]);
      return { rows, total: counted?.total ?? 0 };
    },

    async unreadCounts(memberId: number): Promise<Map<MessageCategory, number>> {
      const rows = await unreadCountsQuery(db, memberId);
      return new Map(rows.map((r) => [r.category, r.count]));
    },

    /** Read (the first read time kept); undefined when the member has no message of that id. */
    async markRead(memberId: number, id: number, at: Date): Promise<MemberMessageRow | undefined> {
      const [row] = await db
        .update(memberMessage)
        .set({ isRead: true, readAt: sql`coalesce(${memberMessage.readAt}, ${at})` })
        .where(and(eq(memberMessage.memberId, memberId), eq(memberMessage.id, id)))
        .returning();
      return row;
    },

    /** Every unread message (of one category) read; how many were. */
    async markAllRead(
      memberId: number,
      category: MessageCategory | undefined,
      at: Date,
    ): Promise<number> {
      const rows = await db
        .update(memberMessage)
        .set({ isRead: true, readAt: at })
        .where(filtered(memberId, { category, isRead: false }))
        .returning({ id: memberMessage.id });
      return rows.length;
    },

    /** One row per category, in the categories' order; the message columns null for none. */
    async summary(memberId: number): Promise<SummaryRow[]> {
      const categories = sql.join(
        messageCategories.map((c) => sql`${c}`),
        sql`, `,
      );
      const { rows } = await db.execute<SummaryRow>(sql`
        SELECT c.category, c.ord,
          (SELECT count(*)::int FROM member_message u
            WHERE u.member_id = ${memberId} AND u.category = c.category AND NOT u.is_read
          ) AS unread_count,
          m.id, m.title, m.content, m.link, m.is_read, m.created_at, m.read_at
        FROM unnest(ARRAY[${categories}]::text[]) WITH ORDINALITY AS c(category, ord)
        LEFT JOIN LATERAL (
          SELECT * FROM member_message l
          WHERE l.member_id = ${memberId} AND l.category = c.category
          ORDER BY l.created_at DESC, l.id DESC
          LIMIT 1
        ) m ON TRUE
        ORDER BY c.ord`);
      return rows;
    },
  };
}

export type MemberMessageRepository = ReturnType<typeof createMemberMessageRepository>;
