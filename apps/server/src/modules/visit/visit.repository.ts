import type { Db } from '../../db/client';
import { visit } from './visit.table';

export function createVisitRepository(db: Db) {
  return {
    /** First record per GUID wins; a repeat changes nothing. */
    async insertOnce(values: typeof visit.$inferInsert): Promise<void> {
      await db.insert(visit).values(values).onConflictDoNothing({ target: visit.guid });
    },
  };
}

export type VisitRepository = ReturnType<typeof createVisitRepository>;
