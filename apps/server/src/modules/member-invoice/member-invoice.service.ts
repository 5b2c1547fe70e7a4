import {
  invoiceFieldsFor,
  MAX_INVOICE_PROFILES,
  SPECIAL_NEEDS_CERTIFICATION_MESSAGE,
  titleTypeFor,
  type InvoiceDetailField,
  type InvoicePermissions,
  type InvoiceProfile,
  type InvoiceTitleType,
  type InvoiceType,
} from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { Member } from '../member/member.module';
import type { InvoiceProfileValues, MemberInvoiceRepository } from './member-invoice.repository';
import type { MemberInvoiceRow } from './member-invoice.table';

export const INVOICE_NOT_FOUND_MESSAGE = '发票抬头不存在';
export const INVOICE_CAP_MESSAGE = `最多可保存${MAX_INVOICE_PROFILES}个发票抬头，请删除不用的后再添加`;

/** A profile as the member writes it, after the contract's checks. */
export interface InvoiceProfileDraft {
  invoiceType: InvoiceType;
  titleType: InvoiceTitleType;
  title: string;
  taxNumber?: string | undefined;
  registeredAddress?: string | undefined;
  registeredPhone?: string | undefined;
  bankName?: string | undefined;
  bankAccount?: string | undefined;
  email: string;
  mobile?: string | undefined;
  isDefault?: boolean | undefined;
}

/** Only the fields its type uses are kept; the rest are null (the table checks it too). */
function valuesOf(draft: InvoiceProfileDraft): InvoiceProfileValues {
  const titleType = titleTypeFor(draft.invoiceType, draft.titleType);
  const fields = invoiceFieldsFor(draft.invoiceType, titleType);
  const keep = (field: InvoiceDetailField) =>
    fields.includes(field) ? draft[field] || null : null;
  return {
    invoiceType: draft.invoiceType,
    titleType,
    title: draft.title,
    taxNumber: keep('taxNumber'),
    registeredAddress: keep('registeredAddress'),
    registeredPhone: keep('registeredPhone'),
    bankName: keep('bankName'),
    bankAccount: keep('bankAccount'),
    email: draft.email,
    mobile: draft.mobile || null,
  };
}

/** Whether the member's enterprise certification is approved now (专票 needs it). */
const isCertified = (member: { certifiedAt: Date | null }) => member.certifiedAt !== null;

const toProfile = (row: MemberInvoiceRow, certified: boolean): InvoiceProfile => ({
  id: row.id,
  invoiceType: row.invoiceType,
  titleType: row.titleType,
  title: row.title,
  taxNumber: row.taxNumber,
  registeredAddress: row.registeredAddress,
  registeredPhone: row.registeredPhone,
  bankName: row.bankName,
  bankAccount: row.bankAccount,
  email: row.email,
  mobile: row.mobile,
  isDefault: row.isDefault,
  isUsable: row.invoiceType === 'normal' || certified,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError(404, INVOICE_NOT_FOUND_MESSAGE);

/**
 * A member's invoice profiles, an owned list (decision 0041): every write of one member's
 * profiles locks that member's quota row first, so they run one at a time: exactly one default
 * while any exist (the first becomes it, deleting it promotes the most recently changed), and
 * never more than the cap.
 */
export function createMemberInvoiceService(deps: {
  repository: MemberInvoiceRepository;
  /** Whether the member is certified now (专票); `MemberService` is one. */
  members: { get: (id: number) => Promise<Pick<Member, 'certifiedAt'>> };
  now: Clock;
}) {
  const { repository } = deps;
  const certified = async (memberId: number) => isCertified(await deps.members.get(memberId));

  /** 专票 only with an approved enterprise certification, checked at every write of one. */
  async function assertMayUse(memberId: number, invoiceType: InvoiceType) {
    if (invoiceType === 'special' && !(await certified(memberId))) {
      throw new AppError(403, SPECIAL_NEEDS_CERTIFICATION_MESSAGE, { field: 'invoiceType' });
    }
  }

  return {
    async permissions(memberId: number): Promise<InvoicePermissions> {
      const canUseSpecial = await certified(memberId);
      return {
        canUseNormal: true,
        canUseSpecial,
        specialRefusal: canUseSpecial ? null : SPECIAL_NEEDS_CERTIFICATION_MESSAGE,
      };
    },

    async list(memberId: number, invoiceType?: InvoiceType): Promise<InvoiceProfile[]> {
      const [rows, isMemberCertified] = await Promise.all([
        repository.list(memberId, invoiceType),
        certified(memberId),
      ]);
      return rows.map((row) => toProfile(row, isMemberCertified));
    },

    /** The member's own profile; another member's id is "not found", as a missing one. */
    async get(memberId: number, id: number): Promise<InvoiceProfile> {
      const row = await repository.findOwned(memberId, id);
      if (!row) throw notFound();
      return toProfile(row, await certified(memberId));
    },

    async getDefault(memberId: number): Promise<InvoiceProfile | null> {
      const row = await repository.findDefault(memberId);
      return row ? toProfile(row, await certified(memberId)) : null;
    },

    async create(memberId: number, draft: InvoiceProfileDraft): Promise<InvoiceProfile> {
      await assertMayUse(memberId, draft.invoiceType);
      const at = deps.now();
      const row = await repository.create(
        memberId,
        { wantsDefault: draft.isDefault === true },
        (tx, isDefault) =>
          repository.insert(tx, {
            ...valuesOf(draft),
            memberId,
            isDefault,
            createdAt: at,
            updatedAt: at,
          }),
      );
      if (!row) throw new AppError(409, INVOICE_CAP_MESSAGE);
      return toProfile(row, await certified(memberId));
    },

    /** Replaces the profile's fields; `isDefault: true` also makes it the default. */
    async update(
      memberId: number,
      id: number,
      draft: InvoiceProfileDraft,
    ): Promise<InvoiceProfile> {
      await assertMayUse(memberId, draft.invoiceType);
      const row = await repository.write(memberId, async (w) => {
        const updated = await repository.update(w.tx, memberId, id, {
          ...valuesOf(draft),
          updatedAt: deps.now(),
        });
        if (!updated) throw notFound();
        return draft.isDefault === true ? (await w.setDefault(id))! : updated;
      });
      return toProfile(row, await certified(memberId));
    },

    async setDefault(memberId: number, id: number): Promise<InvoiceProfile> {
      const row = await repository.setDefault(memberId, id);
      if (!row) throw notFound();
      return toProfile(row, await certified(memberId));
    },

    /** The default deleted, the most recently changed one left takes over. */
    async delete(memberId: number, id: number): Promise<{ ok: true }> {
      if (!(await repository.delete(memberId, id))) throw notFound();
      return { ok: true };
    },

    /**
     * For invoicing (later modules): the member's profile by id, or null when it is not theirs;
     * `isUsable` says whether an invoice may be requested with it now.
     */
    async findOwned(memberId: number, id: number): Promise<InvoiceProfile | null> {
      const row = await repository.findOwned(memberId, id);
      return row ? toProfile(row, await certified(memberId)) : null;
    },
  };
}

export type MemberInvoiceService = ReturnType<typeof createMemberInvoiceService>;
