// Orders in the console: the order desk (issue 11's list of new orders) and the staff's part of
// the lifecycle (issue 19, decision 0042): review, price, EQ, payment, production, shipping.
import { couriers } from '@pcb/pricing';
import { z } from 'zod';
import {
  idQuerySchema,
  idSchema,
  instantSchema,
  intSchema,
  okSchema,
  pageInput,
  pageOf,
  text,
} from '../common';
import { defineModule, type StaffRole } from '../define';
import { orderActions, staffOrderActions } from '../order-lifecycle';
import {
  eqSchema,
  orderPaidWithSchema,
  parcelSchema,
  priceChangeSchema,
  productionStepViewSchema,
  receiverSnapshotSchema,
  timelineEntrySchema,
} from '../order-views';
import {
  feeLineSchema,
  orderKinds,
  orderStatuses,
  productionStepCodes,
  type OrderStatus,
} from '../order-basics';
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
  /** The lifecycle's log with each entry's action (the same rows as `process`). */
  timeline: z.array(timelineEntrySchema),
  revision: z.number().int(),
  cancelReason: z.string().nullable(),
  /** The latest price change (pending, accepted, refused or withdrawn), if any. */
  priceChange: priceChangeSchema.nullable(),
  eqs: z.array(eqSchema),
  productionSteps: z.array(productionStepViewSchema),
  parcels: z.array(parcelSchema),
  payment: z
    .object({
      amount: z.number().int(),
      bankReference: z.string(),
      payerName: z.string(),
      receivedAt: z.string(),
      recordedBy: z.string(),
      createdAt: z.string(),
    })
    .nullable(),
  /** How the order was paid, with the coupon used and its deduction (finance, decision 0064). */
  paidWith: orderPaidWithSchema.nullable(),
  /** What the caller's roles may do now (the lifecycle table). */
  actions: z.array(z.enum(staffOrderActions as [string, ...string[]])),
});
export type StaffOrderDetail = z.infer<typeof staffOrderDetailSchema>;

const ORDER_ROLES = ['admin', 'sales', 'engineer', 'production', 'finance'] as const;

const orderIdField = idSchema.meta({ title: '订单' });
const noteField = text(200).trim().optional().meta({ title: '备注' });

/** The date filters of the desk: `YYYY-MM-DD`, Asia/Shanghai. */
const dayField = (title: string) =>
  text(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: '日期格式应为YYYY-MM-DD' })
    .optional()
    .meta({ title });

/** A fee line of a new price, as the engineer edits it: the old line's code, or a new one. */
export const priceLineInputSchema = z.object({
  code: text(40)
    .trim()
    .regex(/^[A-Za-z][\w.]{0,39}$/, { error: '费用代码格式不正确' })
    .meta({ title: '费用代码' }),
  name: text(30).trim().min(1).meta({ title: '费用名称' }),
  /** Fen; negative for a discount line. */
  amount: intSchema(-100_000_000, 100_000_000).meta({ title: '金额' }),
});

/** The desk's work queues (console home): counts per role. */
export const workQueueKeys = [
  'pendingReview',
  'awaitingConfirmationOverdue',
  'awaitingPayment',
  'toShipToday',
  'shipped',
] as const;
export type WorkQueueKey = (typeof workQueueKeys)[number];

/**
 * Finance's work on the console home (decision 0054): provider refunds not yet confirmed, and
 * online payments asked of a provider and not yet confirmed. Each opens its finance list.
 */
export const financeQueueKeys = ['refundsPending', 'paymentsPending'] as const;
export type FinanceQueueKey = (typeof financeQueueKeys)[number];

export const workQueueSchema = z.object({
  queues: z.array(
    z.object({
      key: z.enum(workQueueKeys),
      label: z.string(),
      count: z.number().int(),
    }),
  ),
  /** Finance's counts (admin and finance); none for the other roles. */
  finance: z
    .array(
      z.object({
        key: z.enum(financeQueueKeys),
        label: z.string(),
        count: z.number().int(),
      }),
    )
    .default([]),
});
/** As answered: `finance` may be left out (none), the client reads it as []. */
export type WorkQueue = z.input<typeof workQueueSchema>;

/**
 * The status the desk lists when none is chosen (decision 0042): with a keyword or a work queue
 * any status; else what the role works on first (engineer, sales, admin: 待审核; finance:
 * 待付款; production: 生产中). The server lists by it, the console marks its chip by it.
 */
