import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
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
