import { MAX_CONTACTS, type ContactUserType, type MemberContact } from '@pcb/contract';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { ContactValues, MemberContactRepository } from './member-contact.repository';
import type { MemberContactRow } from './member-contact.table';

export const CONTACT_NOT_FOUND_MESSAGE = '联系人不存在';
export const KEEP_MAIN_MESSAGE = '主联系人不能直接取消，请把同类型的另一位联系人设为主联系人';
export const TOO_MANY_CONTACTS_MESSAGE = `联系人最多${MAX_CONTACTS}位，请先删除不再需要的联系人`;

export const toContact = (row: MemberContactRow): MemberContact => ({
  id: row.id,
  contactName: row.contactName,
  mobile: row.mobile,
  email: row.email,
  qq: row.qq,
  wechat: row.wechat,
  isMain: row.isMain,
  userType: row.userType,
  createdAt: row.createdAt.toISOString(),
});

export interface ContactChange {
  contactName: string;
  mobile: string;
  email?: string | null;
  qq?: string | null;
  wechat?: string | null;
  isMain: boolean;
  userType: ContactUserType;
}

const valuesOf = (input: ContactChange): ContactValues => ({
  contactName: input.contactName,
  mobile: input.mobile,
  email: input.email ?? null,
  qq: input.qq ?? null,
  wechat: input.wechat ?? null,
  userType: input.userType,
});

const notFound = () => new AppError(404, CONTACT_NOT_FOUND_MESSAGE);

/**
 * A member's order contacts, an owned list grouped by type (decision 0041). Exactly one main
 * contact per type while any of that type exist: every change runs in one transaction holding
 * the member's lock; the first of a type becomes main, setting one main unsets the other,
 * deleting or moving the main promotes the earliest left. A contact of another member is
 * "not found".
 */
export function createMemberContactService(deps: {
  repository: MemberContactRepository;
  now: Clock;
}) {
  const { repository, now } = deps;

  return {
    async list(memberId: number, userType?: ContactUserType): Promise<MemberContact[]> {
      return (await repository.list(memberId, userType)).map(toContact);
    },

    /** For orders: the member's contact, or null when there is none of that id for them. */
    async findOwned(memberId: number, id: number): Promise<MemberContact | null> {
      const row = await repository.findOwned(memberId, id);
      return row ? toContact(row) : null;
    },

    async getMain(memberId: number, userType: ContactUserType): Promise<MemberContact | null> {
      const row = await repository.findMain(memberId, userType);
      return row ? toContact(row) : null;
    },

    async create(memberId: number, input: ContactChange): Promise<MemberContact> {
      const at = now();
      const row = await repository.create(
        memberId,
        { group: input.userType, wantsDefault: input.isMain },
        (tx, isMain) => repository.insert(tx, { ...valuesOf(input), memberId, isMain, at }),
      );
      if (!row) throw new AppError(409, TOO_MANY_CONTACTS_MESSAGE);
      return toContact(row);
    },

    async update(memberId: number, id: number, input: ContactChange): Promise<MemberContact> {
      return repository.write(memberId, async (w) => {
        const before = await w.find(id);
        if (!before) throw notFound();
        const typeChanged = before.userType !== input.userType;
        const staysMain = before.isMain && !typeChanged;
        if (staysMain && !input.isMain) {
          throw new AppError(409, KEEP_MAIN_MESSAGE, { field: 'isMain' });
        }
        // In its (new) type: main when asked, when it stays the main, or when the type has none.
        const isMain = input.isMain || staysMain || !(await w.hasDefault(input.userType));
        if (isMain && !staysMain) await w.clearDefault(input.userType);
        const row = await repository.update(w.tx, memberId, id, {
          ...valuesOf(input),
          isMain,
          at: now(),
        });
        // It left its old type as that type's main: the earliest left there takes over.
        if (typeChanged && before.isMain) await w.promote(before.userType);
        return toContact(row!);
      });
    },

    async setMain(memberId: number, id: number): Promise<MemberContact> {
      const row = await repository.setDefault(memberId, id);
      if (!row) throw notFound();
      return toContact(row);
    },

    /** The main deleted, the earliest left of its type takes over; the last leaves none. */
    async delete(memberId: number, id: number): Promise<{ ok: true }> {
      if (!(await repository.delete(memberId, id))) throw notFound();
      return { ok: true as const };
    },
  };
}

export type MemberContactService = ReturnType<typeof createMemberContactService>;
