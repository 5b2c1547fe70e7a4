import { and, desc, eq, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { news, type NewsRow } from './news.table';

const published = eq(news.state, 'published');
/** Pinned first, then newest first: the member list's order, held by news_published_list_idx. */
const memberOrder = [desc(news.isPinned), desc(news.publishedAt), desc(news.id)];

export function createNewsRepository(db: Db) {
  return {
    async listPublished(page: PageRequest) {
      return pagedList(db, { from: news, where: published, orderBy: memberOrder }, page);
    },

    async findPublished(id: number): Promise<NewsRow | undefined> {
      const [row] = await db
        .select()
        .from(news)
        .where(and(eq(news.id, id), published));
      return row;
    },
  };
}

export type NewsRepository = ReturnType<typeof createNewsRepository>;

export type NewNews = Omit<typeof news.$inferInsert, 'id'>;

/** The console's side: drafts too, and writes on the route's transaction. */
export function createNewsAdminRepository(db: Db) {
  return {
    async list(state: NewsRow['state'] | undefined, page: PageRequest) {
      const where: SQL | undefined = state ? eq(news.state, state) : undefined;
      return pagedList(
        db,
        { from: news, where, orderBy: [desc(news.updatedAt), desc(news.id)] },
        page,
      );
    },

    async find(id: number): Promise<NewsRow | undefined> {
      const [row] = await db.select().from(news).where(eq(news.id, id));
      return row;
    },

    async lock(tx: Tx, id: number): Promise<NewsRow | undefined> {
      const [row] = await tx.select().from(news).where(eq(news.id, id)).for('update');
      return row;
    },

    async insert(tx: Tx, values: NewNews): Promise<NewsRow> {
      const [row] = await tx.insert(news).values(values).returning();
      return row!;
    },

    async update(tx: Tx, id: number, values: Partial<NewNews>): Promise<NewsRow | undefined> {
      const [row] = await tx.update(news).set(values).where(eq(news.id, id)).returning();
      return row;
    },

    async delete(tx: Tx, id: number) {
      await tx.delete(news).where(eq(news.id, id));
    },
  };
}

export type NewsAdminRepository = ReturnType<typeof createNewsAdminRepository>;
