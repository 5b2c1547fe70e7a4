// The part of the wire module MemberAuth that screens call besides signing in: the announcement
// bar, activating an account staff created, logging out (every screen's session code). Apart
// from the sign-in calls' schemas (member-auth.ts), which only the sign-in screens bundle
// (decision 0012's budgets); member-auth.ts puts the module back together for the server.
import { z } from 'zod';
import { okSchema } from '../common';
import { defineModule, emptyInput } from '../define';

export const announcementTypes = ['home', 'member', 'login', 'register'] as const;
export const announcementSchema = z.object({
  id: z.number().int(),
  type: z.enum(announcementTypes),
  title: z.string(),
  content: z.string(),
  linkUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
});
export type Announcement = z.infer<typeof announcementSchema>;

export const agreementSchema = z.object({ version: z.string(), signedAt: z.string() });
export type AgreementSignature = z.infer<typeof agreementSchema>;

export const MemberAuthSession = defineModule('MemberAuth', {
  SignMbAgreement: {
    method: 'GET',
    summary: '记录会员同意当前版本的会员协议',
    access: 'member',
    whenSwitched: 'refuse',
    input: emptyInput,
    output: agreementSchema,
  },
  Activate: {
    method: 'POST',
    summary: '激活由客服创建的账号（须先同意会员协议）',
    access: 'member',
    whenSwitched: 'refuse',
    input: emptyInput,
    output: z.object({ activated: z.literal(true) }),
  },
  GetEffectiveAnnouncement: {
    method: 'GET',
    summary: '当前生效的一条公告（无则为 null）',
    access: 'public',
    input: z.object({ type: z.enum(announcementTypes).meta({ title: '公告类型' }) }),
    output: announcementSchema.nullable(),
  },
  Logout: {
    method: 'POST',
    summary: '退出登录：仅本设备的登录令牌失效（切换身份下同时结束切换）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: okSchema,
  },
});
