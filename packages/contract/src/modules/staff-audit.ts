import { z } from 'zod';
import { instantSchema, intQuerySchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { staffRefSchema } from './staff-common';

export const auditEntrySchema = z.object({
  id: z.number().int(),
  staff: staffRefSchema.nullable(),
  /** What was done, `StaffMember.SetStatus`. */
  action: z.string(),
  objectType: z.string(),
  objectId: z.string().nullable(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string(),
  at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** Every staff write, recorded in the same transaction as the change: the admin's. */
export const StaffAudit = defineModule('StaffAudit', {
  List: {
    method: 'GET',
    summary: '审计日志（按员工、操作、对象、时间筛选）',
    access: 'staff',
    roles: ['admin'],
    input: z.object({
      staffId: intQuerySchema(1, 2_147_483_647).optional().meta({ title: '员工' }),
      action: text(64).trim().optional().meta({ title: '操作' }),
      objectType: text(32).trim().optional().meta({ title: '对象类型' }),
      objectId: text(64).trim().optional().meta({ title: '对象编号' }),
      from: instantSchema.optional().meta({ title: '开始时间' }),
      to: instantSchema.optional().meta({ title: '结束时间' }),
      ...pageInput,
    }),
    output: pageOf(auditEntrySchema),
  },
});
