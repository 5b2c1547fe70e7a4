import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { pagedList, type PageRequest } from '../../db/paged-list';
import { announcement, type AnnouncementRow } from './announcement.table';

export function createAnnouncementRepository(db: Db) {
  return {
    /** The newest announcement of a type whose window contains `at`. */
    async findEffective(
      type: AnnouncementRow['type'],
      at: Date,
    ): Promise<AnnouncementRow | undefined> {
      const [row] = await db
        .select()
        .from(announcement)
        .where(
          and(
            eq(announcement.type, type),
            lte(announcement.startsAt, at),
            or(isNull(announcement.endsAt), gt(announcement.endsAt, at)),
          ),
        )
        .orderBy(desc(announcement.startsAt), desc(announcement.id))
        .limit(1);
      return row;
    },
  };
}

export type AnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;

export type NewAnnouncement = Omit<typeof announcement.$inferInsert, 'id' | 'createdAt'>;

/** The console's side: every announcement, and writes on the route's transaction. */
export function createAnnouncementAdminRepository(db: Db) {
  return {
    async list(type: AnnouncementRow['type'] | undefined, page: PageRequest) {
      const where = type ? eq(announcement.type, type) : undefined;
      return pagedList(
        db,
        {
          from: announcement,
          where,
          orderBy: [desc(announcement.startsAt), desc(announcement.id)],
        },
        page,
      );
    },

    async lock(tx: Tx, id: number): Promise<AnnouncementRow | undefined> {
      const [row] = await tx
        .select()
        .from(announcement)
        .where(eq(announcement.id, id))
        .for('update');
      return row;
    },

    async insert(tx: Tx, values: NewAnnouncement & { createdAt: Date }) {
      const [row] = await tx.insert(announcement).values(values).returning();
      return row!;
    },

    async update(tx: Tx, id: number, values: NewAnnouncement) {
      const [row] = await tx
        .update(announcement)
        .set(values)
        .where(eq(announcement.id, id))
        .returning();
      return row;
    },

    async delete(tx: Tx, id: number) {
      await tx.delete(announcement).where(eq(announcement.id, id));
    },
  };
}

export type AnnouncementAdminRepository = ReturnType<typeof createAnnouncementAdminRepository>;
