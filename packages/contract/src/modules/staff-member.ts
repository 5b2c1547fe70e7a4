import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageInput, pageOf, text } from '../common';
import { defineModule, emptyInput } from '../define';
import { memberStatuses } from './member-info';

/**
 * A member as staff see them in lists and details: personal data masked (the mobile as
 * 138****8000, the real name as 张*); revealing it is its own audited call.
 */
export const staffMemberRowSchema = z.object({
  id: z.number().int(),
  mobileMasked: z.string(),
  userName: z.string().nullable(),
  realNameMasked: z.string().nullable(),
  companyName: z.string().nullable(),
  memberType: z.enum(['personal', 'company']),
  status: z.enum(memberStatuses),
  gradeName: z.string(),
  manager: z.object({ id: z.number().int(), realName: z.string() }).nullable(),
  createdAt: z.string(),
});
export type StaffMemberRow = z.infer<typeof staffMemberRowSchema>;

export const staffMemberDetailSchema = staffMemberRowSchema.extend({
  points: z.number().int(),
  /** Advance-payment balance in fen. */
  balance: z.number().int(),
  agreementVersion: z.string().nullable(),
  source: z.string(),
  /** Devices logged in now. */
  activeSessions: z.number().int(),
  /** WeChat accounts bound now. */
  wechatBindings: z.number().int(),
});
export type StaffMemberDetail = z.infer<typeof staffMemberDetailSchema>;

export const revealableMemberFields = ['mobile', 'realName'] as const;

export const accountManagerOptionSchema = z.object({
  id: z.number().int(),
  realName: z.string(),
  mobileMasked: z.string(),
});
export type AccountManagerOption = z.infer<typeof accountManagerOptionSchema>;

/** Members, as staff look after them. */
export const StaffMember = defineModule('StaffMember', {
  Search: {
    method: 'GET',
    summary: '按手机号前缀、姓名、用户名或公司搜索会员（数据默认脱敏）',
    access: 'staff',
    roles: ['admin', 'sales', 'finance'],
    input: z.object({
      keyword: text(64).trim().optional().meta({ title: '关键词' }),
      status: z.enum(memberStatuses).optional().meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(staffMemberRowSchema),
  },
  Get: {
    method: 'GET',
    summary: '会员详情（数据默认脱敏）',
    access: 'staff',
    roles: ['admin', 'sales', 'finance'],
    input: z.object({ id: idQuerySchema }),
    output: staffMemberDetailSchema,
  },
  Reveal: {
    method: 'POST',
    summary: '查看会员的完整手机号或姓名（记入审计日志）',
    access: 'staff',
    roles: ['admin', 'sales', 'finance'],
    input: z.object({
      id: idSchema,
      field: z.enum(revealableMemberFields).meta({ title: '字段' }),
    }),
    output: z.object({ value: z.string().nullable() }),
  },
  SetStatus: {
    method: 'POST',
    summary: '停用或启用会员；停用即结束其所有会话',
    access: 'staff',
    roles: ['admin'],
    input: z.object({
      id: idSchema,
      status: z.enum(['active', 'disabled']).meta({ title: '状态' }),
      reason: text(200).trim().min(2, { error: '请填写原因' }).meta({ title: '原因' }),
    }),
    output: okSchema,
  },
  ListManagers: {
    method: 'GET',
    summary: '可分配的客户经理（在职业务员）',
    access: 'staff',
    roles: ['admin', 'sales', 'finance'],
    input: emptyInput,
    output: z.array(accountManagerOptionSchema),
  },
  AssignManager: {
    method: 'POST',
    summary: '为会员分配客户经理（会员的咨询面板随之显示）',
    access: 'staff',
    roles: ['admin', 'sales'],
    input: z.object({ id: idSchema, managerId: idSchema.meta({ title: '客户经理' }) }),
    output: okSchema,
  },
});
