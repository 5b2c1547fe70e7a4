import { Common, type UploadDirType } from '@pcb/contract/common-upload';
import { uploadToStorage } from '@pcb/client/upload';
import { apiCall } from './api';

export interface UploadOptions {
  dirType: UploadDirType;
  file: File;
  /** 0–100 while the file travels. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a member's file straight to object storage in the two steps of spec section 7: a
 * ticket from Common/getUploadCode for the file's extension, then the signed form POST (shared
 * with the console, `@pcb/client/upload`). Resolves to the object key.
 */
export function uploadFile({ dirType, file, onProgress, signal }: UploadOptions): Promise<string> {
  return uploadToStorage({
    ticket: (fileExt, s) => apiCall(Common.getUploadCode, { dirType, fileExt }, { signal: s }),
    file,
    onProgress,
    signal,
  });
}