export function deskStatusOf(
  input: {
    status?: OrderStatus | 'all' | undefined;
    keyword?: string | undefined;
    queue?: unknown;
  },
  roles: readonly StaffRole[],
): OrderStatus | 'all' {
  if (input.status) return input.status;
  if (input.keyword?.trim() || input.queue) return 'all';
  if (roles.includes('engineer')) return 'pendingReview';
  if (roles.includes('finance')) return 'awaitingPayment';
  if (roles.includes('production')) return 'inProduction';
  return 'pendingReview';
}

/**
 * The statuses the desk counts for its chips (decision 0047): those with work still to do. The
 * finished ones (已完成, 已取消) grow without end; their number is the list's total when shown.
 */
export const deskCountedStatuses = [
  'pendingReview',
  'awaitingConfirmation',
  'awaitingPayment',
  'inProduction',
  'shipped',
] as const satisfies readonly OrderStatus[];
export type DeskCountedStatus = (typeof deskCountedStatuses)[number];

export const deskStatusCountsSchema = z.object(
  Object.fromEntries(deskCountedStatuses.map((s) => [s, z.number().int()])) as Record<
    DeskCountedStatus,
    z.ZodNumber
  >,
);
export type DeskStatusCounts = z.infer<typeof deskStatusCountsSchema>;

/** The desk's filters besides the status and the queue (List and GetStatusCounts). */
const deskFilterInput = {
  kind: z.enum(orderKinds).optional().meta({ title: '类型' }),
  keyword: text(40).trim().optional().meta({ title: '订单号或会员' }),
  dateFrom: dayField('开始日期'),
  dateTo: dayField('结束日期'),
};

