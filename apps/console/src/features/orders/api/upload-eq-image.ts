import { uploadToStorage } from '@pcb/client/upload';
import { StaffUpload } from '@pcb/contract/staff-upload';
import { apiCall } from '../../../lib/api';

/**
 * An image of an engineering question, straight to object storage: a staff ticket
 * (StaffUpload/GetUploadCode, recorded as the caller's), then the signed form POST. Resolves
 * to the object key RaiseEq takes.
 */
export function uploadEqImage(
  file: File,
  options: { onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<string> {
  return uploadToStorage({
    ticket: (fileExt, signal) =>
      apiCall(StaffUpload.GetUploadCode, { dirType: 'eqQuestion', fileExt }, { signal }),
    file,
    ...options,
  });
}
