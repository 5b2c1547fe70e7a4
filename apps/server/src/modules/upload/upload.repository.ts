import { and, eq } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { uploadObject, type UploadObjectRow } from './upload-object.table';

export function createUploadRepository(db: Db) {
  return {
    async insert(values: typeof uploadObject.$inferInsert): Promise<void> {
      await db.insert(uploadObject).values(values);
    },

    async findOwnedByStaff(
      key: string,
      staffId: number,
      dirType: UploadObjectRow['dirType'],
      ex: Executor = db,
    ): Promise<UploadObjectRow | undefined> {
      const [row] = await ex
        .select()
        .from(uploadObject)
        .where(
          and(
            eq(uploadObject.key, key),
            eq(uploadObject.staffId, staffId),
            eq(uploadObject.dirType, dirType),
          ),
        );
      return row;
    },

    async findOwned(
      key: string,
      memberId: number,
      dirType: UploadObjectRow['dirType'],
    ): Promise<UploadObjectRow | undefined> {
      const [row] = await db
        .select()
        .from(uploadObject)
        .where(
          and(
            eq(uploadObject.key, key),
            eq(uploadObject.memberId, memberId),
            eq(uploadObject.dirType, dirType),
          ),
        );
      return row;
    },
  };
}

export type UploadRepository = ReturnType<typeof createUploadRepository>;
