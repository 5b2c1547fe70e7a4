import { z } from 'zod';
import { defineModule, emptyInput } from '../define';

/** The member's account manager, as the consulting panel shows it. */
export const accountManagerSchema = z.object({
  qq: z.string(),
  mobile: z.string(),
  pic: z.string(),
  realName: z.string(),
});
export type AccountManager = z.infer<typeof accountManagerSchema>;

export const MemberAdmin = defineModule('MemberAdmin', {
  Get: {
    method: 'GET',
    summary: '当前会员的专属客户经理（未分配时为 null）',
    access: 'member',
    whenSwitched: 'allow',
    input: emptyInput,
    output: accountManagerSchema.nullable(),
  },
});
