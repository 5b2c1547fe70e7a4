import type { NewsState } from '@pcb/contract/staff-news';

export const newsStateTags: Record<NewsState, { label: string; color: string }> = {
  draft: { label: '草稿', color: 'default' },
  published: { label: '已发布', color: 'green' },
};

/** The edit page of an article, or of a new one (paths.newsEdit). */
export const newsEditPath = (id: number | 'new') => `/news/${id}`;