export const StaffOrder = defineModule('StaffOrder', {
  List: {
    method: 'GET',
    summary:
      '订单台：按类型、状态（all：全部）、工作队列、订单号或会员、下单日期筛选；不带状态时按角色默认（工程师/业务员/管理员：待审核，财务：待付款，生产：生产中），有关键词时不限状态',
    access: 'staff',
    roles: ORDER_ROLES,
    input: z.object({
      status: z
        .enum(['all', ...orderStatuses])
        .optional()
        .meta({ title: '状态' }),
      /** A work queue of the console home (its count is GetWorkQueue's). */
      queue: z.enum(workQueueKeys).optional().meta({ title: '工作队列' }),
      ...deskFilterInput,
      ...pageInput,
    }),
    output: pageOf(staffOrderRowSchema),
  },
  GetStatusCounts: {
    method: 'GET',
    summary:
      '订单台状态标签的数量（待审核、待确认、待付款、生产中、已发货），按类型、订单号或会员、下单日期筛选，与列表同条件',
    access: 'staff',
    roles: ORDER_ROLES,
    input: z.object(deskFilterInput),
    output: deskStatusCountsSchema,
  },
  GetWorkQueue: {
    method: 'GET',
    summary:
      '工作台的待办数量（按角色）：待审核、待确认超过24小时、待付款、今天应发货、已发货待完成；财务：原路退款待确认、在线支付待确认',
    access: 'staff',
    roles: ORDER_ROLES,
    input: z.object({}),
    output: workQueueSchema,
  },
  Get: {
    method: 'GET',
    summary: '订单详情：参数、费用明细、收货与开票信息、文件、状态记录',
    access: 'staff',
    roles: ORDER_ROLES,
    input: z.object({ id: idQuerySchema }),
    output: staffOrderDetailSchema,
  },
  Pass: {
    method: 'POST',
    summary: '审核通过（待审核 → 待付款）',
    access: 'staff',
    roles: orderActions.pass.roles,
    input: z.object({ id: orderIdField, note: noteField }),
    output: okSchema,
  },
  ChangePrice: {
    method: 'POST',
    summary: '修改价格（待审核、待确认）：新的费用明细与原因，订单待确认直到会员接受或拒绝',
    access: 'staff',
    roles: orderActions.changePrice.roles,
    input: z.object({
      id: orderIdField,
      lines: z
        .array(priceLineInputSchema)
        .min(1, { error: '请填写费用明细' })
        .max(30)
        .meta({ title: '费用明细' }),
      reason: text(500, { multiline: true }).trim().min(1, { error: '请填写调价原因' }).meta({
        title: '调价原因',
      }),
    }),
    output: okSchema,
  },
  RaiseEq: {
    method: 'POST',
    summary: '提出工程问题（待审核、待确认）：问题、图片（员工上传）、建议选项；订单待确认',
    access: 'staff',
    roles: orderActions.raiseEq.roles,
    input: z.object({
      id: orderIdField,
      question: text(1000, { multiline: true })
        .trim()
        .min(1, { error: '请填写问题' })
        .meta({ title: '问题' }),
      images: z
        .array(text(300).trim().min(1).meta({ title: '图片' }))
        .max(6, { error: '最多6张图片' })
        .default([])
        .meta({ title: '图片' }),
      options: z
        .array(text(200).trim().min(1).meta({ title: '选项' }))
        .max(6, { error: '最多6个选项' })
        .default([])
        .meta({ title: '建议选项' }),
    }),
    output: z.object({ eqId: z.number().int() }),
  },
  RecordPayment: {
    method: 'POST',
    summary: '登记线下付款（公司转账到账，待付款 → 生产中）：金额须等于订单金额，银行流水号唯一',
    access: 'staff',
    roles: orderActions.recordPayment.roles,
    input: z.object({
      id: orderIdField,
      amount: intSchema(1, 2_147_483_647).meta({ title: '到账金额' }),
      bankReference: text(64)
        .trim()
        .regex(/^[A-Za-z0-9-]{4,64}$/, { error: '银行流水号格式不正确' })
        .meta({ title: '银行流水号' }),
      payerName: text(100).trim().min(1).meta({ title: '付款户名' }),
      receivedAt: instantSchema.meta({ title: '到账时间' }),
      note: noteField,
    }),
    output: okSchema,
  },
  RecordStep: {
    method: 'POST',
    summary: '登记生产工序（生产中）：按顺序、每道一次，带完成时间',
    access: 'staff',
    roles: orderActions.recordStep.roles,
    input: z.object({
      id: orderIdField,
      step: z.enum(productionStepCodes).meta({ title: '工序' }),
      doneAt: instantSchema.meta({ title: '完成时间' }),
    }),
    output: okSchema,
  },
  RevealReceiver: {
    method: 'POST',
    summary: '查看完整收货信息（发货用，记入审计日志）',
    access: 'staff',
    roles: ['admin', 'production'],
    input: z.object({ id: orderIdField }),
    output: receiverSnapshotSchema,
  },
  Ship: {
    method: 'POST',
    summary: '发货（生产中且已包装 → 已发货）：一个或多个包裹（快递、单号）',
    access: 'staff',
    roles: orderActions.ship.roles,
    input: z.object({
      id: orderIdField,
      parcels: z
        .array(
          z.object({
            courier: z.enum(couriers, { error: '不是可选的快递' }).meta({ title: '快递' }),
            trackingNo: text(40)
              .trim()
              .regex(/^[A-Za-z0-9]{6,40}$/, { error: '快递单号格式不正确' })
              .meta({ title: '快递单号' }),
          }),
        )
        .min(1, { error: '请填写包裹' })
        .max(10, { error: '最多10个包裹' })
        .meta({ title: '包裹' }),
      shippedAt: instantSchema.meta({ title: '发货时间' }),
    }),
    output: okSchema,
  },
  AddParcelEvent: {
    method: 'POST',
    summary: '添加物流记录（已发货、已完成）：时间、地点、内容',
    access: 'staff',
    roles: orderActions.addParcelEvent.roles,
    input: z.object({
      parcelId: idSchema.meta({ title: '包裹' }),
      at: instantSchema.meta({ title: '时间' }),
      place: text(60).trim().min(1).meta({ title: '地点' }),
      text: text(200).trim().min(1).meta({ title: '内容' }),
    }),
    output: okSchema,
  },
  Complete: {
    method: 'POST',
    summary: '完成订单（已发货 → 已完成）',
    access: 'staff',
    roles: orderActions.complete.roles,
    input: z.object({ id: orderIdField, note: noteField }),
    output: okSchema,
  },
  Cancel: {
    method: 'POST',
    summary: '取消订单（待审核、待确认、待付款、生产中），需填写原因；已付款的原路退款',
    access: 'staff',
    roles: orderActions.staffCancel.roles,
    input: z.object({
      id: orderIdField,
      reason: text(200).trim().min(1, { error: '请填写取消原因' }).meta({ title: '取消原因' }),
    }),
    output: okSchema,
  },
});
