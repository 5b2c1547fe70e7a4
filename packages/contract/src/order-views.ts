// Orders as the member and staff read them through their life (issue 19): list rows, the
// detail with its timeline, price change, engineering questions and parcels; and the inputs
// the member's calls share across the three kinds.
import { z } from 'zod';
import { idQuerySchema, idSchema, pageInput, text } from './common';
import { feeLineSchema, orderKinds, orderStatuses, productionStepCodes } from './order-basics';
import { orderActionKeys } from './order-lifecycle';

// ---- Pieces ----

/** An image or file staff or the member uploaded, with a URL that reads it for a few minutes. */
export const storedFileSchema = z.object({ key: z.string(), url: z.string().nullable() });

export const timelineEntrySchema = z.object({
  /** The lifecycle action that wrote it (`pass`, `cancel`, …); `place` for the order itself. */
  action: z.string(),
  fromStatus: z.enum(orderStatuses).nullable(),
  toStatus: z.enum(orderStatuses),
  note: z.string().nullable(),
  /** Who, as shown: 会员, 系统, a staff member's name. */
  actor: z.string(),
  at: z.string(),
});
export type TimelineEntry = z.infer<typeof timelineEntrySchema>;

export const productionStepViewSchema = z.object({
  step: z.enum(productionStepCodes),
  name: z.string(),
  /** When it was done (as staff recorded it); null while still to come. */
  doneAt: z.string().nullable(),
});

export const orderParcelEventSchema = z.object({
  at: z.string(),
  place: z.string(),
  text: z.string(),
});

export const parcelSchema = z.object({
  id: z.number().int(),
  courier: z.string(),
  courierName: z.string(),
  trackingNo: z.string(),
  shippedAt: z.string(),
  /** Newest first. */
  events: z.array(orderParcelEventSchema),
});
export type Parcel = z.infer<typeof parcelSchema>;

export const priceChangeStatuses = ['pending', 'accepted', 'refused', 'withdrawn'] as const;

