import { randomUUID } from 'node:crypto';
import {
  orderFileRules,
  type AnyUploadDirType,
  type StaffUploadDirType,
  type UploadDirType,
  type UploadTicket,
} from '@pcb/contract';
import { AppError } from '../../http/errors';
import { ObjectStorageError, type ObjectStorage } from '../../integrations/oss/object-storage';
import type { EphemeralStore } from '../../integrations/store/store';
import type { Clock } from '../../lib/clock';
import type { Executor } from '../../db/client';
import type { UploadRepository } from './upload.repository';

export const UPLOAD_TICKET_TTL_MS = 10 * 60_000;
export const UPLOAD_TICKETS_PER_DAY = 200;
const MB = 1024 * 1024;

/** What each kind of upload may be: extensions (with the dot) and the largest size. */
export const uploadRules: Record<AnyUploadDirType, { extensions: string[]; maxBytes: number }> = {
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
  // Engineering questions (issue 19): photos or screenshots, the engineer's and the member's.
  eqQuestion: { extensions: ['.jpg', '.jpeg', '.png'], maxBytes: 10 * MB },
  eqReply: { extensions: ['.jpg', '.jpeg', '.png'], maxBytes: 10 * MB },
  // The tax bureau's e-invoice, uploaded by finance (issue 22).
  invoicePdf: { extensions: ['.pdf'], maxBytes: 10 * MB },
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

  async function issue(
    owner: { memberId: number } | { staffId: number },
    input: { dirType: AnyUploadDirType; fileExt: string },
  ): Promise<UploadTicket> {
    const rule = uploadRules[input.dirType];
    const fileExt = input.fileExt.startsWith('.') ? input.fileExt : `.${input.fileExt}`;
    if (!rule.extensions.includes(fileExt)) throw new AppError(400, '不支持的文件类型');
    const ownerKey = 'memberId' in owner ? `${owner.memberId}` : `staff-${owner.staffId}`;
    const issued = await deps.store.incr(`upload:tickets:${ownerKey}`, 24 * 3600_000);
    if (issued > UPLOAD_TICKETS_PER_DAY)
      throw new AppError(429, '今日上传次数已达上限，请明天再试');

    const at = now();
    const dir = `${input.dirType}/${ownerKey}/`;
    const filename = randomUUID();
    const expiresAt = new Date(at.getTime() + UPLOAD_TICKET_TTL_MS);
    await repository.insert({
      key: `${dir}${filename}${fileExt}`,
      ...owner,
      dirType: input.dirType,
      maxBytes: rule.maxBytes,
      issuedAt: at,
      expiresAt,
    });
    return storage.createPostTicket({ dir, filename, fileExt, maxBytes: rule.maxBytes, expiresAt });
  }

  /**
   * Issued to the caller for this use (`owned`), of a type this use allows (the key's extension
   * is the one its ticket was signed for), and really arrived; otherwise 400 with `message`.
   */
  async function assertArrived(
    owned: boolean,
    key: string,
    dirType: AnyUploadDirType,
    message: string,
    field?: string,
  ): Promise<void> {
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
  }

  return {
    /**
     * A ticket for one new object under `<dirType>/<memberId>/`, named by a random uuid. The key
     * is recorded as the member's, so later calls can tell it is theirs.
     */
    async issueTicket(
      memberId: number,
      input: { dirType: UploadDirType; fileExt: string },
    ): Promise<UploadTicket> {
      return issue({ memberId }, input);
    },

    /**
     * A staff member's ticket (StaffUpload): the same rules, the object under
     * `<dirType>/staff-<id>/`, recorded as that staff member's. Returns the key for the audit row.
     */
    async issueStaffTicket(
      staffId: number,
      input: { dirType: StaffUploadDirType; fileExt: string },
    ): Promise<UploadTicket & { key: string }> {
      const ticket = await issue({ staffId }, input);
      return { ...ticket, key: `${ticket.dir}${ticket.filename}${ticket.fileExt}` };
    },

    /**
     * As `assertUploaded`, for a key a staff member uploaded; inside a staff write, on its
     * transaction (`ex`).
     */
    async assertUploadedByStaff(
      staffId: number,
      key: string,
      dirType: StaffUploadDirType,
      message: string,
      field?: string,
      ex?: Executor,
    ): Promise<void> {
      const owned = await repository.findOwnedByStaff(key, staffId, dirType, ex);
      await assertArrived(owned !== undefined, key, dirType, message, field);
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
      const owned = await repository.findOwned(key, memberId, dirType);
      await assertArrived(owned !== undefined, key, dirType, message, field);
    },
  };
}

export type UploadService = ReturnType<typeof createUploadService>;
