import type { Platform } from '../../platform';
import { appModule } from '../app-module';
import { registerUploadRoutes } from './upload.routes';
import { createUploadService, largestUpload, type UploadService } from './upload.service';
import { createUploadRepository } from './upload.repository';

export type UploadApi = UploadService;
export type { UploadService };

/** The largest file any kind of upload takes (the OSS sandbox sizes its body limit by it). */
export { largestUpload };

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
