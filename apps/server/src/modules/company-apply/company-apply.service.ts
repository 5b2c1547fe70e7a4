import type { CompanyApply, CompanyApplyInput } from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { ObjectStorage } from '../../integrations/oss/object-storage';
import type { Clock } from '../../lib/clock';
import type { MemberService } from '../member/member.module';
import type { UploadService } from '../upload/upload.module';
import { renderApplicationLetter } from './application-letter';
import type { CompanyApplyFields, CompanyApplyRepository } from './company-apply.repository';
import type { CompanyApplyRow } from './company-apply.table';

export const ALREADY_APPLIED_MESSAGE = '您已提交过企业认证申请，请在原申请上修改';
export const NOT_APPLIED_MESSAGE = '尚未提交企业认证申请';
export const APPROVED_MESSAGE = '企业认证已通过，不能再修改';
export const CODE_CERTIFIED_MESSAGE = '该统一社会信用代码已被其他账号认证';
export const LICENSE_MESSAGE = '营业执照文件无效，请重新上传';
export const LETTER_MESSAGE = '认证申请函文件无效，请重新上传';
/** How long the member's preview links work. */
const PREVIEW_URL_TTL_MS = 10 * 60_000;

/** YYYY-MM-DD in China time (spec section 5's display format). */
export const chinaDate = (at: Date): string =>
  new Date(at.getTime() + 8 * 3600_000).toISOString().slice(0, 10);

/** The member's own application, with links to preview the two files. */
export function createCompanyApplyService(deps: {
  repository: CompanyApplyRepository;
  members: Pick<MemberService, 'get'>;
  uploads: Pick<UploadService, 'assertUploaded'>;
  storage: Pick<ObjectStorage, 'signedGetUrl'>;
  now: Clock;
}) {
  const { repository } = deps;

  const toApply = (row: CompanyApplyRow): CompanyApply => {
    const until = new Date(deps.now().getTime() + PREVIEW_URL_TTL_MS);
    return {
      id: row.id,
      companyName: row.companyName,
      creditCode: row.creditCode,
      legalPerson: row.legalPerson,
      contactName: row.contactName,
      contactPhone: row.contactPhone,
      licenseKey: row.licenseKey,
      letterKey: row.letterKey,
      licenseUrl: deps.storage.signedGetUrl(row.licenseKey, until),
      letterUrl: deps.storage.signedGetUrl(row.letterKey, until),
      status: row.status,
      rejectReason: row.rejectReason,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  };

  /** The rules both submissions follow: a code nobody else holds, the member's own files. */
  async function check(memberId: number, input: CompanyApplyFields): Promise<void> {
    if (await repository.isCertifiedByOther(input.creditCode, memberId)) {
      throw new AppError(409, CODE_CERTIFIED_MESSAGE, { field: 'creditCode' });
    }
    await deps.uploads.assertUploaded(
      memberId,
      input.licenseKey,
      'companyLicense',
      LICENSE_MESSAGE,
      'licenseKey',
    );
    await deps.uploads.assertUploaded(
      memberId,
      input.letterKey,
      'companyLetter',
      LETTER_MESSAGE,
      'letterKey',
    );
  }

  /** Only the fields of the form: anything else the body carried is never written. */
  const fieldsOf = (input: CompanyApplyInput): CompanyApplyFields => ({
    companyName: input.companyName,
    creditCode: input.creditCode,
    legalPerson: input.legalPerson,
    contactName: input.contactName,
    contactPhone: input.contactPhone,
    licenseKey: input.licenseKey,
    letterKey: input.letterKey,
  });

  return {
    async get(memberId: number): Promise<CompanyApply | null> {
      const row = await repository.findByMember(memberId);
      return row ? toApply(row) : null;
    },

    /** The first submission: from state none only (a unique index per member). */
    async save(memberId: number, input: CompanyApplyInput): Promise<CompanyApply> {
      if (await repository.findByMember(memberId)) throw new AppError(409, ALREADY_APPLIED_MESSAGE);
      const fields = fieldsOf(input);
      await check(memberId, fields);
      const row = await repository.insertPending(memberId, fields, deps.now());
      if (!row) throw new AppError(409, ALREADY_APPLIED_MESSAGE);
      return toApply(row);
    },

    /** Edits while pending; resubmits after a rejection (pending again). Never once approved. */
    async update(memberId: number, input: CompanyApplyInput): Promise<CompanyApply> {
      const current = await repository.findByMember(memberId);
      if (!current) throw new AppError(404, NOT_APPLIED_MESSAGE);
      if (current.status === 'approved') throw new AppError(409, APPROVED_MESSAGE);
      const fields = fieldsOf(input);
      await check(memberId, fields);
      const row = await repository.updateOpen(memberId, fields, deps.now());
      // Approved between the read and the write.
      if (!row) throw new AppError(409, APPROVED_MESSAGE);
      return toApply(row);
    },

    /** The letter to sign, filled with the application's details (or the member's company). */
    async letter(memberId: number): Promise<Uint8Array> {
      const [member, row] = await Promise.all([
        deps.members.get(memberId),
        repository.findByMember(memberId),
      ]);
      return renderApplicationLetter({
        companyName: row?.companyName ?? member.companyName,
        creditCode: row?.creditCode ?? null,
        legalPerson: row?.legalPerson ?? null,
        account: member.userName ?? member.mobile,
        date: chinaDate(deps.now()),
      });
    },
  };
}

export type CompanyApplyService = ReturnType<typeof createCompanyApplyService>;