/** A price the engineer set after review: the lines and total before and after, and why. */
export const priceChangeSchema = z.object({
  id: z.number().int(),
  status: z.enum(priceChangeStatuses),
  oldLines: z.array(feeLineSchema),
  oldTotal: z.number().int(),
  newLines: z.array(feeLineSchema),
  newTotal: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PriceChange = z.infer<typeof priceChangeSchema>;

/** open → answered (by the member) → resolved (the engineer's next review read it); withdrawn. */
export const eqStatuses = ['open', 'answered', 'resolved', 'withdrawn'] as const;
export type EqStatus = (typeof eqStatuses)[number];

export const eqSchema = z.object({
  id: z.number().int(),
  orderId: z.number().int(),
  orderNo: z.string(),
  kind: z.enum(orderKinds),
  question: z.string(),
  images: z.array(storedFileSchema),
  /** Suggested answers the member may pick from (may be empty: a free answer). */
  options: z.array(z.string()),
  status: z.enum(eqStatuses),
  createdAt: z.string(),
  answer: z
    .object({
      choice: z.string().nullable(),
      text: z.string().nullable(),
      images: z.array(storedFileSchema),
      answeredAt: z.string(),
    })
    .nullable(),
});
export type Eq = z.infer<typeof eqSchema>;

export const receiverSnapshotSchema = z.object({
  receiverId: z.number().int(),
  receiverName: z.string(),
  mobile: z.string(),
  regionCode: z.string(),
  province: z.string(),
  city: z.string(),
  county: z.string(),
  address: z.string(),
  postcode: z.string().nullable(),
  company: z.string().nullable(),
});
export type ReceiverSnapshotView = z.infer<typeof receiverSnapshotSchema>;

// ---- How an order was paid ----

/**
 * The order's payment as it is booked (decisions 0051, 0061, 0064): its parts in fen (they add
 * up to `total`), the provider of the online part, and the coupon that took `coupon` off, by
 * name. Null on an order not paid.
 */
export const orderPaidWithSchema = z.object({
  method: z.enum(['balance', 'gift', 'online', 'balanceOnline', 'offline', 'credit']),
  total: z.number().int(),
  balance: z.number().int(),
  gift: z.number().int(),
  online: z.number().int(),
  offline: z.number().int(),
  credit: z.number().int(),
  coupon: z.number().int(),
  channel: z.enum(['alipay', 'wechat']).nullable(),
  couponName: z.string().nullable(),
  /** Given back by a cancellation (the coupon too, once). */
  couponReturned: z.boolean(),
  paidAt: z.string(),
  refundedAt: z.string().nullable(),
});
export type OrderPaidWith = z.infer<typeof orderPaidWithSchema>;

// ---- The member's orders ----

export const memberOrderRowSchema = z.object({
  id: z.number().int(),
  kind: z.enum(orderKinds),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  paramString: z.string(),
  total: z.number().int(),
  fileName: z.string(),
  shipDate: z.string().nullable(),
  createdAt: z.string(),
  /** A price change waits for the member's answer. */
  pendingPriceChange: z.boolean(),
  /** Engineering questions waiting for the member's answer. */
  openEqs: z.number().int(),
  /** What the member may do now (the lifecycle table). */
  actions: z.array(z.enum(orderActionKeys)),
});
export type MemberOrderRow = z.infer<typeof memberOrderRowSchema>;

export const memberOrderDetailSchema = memberOrderRowSchema.extend({
  params: z.record(z.string(), z.unknown()),
  lines: z.array(feeLineSchema),
  sheetVersion: z.number().int(),
  buildDays: z.number().int(),
  weightGrams: z.number().int(),
  courier: z.string(),
  courierName: z.string(),
  invoice: z.string(),
  invoiceName: z.string(),
  invoiceTitle: z.string().nullable(),
  receiver: receiverSnapshotSchema,
  contact: z
    .object({ contactName: z.string(), mobile: z.string(), email: z.string().nullable() })
    .nullable(),
  remark: z.string().nullable(),
  /** Signed, valid for a few minutes; null when no object is stored under the key. */
  fileUrl: z.string().nullable(),
  /** Moves with every change of what was ordered; EditOrder names the one it was priced on. */
  revision: z.number().int(),
  cancelReason: z.string().nullable(),
  /** The order this one repeats (返单). */
  reorderOf: z.object({ id: z.number().int(), orderNo: z.string() }).nullable(),
  /** The price change waiting for the member, shown as a before/after diff. */
  priceChange: priceChangeSchema.nullable(),
  eqs: z.array(eqSchema),
  timeline: z.array(timelineEntrySchema),
  productionSteps: z.array(productionStepViewSchema),
  parcels: z.array(parcelSchema),
  /** How it was paid (支付记录), with the coupon's deduction by name. */
  paidWith: orderPaidWithSchema.nullable(),
  updatedAt: z.string(),
});
export type MemberOrderDetail = z.infer<typeof memberOrderDetailSchema>;

export const orderProcessSchema = z.object({
  timeline: z.array(timelineEntrySchema),
  productionSteps: z.array(productionStepViewSchema),
});

/** What a member's write answers: the order's state after it. */
export const orderWriteResultSchema = z.object({
  id: z.number().int(),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  revision: z.number().int(),
});
export type OrderWriteResult = z.infer<typeof orderWriteResultSchema>;

export const orderStatusCountsSchema = z.object({
  all: z.number().int(),
  ...(Object.fromEntries(orderStatuses.map((s) => [s, z.number().int()])) as Record<
    (typeof orderStatuses)[number],
    z.ZodNumber
  >),
});
export type OrderStatusCounts = z.infer<typeof orderStatusCountsSchema>;

// ---- Inputs shared by Pcb, Smt and Stencil ----

export const orderIdInput = z.object({ id: idSchema.meta({ title: '订单' }) });
export const orderIdQueryInput = z.object({ id: idQuerySchema.meta({ title: '订单' }) });

export const memberOrderListInput = z.object({
  /** `all` or absent: every status. */
  status: z
    .enum(['all', ...orderStatuses])
    .optional()
    .meta({ title: '状态' }),
  ...pageInput,
});

export const cancelReasonSchema = text(200)
  .trim()
  .min(1, { error: '请填写取消原因' })
  .meta({ title: '取消原因' });

export const updateReceiverInput = z.object({
  id: idSchema.meta({ title: '订单' }),
  /** One of the member's receivers: the order keeps a copy of it as it is now. */
  value: idSchema.meta({ title: '收货地址' }),
});

export const updateFileInput = z.object({
  id: idSchema.meta({ title: '订单' }),
  /** The upload key (`Common/getUploadCode`) of the member's own new design file. */
  fileUrl: text(300).trim().min(1, { error: '请上传文件' }).meta({ title: '文件' }),
  fileName: text(120).trim().min(1, { error: '请上传文件' }).meta({ title: '文件名' }),
});

export const priceChangeAnswerInput = z.object({
  id: idSchema.meta({ title: '订单' }),
  /** The change the member saw: a newer one is never accepted by an older screen. */
  priceChangeId: idSchema.meta({ title: '价格变更' }),
});

export const refusePriceChangeInput = priceChangeAnswerInput.extend({
  reason: text(200).trim().optional().meta({ title: '拒绝原因' }),
});
