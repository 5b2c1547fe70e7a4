import type {
  PreviewRow,
  PriceSheetDetail,
  PriceSheetSummary,
  PublishedSheet,
} from '@pcb/contract';
import { checkPriceSheet, type CalendarData, type PriceSheet } from '@pcb/pricing';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import type { StaffApi } from '../staff/staff.module';
import { previewRow, previewWarnings, standardSamples, type Sample } from './preview';
import type { PublishedSheetCache } from './published-sheet';
import type { PriceSheetRepository } from './price-sheet.repository';
import type { PriceSheetRow } from './price-sheet.table';

export const SHEET_NOT_FOUND_MESSAGE = '价格表不存在';
export const NOT_A_DRAFT_MESSAGE = '该价格表不是草稿（可能已发布或已放弃），请刷新后查看';
export const PUBLISHED_SINCE_MESSAGE = '生效中的价格表已被其他人更新，请刷新后再发布';
export const DRAFT_EXISTS_MESSAGE = '已有草稿，请刷新后继续编辑';

/** The audit log keeps what changed, not the whole sheet twice when only the note did. */
const auditView = (row: PriceSheetRow) => ({
  version: row.version,
  status: row.status,
  name: row.name,
  note: row.note,
  sheet: row.sheet,
});

/**
 * Price sheets as staff edit them: one draft at a time copied from the published sheet,
 * checked on every save (`checkPriceSheet`: nothing kept when it fails), previewed against the
 * published prices, published as the next version in one transaction conditional on the
 * version the staff member saw. Every write is audited on the route's transaction.
 */
