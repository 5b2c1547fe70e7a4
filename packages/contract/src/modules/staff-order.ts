// Orders in the console (issue 11: the list of new orders; the lifecycle is the next issue's).
import { z } from 'zod';
import { idQuerySchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { feeLineSchema, orderKinds, orderStatuses } from './order-quote';
import { memberRefSchema } from './staff-common';

export const staffOrderRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(orderKinds),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  member: memberRefSchema,
  paramString: z.string(),
  total: z.number().int(),
  sheetVersion: z.number().int(),
  shipDate: z.string().nullable(),
  fileName: z.string(),
  createdAt: z.string(),
});
export type StaffOrderRow = z.infer<typeof staffOrderRowSchema>;

export const staffOrderDetailSchema = staffOrderRowSchema.extend({
  params: z.record(z.string(), z.unknown()),
  lines: z.array(feeLineSchema),
  buildDays: z.number().int(),
  weightGrams: z.number().int(),
  courier: z.string(),
  invoice: z.string(),
  /** Masked unless revealed (product decisions §5). */
  receiver: z.object({
    receiverName: z.string(),
    mobile: z.string(),
    regionText: z.string(),
    address: z.string(),
  }),
  contact: z.object({ contactName: z.string(), mobile: z.string() }).nullable(),
  invoiceTitle: z.string().nullable(),
  remark: z.string().nullable(),
  /** Signed, valid for a few minutes; null when no file is stored under the key (demo orders). */
  fileUrl: z.string().nullable(),
  process: z.array(
    z.object({
      fromStatus: z.enum(orderStatuses).nullable(),
      toStatus: z.enum(orderStatuses),
      note: z.string().nullable(),
      actor: z.string(),
      createdAt: z.string(),
    }),
  ),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

const ORDER_ROLES = ['admin', 'sales', 'engineer', 'production', 'finance'] as const;

export const StaffOrder = defineModule('StaffOrder', {
  List: {
    method: 'GET',
    summary:
      '订单列表（默认待审核的新订单，最早在前；有关键词时不限状态），按类型、状态（all：全部）、订单号或会员筛选',
    access: 'staff',
    roles: ORDER_ROLES,
    input: z.object({
      kind: z.enum(orderKinds).optional().meta({ title: '类型' }),
      status: z
        .enum(['all', ...orderStatuses])
        .optional()
        .meta({ title: '状态' }),
      keyword: text(40).trim().optional().meta({ title: '订单号或会员' }),
      ...pageInput,
    }),
    output: pageOf(staffOrderRowSchema),
  },
  Get: {
    method: 'GET',
    summary: '订单详情：参数、费用明细、收货与开票信息、文件、状态记录',
    access: 'staff',
    roles: ORDER_ROLES,
    input: z.object({ id: idQuerySchema }),
    output: staffOrderDetailSchema,
  },
});
