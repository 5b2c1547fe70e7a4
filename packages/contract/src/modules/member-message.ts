import { z } from 'zod';
import { idSchema, pageInput, pageOf } from '../common';
import { defineModule, emptyInput } from '../define';

/** Site message categories, in the order the message centre shows them (product decisions §4). */
export const messageCategories = ['order', 'eq', 'finance', 'system'] as const;
export type MessageCategory = (typeof messageCategories)[number];

export const messageCategoryNames: Record<MessageCategory, string> = {
  order: '订单消息',
  eq: '工程问题',
  finance: '财务消息',
  system: '系统消息',
};

export const MESSAGE_NOT_FOUND_MESSAGE = '消息不存在';

export const siteMessageSchema = z.object({
  id: z.number().int(),
  category: z.enum(messageCategories),
  title: z.string(),
  content: z.string(),
  /** Where the message leads in the member app (a path of this site), or null. */
  link: z.string().nullable(),
  isRead: z.boolean(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type SiteMessage = z.infer<typeof siteMessageSchema>;

/** Unread messages per category and in all (the badge on /member and the footer's 我的). */
export const unreadCountsSchema = z.object({
  total: z.number().int(),
  order: z.number().int(),
  eq: z.number().int(),
  finance: z.number().int(),
  system: z.number().int(),
});
export type UnreadCounts = z.infer<typeof unreadCountsSchema>;

/** One category at the top of /InfoList: its newest message and how many are unread. */
export const messageCategorySummarySchema = z.object({
  category: z.enum(messageCategories),
  categoryName: z.string(),
  unreadCount: z.number().int(),
  latest: siteMessageSchema.nullable(),
});
export type MessageCategorySummary = z.infer<typeof messageCategorySummarySchema>;

const categoryInput = z
  .enum(messageCategories, { error: '消息类型不正确' })
  .meta({ title: '消息类型' });

/**
 * Site messages (站内消息): what happened to the member's orders, EQ, money and account. Made by
 * the server only (order events, EQ, approvals); the member reads them and marks them read. A
 * switched session reads and marks the messages of the account it acts in (decision 0043).
 */
export const MemberMessage = defineModule('MemberMessage', {
  GetUnReadNum: {
    method: 'GET',
    summary: '未读消息数（总数及各类型）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: unreadCountsSchema,
  },
  GetList: {
    method: 'GET',
    summary: '我的消息（最新的在前），可按类型、已读未读筛选，分页',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      category: categoryInput.optional(),
      isRead: z.stringbool({ error: '应为是或否' }).optional().meta({ title: '是否已读' }),
      ...pageInput,
    }),
    output: pageOf(siteMessageSchema),
  },
  SetIsRead: {
    method: 'PUT',
    summary: '把一条消息设为已读',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema }),
    output: siteMessageSchema,
  },
  SetAllMessagesToReaded: {
    method: 'PUT',
    summary: '全部设为已读（可只设某一类型）；答复设为已读的条数',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ category: categoryInput.optional() }),
    output: z.object({ count: z.number().int() }),
  },
  GetMbComprehensiveMessages: {
    method: 'GET',
    summary: '消息中心概览：每个类型的最新一条消息及未读数（按订单、工程问题、财务、系统）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: z.array(messageCategorySummarySchema),
  },
});
