// News articles (issue 23): written by content staff in the console (staff-news.ts), read by
// anyone on the home page and the news page. The body is HTML the server sanitised when it was
// saved (decision 0075); the member app sanitises it again before it renders it.
import { z } from 'zod';
import { idQuerySchema, pageInput, pageOf } from '../common';
import { defineModule } from '../define';

/** An article in a list: no body. */
export const newsSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  summary: z.string(),
  isPinned: z.boolean(),
  /** When it was (first) published: the date members read. */
  publishedAt: z.string(),
});
export type NewsSummary = z.infer<typeof newsSummarySchema>;

export const newsArticleSchema = newsSummarySchema.extend({
  /** Sanitised HTML (an allow-list of tags and attributes). */
  content: z.string(),
});
export type NewsArticle = z.infer<typeof newsArticleSchema>;

export const News = defineModule('News', {
  GetList: {
    method: 'GET',
    summary: '新闻列表（仅已发布，置顶在前，新的在前）',
    access: 'public',
    input: z.object({ ...pageInput }),
    output: pageOf(newsSummarySchema),
  },
  GetDetail: {
    method: 'GET',
    summary: '新闻详情（仅已发布）',
    access: 'public',
    input: z.object({ id: idQuerySchema }),
    output: newsArticleSchema,
  },
});

/**
 * The tags a news body may hold (decision 0075): what the console's editor writes. The server
 * saves a body through this allow-list and the member's page renders it through it again.
 */
export const NEWS_HTML_TAGS = [
  'p',
  'h2',
  'h3',
  'h4',
  'strong',
  'em',
  'u',
  's',
  'a',
  'ul',
  'ol',
  'li',
  'blockquote',
  'code',
  'pre',
  'img',
  'br',
  'hr',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
] as const;
