import type { StaffNews, StaffNewsSummary } from '@pcb/contract/staff-news';
import { mapPage, type PageRequest } from '../../db/paged-list';
import type { StaffWrite } from '../../http/define-route';
import { AppError } from '../../http/errors';
import type { Clock } from '../../lib/clock';
import { hasNewsContent, sanitizeNewsHtml } from './news-html';
import type { NewsAdminRepository } from './news.repository';
import type { NewsRow } from './news.table';

const NOT_FOUND_MESSAGE = '新闻不存在';

interface NewsInput {
  title: string;
  summary: string;
  content: string;
  isPinned: boolean;
}

const toStaffSummary = (row: NewsRow): StaffNewsSummary => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  isPinned: row.isPinned,
  state: row.state,
  publishedAt: row.publishedAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const toStaff = (row: NewsRow): StaffNews => ({ ...toStaffSummary(row), content: row.content });

const audited = (row: NewsRow) => ({
  title: row.title,
  summary: row.summary,
  content: row.content,
  isPinned: row.isPinned,
  state: row.state,
  publishedAt: row.publishedAt?.toISOString() ?? null,
});

/** The body kept: sanitised, and refused when nothing readable is left of it. */
function valuesOf(input: NewsInput) {
  const content = sanitizeNewsHtml(input.content);
  if (!hasNewsContent(content)) {
    throw new AppError(400, '正文不能为空', { field: 'content' });
  }
  return { title: input.title, summary: input.summary, content, isPinned: input.isPinned };
}

/** News as content staff write it; a new article is a draft until published. */
export function createNewsAdminService(repository: NewsAdminRepository, now: Clock) {
  const mustLock = async (write: StaffWrite, id: number) => {
    const row = await repository.lock(write.tx, id);
    if (!row) throw new AppError(404, NOT_FOUND_MESSAGE);
    return row;
  };

  const change = async (
    write: StaffWrite,
    id: number,
    values: (before: NewsRow) => Partial<NewsRow>,
  ) => {
    const before = await mustLock(write, id);
    const after = await repository.update(write.tx, id, { ...values(before), updatedAt: now() });
    if (!after) throw new AppError(404, NOT_FOUND_MESSAGE);
    await write.audit('news', id, audited(before), audited(after));
    return toStaff(after);
  };

  return {
    async list(state: NewsRow['state'] | undefined, page: PageRequest) {
      return mapPage(await repository.list(state, page), (rows) => rows.map(toStaffSummary));
    },

    async get(id: number): Promise<StaffNews> {
      const row = await repository.find(id);
      if (!row) throw new AppError(404, NOT_FOUND_MESSAGE);
      return toStaff(row);
    },

    async create(write: StaffWrite, input: NewsInput) {
      const at = now();
      const row = await repository.insert(write.tx, {
        ...valuesOf(input),
        state: 'draft',
        publishedAt: null,
        createdAt: at,
        updatedAt: at,
      });
      await write.audit('news', row.id, null, audited(row));
      return toStaff(row);
    },

    update: (write: StaffWrite, id: number, input: NewsInput) =>
      change(write, id, () => valuesOf(input)),

    /** Published at the first publish; a republished article keeps that date. */
    publish: (write: StaffWrite, id: number) =>
      change(write, id, (before) => ({
        state: 'published',
        publishedAt: before.publishedAt ?? now(),
      })),

    unpublish: (write: StaffWrite, id: number) => change(write, id, () => ({ state: 'draft' })),

    async delete(write: StaffWrite, id: number) {
      const before = await mustLock(write, id);
      await repository.delete(write.tx, id);
      await write.audit('news', id, audited(before), null);
      return { ok: true as const };
    },
  };
}

export type NewsAdminService = ReturnType<typeof createNewsAdminService>;
