import { z } from 'zod';
import { idQuerySchema, idSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { virtualAccountSchema } from './direct-connection';
import { memberRefSchema, staffRefSchema } from './staff-common';

export const staffVirtualAccountSchema = virtualAccountSchema.extend({
  member: memberRefSchema,
  createdBy: staffRefSchema.nullable(),
});
export type StaffVirtualAccount = z.infer<typeof staffVirtualAccountSchema>;

/** Bank account numbers: digits only, as the bank prints them without spaces. */
export const ACCOUNT_NO_PATTERN = /^\d{8,32}$/;

/** Members' dedicated transfer accounts, opened by finance. */
export const StaffVirtualAccount = defineModule('StaffVirtualAccount', {
  List: {
    method: 'GET',
    summary: '虚拟账户列表（可按会员筛选）',
    access: 'staff',
    roles: ['finance', 'admin'],
    input: z.object({
      memberId: idQuerySchema.optional().meta({ title: '会员编号' }),
      ...pageInput,
    }),
    output: pageOf(staffVirtualAccountSchema),
  },
  Create: {
    method: 'POST',
    summary: '为会员开设虚拟账户（账号唯一）',
    access: 'staff',
    roles: ['finance', 'admin'],
    input: z.object({
      memberId: idSchema.meta({ title: '会员编号' }),
      bankName: text(64).trim().min(2, { error: '请填写开户银行' }).meta({ title: '开户银行' }),
      accountName: text(128).trim().min(2, { error: '请填写户名' }).meta({ title: '户名' }),
      accountNo: text(32)
        .trim()
        .regex(ACCOUNT_NO_PATTERN, { error: '应为8到32位数字' })
        .meta({ title: '账号' }),
    }),
    output: staffVirtualAccountSchema,
  },
});
