import type { Receiver, ReceiverInput } from '@pcb/contract';
import { RECEIVER_LIMIT } from '@pcb/contract';
import { isUniqueViolation } from '../../db/errors';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { RegionApi } from '../region/region.module';
import type { ReceiverRepository, ReceiverValues } from './receiver.repository';
import type { ReceiverRow } from './receiver.table';

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
 * A member's shipping addresses. Every call names the member, and an id of another member's
 * address is answered as not found. Every change of defaults runs in one transaction holding
 * the member's lock (the count row), and the partial unique index refuses a second default.
 */
export function createReceiverService(deps: {
  repository: ReceiverRepository;
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

    async list(memberId: number, page: number, pageSize: number) {
      const { rows, total } = await repository.list(memberId, {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      return { items: rows.map(view), total, page, pageSize };
    },

    async defaultOrLast(memberId: number): Promise<Receiver | null> {
      const row = await repository.defaultOrLast(memberId);
      return row ? view(row) : null;
    },

    async create(memberId: number, input: ReceiverFields): Promise<Receiver> {
      const values = valuesOf(input);
      return guarded(() =>
        repository.transaction(async (tx) => {
          const reserved = await repository.reserveSlot(tx, memberId);
          if (reserved === undefined) throw new AppError(409, RECEIVER_LIMIT_MESSAGE);
          // The first address is the default; so is one the member asks to be.
          const hasDefault = await repository.hasDefault(tx, memberId);
          const row = await repository.insert(
            tx,
            memberId,
            values,
            input.isDefault === true || !hasDefault,
            deps.now(),
          );
          return view(row);
        }),
      );
    },

    async update(memberId: number, id: number, input: ReceiverFields): Promise<Receiver> {
      const values = valuesOf(input);
      return guarded(() =>
        repository.transaction(async (tx) => {
          await repository.lockMember(tx, memberId);
          let row = await repository.update(tx, memberId, id, values, deps.now());
          if (!row) throw notFound();
          if (input.isDefault === true && !row.isDefault) {
            row = await repository.setDefault(tx, memberId, id);
          }
          return view(row!);
        }),
      );
    },

    async setDefault(memberId: number, id: number): Promise<Receiver> {
      return guarded(() =>
        repository.transaction(async (tx) => {
          await repository.lockMember(tx, memberId);
          const row = await repository.setDefault(tx, memberId, id);
          if (!row) throw notFound();
          return view(row);
        }),
      );
    },

    async delete(memberId: number, id: number): Promise<{ ok: true }> {
      return guarded(() =>
        repository.transaction(async (tx) => {
          await repository.lockMember(tx, memberId);
          if (!(await repository.delete(tx, memberId, id))) throw notFound();
          return { ok: true as const };
        }),
      );
    },
  };
}

export type ReceiverService = ReturnType<typeof createReceiverService>;
