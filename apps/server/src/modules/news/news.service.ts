import type { NewsArticle, NewsSummary } from '@pcb/contract/news';
import { mapPage, type PageRequest } from '../../db/paged-list';
import { AppError } from '../../http/errors';
import type { NewsRepository } from './news.repository';
import type { NewsRow } from './news.table';

export const NEWS_NOT_FOUND_MESSAGE = '新闻不存在或已下线';

/** Only published rows reach here, and a published row always has its date (news_published_at_ck). */
export const toNewsSummary = (row: NewsRow): NewsSummary => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  isPinned: row.isPinned,
  publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
});

/** News as anyone reads it: published articles only. */
export function createNewsService(repository: NewsRepository) {
  return {
    async list(page: PageRequest) {
      return mapPage(await repository.listPublished(page), (rows) => rows.map(toNewsSummary));
    },

    async get(id: number): Promise<NewsArticle> {
      const row = await repository.findPublished(id);
      if (!row) throw new AppError(404, NEWS_NOT_FOUND_MESSAGE);
      return { ...toNewsSummary(row), content: row.content };
    },
  };
}

export type NewsService = ReturnType<typeof createNewsService>;
