import { z } from 'zod';
import { text } from '../common';
import { defineModule } from '../define';

/** What a member's upload is for: decides its folder, size limit and the extensions allowed. */
export const uploadDirTypes = [
  'identity',
  'companyLicense',
  'companyLetter',
  'pcbFile',
  'smtFile',
  'stencilFile',
  /** Images answering an engineering question. */
  'eqReply',
] as const;
/** What a staff upload is for (StaffUpload/GetUploadCode). */
export const staffUploadDirTypes = [
  /** Images of an engineering question. */
  'eqQuestion',
  /** The tax bureau's e-invoice PDF finance issues an invoice request with. */
  'invoicePdf',
] as const;
export type UploadDirType = (typeof uploadDirTypes)[number];
export type StaffUploadDirType = (typeof staffUploadDirTypes)[number];
/** Every use, members' and staff's: what an upload record may be for. */
export const allUploadDirTypes = [...uploadDirTypes, ...staffUploadDirTypes] as const;
export type AnyUploadDirType = (typeof allUploadDirTypes)[number];

/** The extension is the text after the last '.' of the file name (spec section 5). */
export function fileExtOf(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot < 0 ? '' : fileName.slice(dot + 1).toLowerCase();
}

/**
 * An object-storage POST ticket (spec section 7): the browser posts multipart form-data to
 * `host` with key = dir + filename + fileExt, OSSAccessKeyId = accessid, policy, Signature,
 * success_action_status = '200' and file. The key becomes the file's reference.
 */
export const uploadTicketSchema = z.object({
  dir: z.string(),
  filename: z.string(),
  fileExt: z.string(),
  accessid: z.string(),
  policy: z.string(),
  signature: z.string(),
  host: z.string(),
});
export type UploadTicket = z.infer<typeof uploadTicketSchema>;

export const Common = defineModule('Common', {
  getUploadCode: {
    method: 'GET',
    summary: '对象存储直传凭证（按用途限制目录、大小与扩展名，10分钟有效）',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({
      dirType: z.enum(uploadDirTypes).meta({ title: '文件类型' }),
      fileExt: text(16)
        .trim()
        .toLowerCase()
        .regex(/^\.?[a-z0-9]{1,8}$/, { error: '格式不正确' })
        .meta({ title: '文件扩展名' }),
    }),
    output: uploadTicketSchema,
  },
});
