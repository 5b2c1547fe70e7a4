import { randomUUID } from 'node:crypto';
import { orderFileRules, type UploadDirType, type UploadTicket } from '@pcb/contract';
import { AppError } from '../../http/errors';
import { ObjectStorageError, type ObjectStorage } from '../../integrations/oss/object-storage';
import type { EphemeralStore } from '../../integrations/store/store';
import type { Clock } from '../../lib/clock';
import type { UploadRepository } from './upload.repository';

export const UPLOAD_TICKET_TTL_MS = 10 * 60_000;
export const UPLOAD_TICKETS_PER_DAY = 200;
const MB = 1024 * 1024;

/** What each kind of upload may be: extensions (with the dot) and the largest size. */
export const uploadRules: Record<UploadDirType, { extensions: string[]; maxBytes: number }> = {
  identity: { extensions: ['.jpg', '.jpeg', '.png', '.pdf'], maxBytes: 10 * MB },
  // Enterprise certification: the business licence is a photo or scan, the signed letter a
  // photo or the PDF scanned back.
  companyLicense: { extensions: ['.jpg', '.jpeg', '.png'], maxBytes: 10 * MB },
  companyLetter: { extensions: ['.jpg', '.jpeg', '.png', '.pdf'], maxBytes: 10 * MB },
  // Design files of orders (issue 11): the limits the order page states come from the contract.
  pcbFile: { ...orderFileRules.pcbFile, extensions: [...orderFileRules.pcbFile.extensions] },
  smtFile: { ...orderFileRules.smtFile, extensions: [...orderFileRules.smtFile.extensions] },
  stencilFile: {
    ...orderFileRules.stencilFile,
    extensions: [...orderFileRules.stencilFile.extensions],
  },
};

export const largestUpload = (): number =>
  Math.max(...Object.values(uploadRules).map((r) => r.maxBytes));

export function createUploadService(deps: {
  repository: UploadRepository;
  storage: ObjectStorage;
  store: EphemeralStore;
  now: Clock;
  onStorageError?: (error: unknown) => void;
}) {
  const { repository, storage, now } = deps;

  return {
    /**
     * A ticket for one new object under `<dirType>/<memberId>/`, named by a random uuid. The key
     * is recorded as the member's, so later calls can tell it is theirs.
     */
    async issueTicket(
      memberId: number,
      input: { dirType: UploadDirType; fileExt: string },
    ): Promise<UploadTicket> {
      const rule = uploadRules[input.dirType];
      const fileExt = input.fileExt.startsWith('.') ? input.fileExt : `.${input.fileExt}`;
      if (!rule.extensions.includes(fileExt)) throw new AppError(400, '不支持的文件类型');
      const issued = await deps.store.incr(`upload:tickets:${memberId}`, 24 * 3600_000);
      if (issued > UPLOAD_TICKETS_PER_DAY)
        throw new AppError(429, '今日上传次数已达上限，请明天再试');

      const at = now();
      const dir = `${input.dirType}/${memberId}/`;
      const filename = randomUUID();
      const expiresAt = new Date(at.getTime() + UPLOAD_TICKET_TTL_MS);
      await repository.insert({
        key: `${dir}${filename}${fileExt}`,
        memberId,
        dirType: input.dirType,
        maxBytes: rule.maxBytes,
        issuedAt: at,
        expiresAt,
      });
      return storage.createPostTicket({
        dir,
        filename,
        fileExt,
        maxBytes: rule.maxBytes,
        expiresAt,
      });
    },

    /**
     * The key was issued to this member for this kind of upload, and the file really arrived;
     * otherwise 400 with `message`.
     */
    async assertUploaded(
      memberId: number,
      key: string,
      dirType: UploadDirType,
      message: string,
      field?: string,
    ): Promise<void> {
      // Issued to this member for this use, and of a type this use allows (the key's extension
      // is the one its ticket was signed for).
      const owned = await repository.findOwned(key, memberId, dirType);
      if (!owned || !uploadRules[dirType].extensions.some((ext) => key.endsWith(ext)))
        throw new AppError(400, message, field ? { field } : undefined);
      let exists: boolean;
      try {
        exists = await storage.exists(key);
      } catch (error) {
        if (error instanceof ObjectStorageError) {
          deps.onStorageError?.(error);
          throw new AppError(503, '文件存储暂不可用，请稍后再试');
        }
        throw error;
      }
      if (!exists) throw new AppError(400, message, field ? { field } : undefined);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
