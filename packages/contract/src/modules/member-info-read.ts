// The part of the wire module MemberInfo that every screen reads: who the member is (the
// guard, the header, the balance) and whether they act in a related account. Apart from the
// profile's editing calls and their schemas (member-info.ts), which only the profile and
// account-security screens bundle (decision 0012's budgets).
import { z } from 'zod';
import { defineModule, emptyInput } from '../define';

export const memberStatuses = ['inactive', 'active', 'disabled'] as const;

export const memberInfoSchema = z.object({
  id: z.number().int(),
  mobile: z.string(),
  userName: z.string().nullable(),
  realName: z.string().nullable(),
  companyName: z.string().nullable(),
  memberType: z.enum(['personal', 'company']),
  /** The chat-service number (QQ), or null. */
  qq: z.string().nullable(),
  /** A phone staff may call, apart from the login mobile, or null. */
  contactPhone: z.string().nullable(),
  /** When the enterprise certification was approved (ISO), or null while not certified. */
  certifiedAt: z.string().nullable(),
  status: z.enum(memberStatuses),
  /** Member grade name (普通, 铜牌, …). */
  gradeName: z.string(),
  points: z.number().int(),
  /** Advance-payment balance in fen. */
  balance: z.number().int(),
  hasPassword: z.boolean(),
  hasPaymentPassword: z.boolean(),
  /** Version of the member agreement the member accepted, or null. */
  agreementVersion: z.string().nullable(),
  /** Whether the accepted version is the current one. */
  agreementCurrent: z.boolean(),
  createdAt: z.string(),
});
export type MemberInfo = z.infer<typeof memberInfoSchema>;

/** Who is acting: set when a main member has switched into a related member's account. */
export const relationContextSchema = z.object({
  isSwitched: z.boolean(),
  mainMember: z
    .object({ id: z.number().int(), displayName: z.string(), mobileMasked: z.string() })
    .nullable(),
});
export type RelationContext = z.infer<typeof relationContextSchema>;

export const MemberInfoRead = defineModule('MemberInfo', {
  GetRelationMember: {
    method: 'GET',
    summary: '当前是否以关联账号身份操作，及主账号是谁',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: relationContextSchema,
  },
  Get: {
    method: 'GET',
    summary: '当前会员的资料',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: memberInfoSchema,
  },
});
