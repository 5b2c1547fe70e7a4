import type { UploadDirType } from '@pcb/contract';
import type { Platform } from '../../platform';
import { appModule, type SeedTx } from '../app-module';
import { uploadObject } from './upload-object.table';
import { registerUploadRoutes } from './upload.routes';
import {
  createUploadService,
  largestUpload,
  uploadRules,
  type UploadService,
} from './upload.service';
import { createUploadRepository } from './upload.repository';

export type UploadApi = UploadService;
export type { UploadService };

/** The largest file any kind of upload takes (the OSS sandbox sizes its body limit by it). */
export { largestUpload };

/**
 * For other modules' seeds: records a file the seed stored for a demo member as that member's
 * upload (so reorder and replace-file accept it), once per key.
 */
export async function recordSeededUpload(
  tx: SeedTx,
  upload: { key: string; memberId: number; dirType: UploadDirType; at: Date },
): Promise<void> {
  await tx
    .insert(uploadObject)
    .values({
      key: upload.key,
      memberId: upload.memberId,
      dirType: upload.dirType,
      maxBytes: uploadRules[upload.dirType].maxBytes,
      issuedAt: upload.at,
      expiresAt: upload.at,
    })
    .onConflictDoNothing({ target: uploadObject.key });
}

/** Direct uploads to object storage, and the check that a member's file arrived. */
export const uploadModule = appModule({
  create: ({
    db,
    storage,
    store,
    now,
    logError,
  }: Pick<Platform, 'db' | 'storage' | 'store' | 'now' | 'logError'>) => {
    const uploads = createUploadService({
      repository: createUploadRepository(db),
      storage,
      store,
      now,
      onStorageError: logError('object storage call failed'),
    });
    return {
      api: uploads satisfies UploadApi,
      routes: (route) => registerUploadRoutes(route, uploads),
    };
  },
});