export function createPriceSheetService(deps: {
  repository: PriceSheetRepository;
  published: PublishedSheetCache;
  calendarData: CalendarData;
  staff: Pick<StaffApi, 'namesOf'>;
  now: Clock;
}) {
  const { repository, published } = deps;

  async function summaries(rows: PriceSheetRow[]): Promise<PriceSheetSummary[]> {
    const refs = await deps.staff.namesOf(rows.flatMap((r) => [r.createdBy, r.publishedBy]));
    const ref = (id: number | null) => (id === null ? null : (refs.get(id) ?? null));
    return rows.map((row) => ({
      id: row.id,
      version: row.version,
      name: row.name,
      status: row.status,
      basedOnVersion: row.basedOnVersion,
      note: row.note,
      createdBy: ref(row.createdBy),
      updatedAt: row.updatedAt.toISOString(),
      publishedBy: ref(row.publishedBy),
      publishedAt: row.publishedAt?.toISOString() ?? null,
    }));
  }

  const detail = async (row: PriceSheetRow): Promise<PriceSheetDetail> => ({
    ...(await summaries([row]))[0]!,
    sheet: row.sheet,
  });

  async function mustFindDraft(id: number, ex?: StaffWrite['tx']): Promise<PriceSheetRow> {
    const row = await repository.find(id, ex);
    if (!row) throw new AppError(404, SHEET_NOT_FOUND_MESSAGE);
    if (row.status !== 'draft') throw new AppError(409, NOT_A_DRAFT_MESSAGE);
    return row;
  }

  return {
    async getPublished(): Promise<PublishedSheet> {
      const current = await published.get();
      return {
        version: current.version,
        publishedAt: current.publishedAt.toISOString(),
        sheet: current.sheet,
        calendar: deps.calendarData,
      };
    },

    async list(page: PageRequest) {
      await published.get(); // a new database shows its seeded version 1
      return mapPage(await repository.list(page), summaries);
    },

    async get(id: number): Promise<PriceSheetDetail> {
      const row = await repository.find(id);
      if (!row) throw new AppError(404, SHEET_NOT_FOUND_MESSAGE);
      return detail(row);
    },

    /** A copy of the published sheet to edit; the draft already open when there is one. */
    async createDraft(write: StaffWrite): Promise<PriceSheetDetail> {
      const existing = await repository.findDraft(write.tx);
      if (existing) {
        await write.audit('priceSheet', existing.id, null, { reopened: true });
        return detail(existing);
      }
      const current = await published.get({ fresh: true });
      const row = await repository.insertDraft(
        write.tx,
        {
          name: current.sheet.name,
          sheet: current.sheet,
          basedOnVersion: current.version,
          createdBy: write.staff.id,
        },
        deps.now(),
      );
      // Another admin opened one at the same moment: theirs is the draft.
      if (!row) throw new AppError(409, DRAFT_EXISTS_MESSAGE);
      await write.audit('priceSheet', row.id, null, {
        basedOnVersion: current.version,
        status: 'draft',
      });
      return detail(row);
    },

    async saveDraft(
      write: StaffWrite,
      id: number,
      sheet: PriceSheet,
      note: string | undefined,
    ): Promise<PriceSheetDetail> {
      const before = await mustFindDraft(id, write.tx);
      const [problem] = checkPriceSheet(sheet);
      if (problem) {
        throw new AppError(400, `${problem.path}：${problem.message}`, {
          field: `sheet.${problem.path}`,
        });
      }
      // Until published, the JSON keeps the version it was copied from.
      const kept: PriceSheet = { ...sheet, version: before.basedOnVersion ?? sheet.version };
      const row = await repository.updateDraft(
        write.tx,
        id,
        { sheet: kept, name: kept.name, note: note || null },
        deps.now(),
      );
      if (!row) throw new AppError(409, NOT_A_DRAFT_MESSAGE);
      await write.audit('priceSheet', id, auditView(before), auditView(row));
      return detail(row);
    },

    async preview(
      write: StaffWrite,
      id: number,
      samples: Sample[] = [],
    ): Promise<{
      problems: { path: string; message: string }[];
      warnings: string[];
      rows: PreviewRow[];
    }> {
      const draft = await mustFindDraft(id, write.tx);
      const current = await published.get();
      const problems = checkPriceSheet(draft.sheet);
      const rows =
        problems.length > 0
          ? []
          : [...standardSamples, ...samples].map((s) => previewRow(s, current.sheet, draft.sheet));
      // A preview changes nothing; the log still says who looked at which draft's prices.
      await write.audit('priceSheet', id, null, { previewed: rows.length });
      return { problems, warnings: previewWarnings(rows), rows };
    },

    /**
     * The draft becomes version current + 1 and the current one is retired, in the route's
     * transaction; refused when another version was published since the staff member looked.
     */
    async publish(
      write: StaffWrite,
      id: number,
      expectedCurrentVersion: number,
    ): Promise<PriceSheetSummary> {
      const draft = await mustFindDraft(id, write.tx);
      const problem = checkPriceSheet(draft.sheet)[0];
      if (problem) {
        throw new AppError(400, `${problem.path}：${problem.message}`, {
          field: `sheet.${problem.path}`,
        });
      }
      const at = deps.now();
      const retired = await repository.retire(write.tx, expectedCurrentVersion, at);
      if (!retired)
        throw new AppError(409, PUBLISHED_SINCE_MESSAGE, { field: 'expectedCurrentVersion' });
      const row = await repository.publishDraft(
        write.tx,
        id,
        expectedCurrentVersion + 1,
        write.staff.id,
        at,
      );
      if (!row) throw new AppError(409, NOT_A_DRAFT_MESSAGE);
      await write.audit(
        'priceSheet',
        id,
        { status: 'draft', currentVersion: expectedCurrentVersion },
        { status: 'published', version: row.version },
      );
      write.afterCommit(async () => published.replace(row));
      return (await summaries([row]))[0]!;
    },

    async deleteDraft(write: StaffWrite, id: number): Promise<{ ok: true }> {
      const row = await repository.deleteDraft(write.tx, id);
      if (!row) {
        await mustFindDraft(id, write.tx);
        throw new AppError(409, NOT_A_DRAFT_MESSAGE);
      }
      await write.audit('priceSheet', id, auditView(row), null);
      return { ok: true as const };
    },
  };
}

export type PriceSheetService = ReturnType<typeof createPriceSheetService>;
