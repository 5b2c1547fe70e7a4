import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { newsArticleSchema } from './news';

export const newsStates = ['draft', 'published'] as const;
export type NewsState = (typeof newsStates)[number];

/** The longest body, in characters of HTML as the editor sends it (well inside the server's 256 KB body limit even in Chinese). */
export const NEWS_CONTENT_MAX = 50_000;

export const staffNewsSchema = newsArticleSchema.extend({
  state: z.enum(newsStates),
  /** Null until first published. */
  publishedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StaffNews = z.infer<typeof staffNewsSchema>;
export type StaffNewsSummary = Omit<StaffNews, 'content'>;
export const staffNewsSummarySchema = staffNewsSchema.omit({ content: true });

const newsInput = {
  title: text(100).trim().min(1).meta({ title: '标题' }),
  summary: text(300, { multiline: true }).trim().meta({ title: '摘要' }),
  /** HTML from the editor; the server keeps only the allowed tags and attributes. */
  content: text(NEWS_CONTENT_MAX, { multiline: true }).trim().min(1).meta({ title: '正文' }),
  isPinned: z.boolean().meta({ title: '置顶' }),
};

const roles = ['admin', 'content'] as const;

/** News as content staff write it (product decisions §5); News/GetList reads the same rows. */
export const StaffNews = defineModule('StaffNews', {
  List: {
    method: 'GET',
    summary: '新闻列表（含草稿）',
    access: 'staff',
    roles,
    input: z.object({
      state: z.enum(newsStates).optional().meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(staffNewsSummarySchema),
  },
  Get: {
    method: 'GET',
    summary: '新闻详情（编辑用）',
    access: 'staff',
    roles,
    input: z.object({ id: idQuerySchema }),
    output: staffNewsSchema,
  },
  Create: {
    method: 'POST',
    summary: '新建新闻（草稿）',
    access: 'staff',
    roles,
    input: z.object(newsInput),
    output: staffNewsSchema,
  },
  Update: {
    method: 'POST',
    summary: '修改新闻',
    access: 'staff',
    roles,
    input: z.object({ id: idSchema, ...newsInput }),
    output: staffNewsSchema,
  },
  Publish: {
    method: 'POST',
    summary: '发布新闻',
    access: 'staff',
    roles,
    input: z.object({ id: idSchema }),
    output: staffNewsSchema,
  },
  Unpublish: {
    method: 'POST',
    summary: '撤回新闻（转为草稿）',
    access: 'staff',
    roles,
    input: z.object({ id: idSchema }),
    output: staffNewsSchema,
  },
  Delete: {
    method: 'POST',
    summary: '删除新闻',
    access: 'staff',
    roles,
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
});
