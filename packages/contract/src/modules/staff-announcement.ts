import { z } from 'zod';
import { idSchema, instantSchema, okSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { announcementSchema, announcementTypes } from './member-auth';

export const announcementStates = ['scheduled', 'active', 'ended'] as const;

export const staffAnnouncementSchema = announcementSchema.extend({
  /** Whether GetEffectiveAnnouncement serves it now, later, or no more. */
  state: z.enum(announcementStates),
  createdAt: z.string(),
});
export type StaffAnnouncement = z.infer<typeof staffAnnouncementSchema>;

const announcementInput = {
  type: z.enum(announcementTypes).meta({ title: '公告位置' }),
  title: text(100).trim().min(1).meta({ title: '标题' }),
  content: text(2000, { multiline: true }).trim().min(1).meta({ title: '内容' }),
  linkUrl: text(512)
    .pipe(z.url({ error: '应为完整的网址' }))
    .nullable()
    .meta({ title: '链接' }),
  startsAt: instantSchema.meta({ title: '开始时间' }),
  /** Open-ended when null. */
  endsAt: instantSchema.nullable().meta({ title: '结束时间' }),
};

/** Announcements the member centre shows (GetEffectiveAnnouncement): content staff's. */
export const StaffAnnouncement = defineModule('StaffAnnouncement', {
  List: {
    method: 'GET',
    summary: '公告列表（按位置筛选）',
    access: 'staff',
    roles: ['admin', 'content'],
    input: z.object({
      type: z.enum(announcementTypes).optional().meta({ title: '公告位置' }),
      ...pageInput,
    }),
    output: pageOf(staffAnnouncementSchema),
  },
  Create: {
    method: 'POST',
    summary: '新建公告（可定时开始、结束）',
    access: 'staff',
    roles: ['admin', 'content'],
    input: z.object(announcementInput),
    output: staffAnnouncementSchema,
  },
  Update: {
    method: 'POST',
    summary: '修改公告',
    access: 'staff',
    roles: ['admin', 'content'],
    input: z.object({ id: idSchema, ...announcementInput }),
    output: staffAnnouncementSchema,
  },
  Delete: {
    method: 'POST',
    summary: '删除公告',
    access: 'staff',
    roles: ['admin', 'content'],
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
});
