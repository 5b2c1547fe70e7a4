import { z } from 'zod';
import { defineEndpoint, emptyInput } from '../define';

export const memberStatuses = ['inactive', 'active', 'disabled'] as const;

export const memberInfoSchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  userName: z.string().nullable(),
  realName: z.string().nullable(),
  companyName: z.string().nullable(),
  memberType: z.enum(['personal', 'company']),
  status: z.enum(memberStatuses),
  /** Member grade name (普通, 铜牌, …). */
  gradeName: z.string(),
  points: z.number().int(),
  /** Advance-payment balance in fen. */
  balance: z.number().int(),
  hasPassword: z.boolean(),
  /** Version of the member agreement the member accepted, or null. */
  agreementVersion: z.string().nullable(),
  /** Whether the accepted version is the current one. */
  agreementCurrent: z.boolean(),
  createdAt: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

export const MemberInfo = {
  Get: defineEndpoint({
    module: 'MemberInfo',
    action: 'Get',
    method: 'GET',
    summary: '当前会员的资料',
    access: 'member',
    input: emptyInput,
    output: memberInfoSchema,
  }),
} as const;
