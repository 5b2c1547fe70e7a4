import { z } from 'zod';
import { idQuerySchema } from '../common';
import { defineModule } from '../define';

/** A member's dedicated bank account for offline transfers (top-up by bank transfer). */
export const virtualAccountSchema = z.object({
  id: z.number().int(),
  bankName: z.string(),
  accountName: z.string(),
  accountNo: z.string(),
  createdAt: z.string(),
});
export type VirtualAccount = z.infer<typeof virtualAccountSchema>;

export const DirectConnection = defineModule('DirectConnection', {
  GetVirtualAccountListByMemberId: {
    method: 'GET',
    summary: '会员的专属对公转账虚拟账户（mbid 只能是本人）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ mbid: idQuerySchema.meta({ title: '会员编号' }) }),
    output: z.array(virtualAccountSchema),
  },
});
