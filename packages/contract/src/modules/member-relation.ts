import { z } from 'zod';
import { defineModule, emptyInput } from '../define';
import { accessTokenSchema, idQuerySchema, idSchema, mobileSchema, okSchema } from '../common';

export const relationStatuses = ['pending', 'approved', 'rejected'] as const;

/** One relation seen from one side: `member` is the other account. */
export const relationSchema = z.object({
  id: z.number().int(),
  status: z.enum(relationStatuses),
  member: z.object({
    id: z.number().int(),
    displayName: z.string(),
    mobileMasked: z.string(),
    companyName: z.string().nullable(),
  }),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Relation = z.infer<typeof relationSchema>;

export const relationListSchema = z.object({
  /** Accounts I (as main member) asked to relate, with their answer. */
  related: z.array(relationSchema),
  /** Main members who asked to relate me, with my answer. */
  mainMembers: z.array(relationSchema),
});
export type RelationList = z.infer<typeof relationListSchema>;

const idInput = z.object({ id: idSchema });

export const MemberRelationApprove = defineModule('MemberRelationApprove', {
  GetRelationListForMember: {
    method: 'GET',
    summary: '我的关联账号，以及请求关联我的主账号',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ isMobile: z.stringbool().optional().meta({ title: '客户端标识' }) }),
    output: relationListSchema,
  },
  Apply: {
    method: 'POST',
    summary:
      '作为主账号请求关联另一个会员（对方同意后生效）；除本人号码外，无论号码是否注册、是否已申请，回答都相同',
    access: 'member',
    whenSwitched: 'refuse',
    input: z.object({ mobile: mobileSchema }),
    output: okSchema,
  },
  Approve: {
    method: 'POST',
    summary: '同意主账号的关联请求',
    access: 'member',
    whenSwitched: 'refuse',
    input: idInput,
    output: relationSchema,
  },
  Reject: {
    method: 'POST',
    summary: '拒绝主账号的关联请求',
    access: 'member',
    whenSwitched: 'refuse',
    input: idInput,
    output: relationSchema,
  },
  Delete: {
    method: 'DELETE',
    summary: '任一方解除关联',
    access: 'member',
    whenSwitched: 'refuse',
    input: idInput,
    output: okSchema,
  },
  SwitchMember: {
    method: 'GET',
    summary: '主账号切换为已同意关联的会员身份（id 为该会员的编号）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idQuerySchema }),
    output: accessTokenSchema,
  },
  SwitchRelationMainMember: {
    method: 'GET',
    summary: '从关联会员身份切回主账号',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: accessTokenSchema,
  },
});
