import { z } from 'zod';
import { idSchema, okSchema, pageInput, pageOf, passwordSchema, text } from '../common';
import { defineModule } from '../define';
import { staffRoleSchema, staffStatuses } from './staff-common';

export const staffAccountSchema = z.object({
  id: z.number().int(),
  userName: z.string(),
  realName: z.string(),
  roles: z.array(staffRoleSchema),
  status: z.enum(staffStatuses),
  totpEnabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

const rolesInput = z
  .array(staffRoleSchema)
  .min(1, { error: '至少选择一个角色' })
  .max(6)
  .meta({ title: '角色' });
const realNameInput = text(32).trim().min(1).meta({ title: '姓名' });

/** Staff accounts and their roles: the admin's. */
export const StaffAccount = defineModule('StaffAccount', {
  List: {
    method: 'GET',
    summary: '员工账号列表（按用户名或姓名搜索）',
    access: 'staff',
    roles: ['admin'],
    input: z.object({
      keyword: text(64).trim().optional().meta({ title: '关键词' }),
      ...pageInput,
    }),
    output: pageOf(staffAccountSchema),
  },
  Create: {
    method: 'POST',
    summary: '新建员工账号（初始密码由管理员设置，首次登录后应修改）',
    access: 'staff',
    roles: ['admin'],
    input: z.object({
      userName: text(32)
        .trim()
        .regex(/^[a-z][a-z0-9_.]{2,31}$/, { error: '3-32位小写字母、数字、下划线或点，以字母开头' })
        .meta({ title: '用户名' }),
      realName: realNameInput,
      roles: rolesInput,
      password: passwordSchema.meta({ title: '初始密码' }),
    }),
    output: staffAccountSchema,
  },
  Update: {
    method: 'POST',
    summary: '修改员工姓名、角色或状态（停用即结束其会话）',
    access: 'staff',
    roles: ['admin'],
    input: z.object({
      id: idSchema,
      realName: realNameInput,
      roles: rolesInput,
      status: z.enum(staffStatuses).meta({ title: '状态' }),
    }),
    output: staffAccountSchema,
  },
  ResetPassword: {
    method: 'POST',
    summary: '重置员工密码（其会话结束）',
    access: 'staff',
    roles: ['admin'],
    input: z.object({ id: idSchema, password: passwordSchema.meta({ title: '新密码' }) }),
    output: okSchema,
  },
  ResetTotp: {
    method: 'POST',
    summary: '解除员工的身份验证器绑定（下次登录重新绑定）',
    access: 'staff',
    roles: ['admin'],
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
});
