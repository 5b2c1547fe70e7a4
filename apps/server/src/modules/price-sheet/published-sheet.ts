import { performance } from 'node:perf_hooks';
import { defaultPriceSheet, type PriceSheet } from '@pcb/pricing';
import type { Clock } from '../../lib/clock';
import type { PriceSheetRepository } from './price-sheet.repository';
import type { PriceSheetRow } from './price-sheet.table';

export interface Published {
  version: number;
  sheet: PriceSheet;
  publishedAt: Date;
}

/** How long the cached sheet is trusted before its version is checked again (decision 0028). */
export const SHEET_CHECK_MS = 1000;

const toPublished = (row: PriceSheetRow): Published => ({
  version: row.version!,
  // The JSON's version is the row's (publication writes both); kept so even if edited by hand.
  sheet: { ...row.sheet, version: row.version! },
  publishedAt: row.publishedAt!,
});

/**
 * The published sheet, held in memory: a quote costs no query. At most once a second one
 * index lookup of the published version tells whether another process published since; this
 * process's own publication replaces the cache at once (`replace`). When no sheet is published
 * (a new database) the engine's default sheet becomes version 1.
 */
export function createPublishedSheetCache(deps: { repository: PriceSheetRepository; now: Clock }) {
  const { repository } = deps;
  let cached: Published | undefined;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let pending: Promise<Published> | undefined;

  async function load(): Promise<Published> {
    let row = await repository.findPublished();
    if (!row) {
      await repository.publishIfNone(defaultPriceSheet, deps.now());
      row = await repository.findPublished();
    }
    if (!row) throw new Error('no published price sheet');
    return toPublished(row);
  }

  async function refresh(): Promise<Published> {
    const version = await repository.publishedVersion();
    if (!cached || version !== cached.version) cached = await load();
    checkedAt = performance.now();
    return cached;
  }

  return {
    /** The cached sheet; `fresh` checks the version first (placing an order). */
    get(options: { fresh?: boolean } = {}): Promise<Published> {
      if (cached && !options.fresh && performance.now() - checkedAt < SHEET_CHECK_MS) {
        return Promise.resolve(cached);
      }
      pending ??= refresh().finally(() => {
        pending = undefined;
      });
      return pending;
    },
    /** After this process published: the new sheet is current now. */
    replace(row: PriceSheetRow): void {
      cached = toPublished(row);
      checkedAt = performance.now();
    },
  };
}

/** Named apart from the contract's `PublishedSheet`, the answer built from it. */
export type PublishedSheetCache = ReturnType<typeof createPublishedSheetCache>;
