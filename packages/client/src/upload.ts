// Direct uploads to object storage (spec section 7), the same two steps in both apps: a ticket
// from the app's own endpoint (members: Common/getUploadCode; staff: StaffUpload/GetUploadCode),
// then the signed form POST. Each app passes the call that gets its ticket.
import { fileExtOf, type UploadTicket } from '@pcb/contract';
import { ApiError, NETWORK_ERROR_MESSAGE } from './api-error';

export const UPLOAD_FAILED_MESSAGE = '文件上传失败，请重试';

/** The object key a ticket names: dir + filename + fileExt (spec section 7). */
export function objectKeyOf(ticket: UploadTicket): string {
  return `${ticket.dir}${ticket.filename}${ticket.fileExt}`;
}

/**
 * The multipart fields of spec section 7, in the order object storage wants them: the file
 * must come last, after the fields its policy signs.
 */
export function uploadFormData(ticket: UploadTicket, file: Blob, fileName?: string): FormData {
  const form = new FormData();
  form.append('key', objectKeyOf(ticket));
  form.append('OSSAccessKeyId', ticket.accessid);
  form.append('policy', ticket.policy);
  form.append('Signature', ticket.signature);
  form.append('success_action_status', '200');
  // Signed into the policy: the object is written once, so an order keeps the file it names.
  form.append('x-oss-forbid-overwrite', 'true');
  if (fileName === undefined) form.append('file', file);
  else form.append('file', file, fileName);
  return form;
}

/**
 * POSTs the form to the storage host with XMLHttpRequest, whose upload events (unlike fetch's)
 * report progress. Resolves on a 2xx answer.
 */
function postForm(
  host: string,
  form: FormData,
  onProgress: ((percent: number) => void) | undefined,
  signal: AbortSignal | undefined,
): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('上传已取消', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    xhr.open('POST', host);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        onProgress?.(Math.min(100, Math.round((event.loaded / event.total) * 100)));
      }
    };
    xhr.onload = () => {
      signal?.removeEventListener('abort', onAbort);
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
      } else reject(new ApiError(xhr.status, UPLOAD_FAILED_MESSAGE));
    };
    xhr.onerror = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new ApiError(0, NETWORK_ERROR_MESSAGE));
    };
    xhr.onabort = () => {
      signal?.removeEventListener('abort', onAbort);
      reject(new DOMException('上传已取消', 'AbortError'));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    xhr.send(form);
  });
}

export interface StorageUpload {
  /** Asks the app's endpoint for a ticket for this file's extension. */
  ticket: (fileExt: string, signal: AbortSignal | undefined) => Promise<UploadTicket>;
  file: File;
  /** 0–100 while the file travels. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a file straight to object storage: the ticket for its extension, then the signed
 * form POST. Resolves to the object key, the file's reference in later calls. Failures are
 * ApiErrors with a Chinese message.
 */
export async function uploadToStorage({
  ticket: getTicket,
  file,
  onProgress,
  signal,
}: StorageUpload): Promise<string> {
  const ticket = await getTicket(fileExtOf(file.name), signal);
  onProgress?.(0);
  await postForm(ticket.host, uploadFormData(ticket, file, file.name), onProgress, signal);
  return objectKeyOf(ticket);
}
