import type { Receiver, ReceiverInput } from '@pcb/contract';
import { RECEIVER_LIMIT } from '@pcb/contract';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { Clock } from '../../lib/clock';
import type { RegionApi } from '../region/region.module';
import type { MemberReceiverRepository, ReceiverValues } from './member-receiver.repository';
import type { ReceiverRow } from './member-receiver.table';

export const RECEIVER_NOT_FOUND_MESSAGE = '收货地址不存在';
export const RECEIVER_LIMIT_MESSAGE = `最多保存${RECEIVER_LIMIT}个收货地址，请先删除不用的地址`;
export const REGION_NOT_FOUND_MESSAGE = '所在地区不存在，请重新选择';
export const RECEIVER_BUSY_MESSAGE = '收货地址正在被修改，请稍后重试';

/** The address fields as the contract parsed them (postcode and company already null if blank). */
export type ReceiverFields = Omit<ReceiverInput, 'postcode' | 'company'> & {
  postcode: string | null;
  company: string | null;
};

export const toReceiver = (row: ReceiverRow, country: string): Receiver => ({
  id: row.id,
  receiverName: row.receiverName,
  mobile: row.mobile,
  region: {
    code: row.regionCode,
    country,
    province: row.province,
    city: row.city,
    county: row.county,
  },
  address: row.address,
  postcode: row.postcode,
  company: row.company,
  isDefault: row.isDefault,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const notFound = () => new AppError(404, RECEIVER_NOT_FOUND_MESSAGE);

/**
 * A member's shipping addresses, an owned list (decision 0041): every call names the member,
 * and an id of another member's address is answered as not found; every write holds the
 * member's lock, and the partial unique index refuses a second default.
 */
export function createMemberReceiverService(deps: {
  repository: MemberReceiverRepository;
  regions: RegionApi;
  country: string;
  now: Clock;
}) {
  const { repository, regions, country } = deps;
  const view = (row: ReceiverRow) => toReceiver(row, country);

  /** The stored values: the region's names are looked up from its code, never taken from input. */
  function valuesOf(input: ReceiverFields): ReceiverValues {
    const region = regions.lookup(input.regionCode);
    if (!region) throw new AppError(400, REGION_NOT_FOUND_MESSAGE, { field: 'regionCode' });
    return {
      receiverName: input.receiverName,
      mobile: input.mobile,
      regionCode: region.code,
      province: region.province,
      city: region.city,
      county: region.county,
      address: input.address,
      postcode: input.postcode,
      company: input.company,
    };
  }

  /** A second default can only come from a bug; the index refuses it and the caller retries. */
  async function guarded<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, RECEIVER_BUSY_MESSAGE);
      throw error;
    }
  }

  return {
    async get(memberId: number, id: number): Promise<Receiver> {
      const row = await repository.find(memberId, id);
      if (!row) throw notFound();
      return view(row);
    },

    /** For other modules (quotes, orders): the member's address, or null when not theirs. */
    async findForMember(memberId: number, id: number): Promise<Receiver | null> {
      const row = await repository.find(memberId, id);
      return row ? view(row) : null;
    },

    async list(memberId: number, page: PageRequest) {
      return mapPage(await repository.list(memberId, page), (rows) => rows.map(view));
    },

    async defaultOrLast(memberId: number): Promise<Receiver | null> {
      const row = await repository.defaultOrLast(memberId);
      return row ? view(row) : null;
    },

    async create(memberId: number, input: ReceiverFields): Promise<Receiver> {
      const values = valuesOf(input);
      const row = await guarded(() =>
        // The first address is the default; so is one the member asks to be.
        repository.create(memberId, { wantsDefault: input.isDefault === true }, (tx, isDefault) =>
          repository.insert(tx, memberId, values, isDefault, deps.now()),
        ),
      );
      if (!row) throw new AppError(409, RECEIVER_LIMIT_MESSAGE);
      return view(row);
    },

    /** `isDefault: true` moves the default here; false never takes it away. */
    async update(memberId: number, id: number, input: ReceiverFields): Promise<Receiver> {
      const values = valuesOf(input);
      return guarded(() =>
        repository.write(memberId, async (w) => {
          let row = await repository.update(w.tx, memberId, id, values, deps.now());
          if (!row) throw notFound();
          if (input.isDefault === true) row = await w.setDefault(id);
          return view(row!);
        }),
      );
    },

    async setDefault(memberId: number, id: number): Promise<Receiver> {
      const row = await guarded(() => repository.setDefault(memberId, id));
      if (!row) throw notFound();
      return view(row);
    },

    /** The default deleted, the most recently created or edited one left takes over. */
    async delete(memberId: number, id: number): Promise<{ ok: true }> {
      if (!(await guarded(() => repository.delete(memberId, id)))) throw notFound();
      return { ok: true as const };
    },
  };
}

export type MemberReceiverService = ReturnType<typeof createMemberReceiverService>;
