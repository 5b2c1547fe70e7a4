import { z } from 'zod';
import {
  idQuerySchema,
  idSchema,
  intQuerySchema,
  okSchema,
  pageInput,
  pageOf,
  text,
} from '../common';
import { defineModule } from '../define';
import { orderKinds } from '../order-basics';
import { uploadTicketSchema } from './common-upload';
import { daySchema } from './member-advance-payment';
import { invoiceTypes, type InvoiceType } from './member-invoice';
import {
  reviewQueueActions,
  reviewRowSchema,
  reviewStatuses,
  type ReviewStatus,
} from './review-queue';

// Bills and invoice requests (开票中心, issue 22; decisions 0067–0069). A bill is the
// invoiceable record of one paid order placed with an invoice; a request covers chosen bills
// of one invoice type with one profile; finance issues it (e-invoice number and PDF) or
// rejects it with a reason.

/** Where a bill stands: to invoice, in a request under review, invoiced, refunded. */
export const billStates = ['open', 'requested', 'invoiced', 'refunded'] as const;
export type BillState = (typeof billStates)[number];
export const billStateLabels: Record<BillState, string> = {
  open: '待开票',
  requested: '开票中',
  invoiced: '已开票',
  refunded: '已退款',
};

/** A request's states as the member reads them (the review queue's statuses underneath). */
export const invoiceRequestStateLabels: Record<ReviewStatus, string> = {
  pending: '待开票',
  approved: '已开票',
  rejected: '已驳回',
};

/** The least one request may cover: ¥100. */
export const INVOICE_MIN_TOTAL = 10_000;
/** The most bills one request may cover. */
export const INVOICE_MAX_BILLS = 200;
/** The most bills GetTotalAmount sums by id. */
export const INVOICE_TOTAL_IDS_MAX = 1000;

/** CheckBillStandard's refusals, one sentence each (the screens show them as they are). */
export const billRefusals = {
  noBills: '请选择要开票的账单',
  tooMany: `一次最多选择${INVOICE_MAX_BILLS}个账单`,
  notFound: '账单不存在',
  refunded: (orderNo: string) => `订单${orderNo}已退款，不能开票`,
  nothingToInvoice: (orderNo: string) => `订单${orderNo}无可开票金额（赠送金额与优惠券不开票）`,
  invoiced: (orderNo: string) => `订单${orderNo}已开票`,
  requested: (orderNo: string) => `订单${orderNo}已在开票申请中`,
  mixedTypes: '普通发票与专用发票的账单请分开申请',
  typeMismatch: (type: InvoiceType) =>
    type === 'special'
      ? '所选账单下单时选择的是增值税专用发票，请选择专用发票抬头'
      : '所选账单下单时选择的是增值税普通发票，请选择普通发票抬头',
  mixedCompanies: '所选账单下单时的发票抬头不同，一次申请只能开给一个抬头',
  otherCompany: (title: string) => `所选账单下单时的发票抬头为「${title}」，与所选抬头不一致`,
  belowMinimum: (min: string) => `开票金额合计不能低于${min}`,
  profileNotFound: '发票抬头不存在',
  specialNotAllowed: '增值税专用发票仅限企业认证通过的会员使用，请先完成企业认证',
} as const;

const billIds = z
  .array(idSchema)
  .max(INVOICE_TOTAL_IDS_MAX, { error: `最多选择${INVOICE_TOTAL_IDS_MAX}个账单` })
  .meta({ title: '账单' });

/** GetList's and GetTotalAmount's filter: the bills' invoice type, paid days, state. */
export const billFilterShape = {
  invoiceType: z.enum(invoiceTypes).optional().meta({ title: '发票类型' }),
  orderKind: z.enum(orderKinds).optional().meta({ title: '订单类型' }),
  state: z.enum(billStates).optional().meta({ title: '开票状态' }),
  start: daySchema.optional().meta({ title: '开始日期' }),
  end: daySchema.optional().meta({ title: '结束日期' }),
  keyword: text(20).trim().optional().meta({ title: '订单编号' }),
};
export const billFilterSchema = z.object(billFilterShape);
export type BillFilter = z.input<typeof billFilterSchema>;

export const billSchema = z.object({
  /** The order's id: one bill per order. */
  id: z.number().int(),
  orderNo: z.string(),
  orderKind: z.enum(orderKinds),
  invoiceType: z.enum(invoiceTypes),
  /** The title the order was placed with (its snapshot). */
  title: z.string(),
  /** What the order cost, fen. */
  paid: z.number().int(),
  /** Paid with gift balance or a coupon: not invoiceable, fen. */
  excluded: z.number().int(),
  /** Refunded, fen. */
  refunded: z.number().int(),
  /** What may be invoiced now: paid − excluded − refunded, fen. */
  amount: z.number().int(),
  state: z.enum(billStates),
  /** The request it is in (live or issued), if any. */
  requestId: z.number().int().nullable(),
  paidAt: z.string(),
});
export type Bill = z.infer<typeof billSchema>;

export const profileSnapshotSchema = z.object({
  invoiceType: z.enum(invoiceTypes),
  titleType: z.enum(['personal', 'company']),
  title: z.string(),
  taxNumber: z.string().nullable(),
  registeredAddress: z.string().nullable(),
  registeredPhone: z.string().nullable(),
  bankName: z.string().nullable(),
  bankAccount: z.string().nullable(),
  email: z.string(),
});
export type ProfileSnapshot = z.infer<typeof profileSnapshotSchema>;

export const invoiceRequestSchema = z.object({
  id: z.number().int(),
  invoiceType: z.enum(invoiceTypes),
  title: z.string(),
  total: z.number().int(),
  billCount: z.number().int(),
  status: z.enum(reviewStatuses),
  rejectReason: z.string().nullable(),
  invoiceNo: z.string().nullable(),
  /** A bill was refunded after issue: finance issues a red-letter invoice (红字发票). */
  needsRedLetter: z.boolean(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type InvoiceRequest = z.infer<typeof invoiceRequestSchema>;

export const invoiceRequestDetailSchema = invoiceRequestSchema.extend({
  profile: profileSnapshotSchema,
  bills: z.array(z.object({ id: z.number().int(), orderNo: z.string(), amount: z.number().int() })),
  /** The e-invoice PDF, signed for a few minutes; only once issued. */
  pdfUrl: z.string().nullable(),
  /** When the PDF was last e-mailed to the profile's address. */
  mailedAt: z.string().nullable(),
});
export type InvoiceRequestDetail = z.infer<typeof invoiceRequestDetailSchema>;

export const billCheckSchema = z.object({
  /** False with the first rule broken. */
  ok: z.boolean(),
  reason: z.string().nullable(),
  total: z.number().int(),
  count: z.number().int(),
});
export type BillCheck = z.infer<typeof billCheckSchema>;

const requestInputShape = {
  billIds: z
    .array(idSchema)
    .max(INVOICE_MAX_BILLS, { error: billRefusals.tooMany })
    .meta({ title: '账单' }),
  invoiceProfileId: idSchema.meta({ title: '发票抬头' }),
};

export const Bill = defineModule('Bill', {
  GetList: {
    method: 'POST',
    summary:
      '我的账单（已付款且下单时选择了开票的订单；最近付款的在前；按发票类型、日期、状态筛选）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ ...billFilterShape, ...pageInput }),
    output: pageOf(billSchema),
  },
  GetTotalAmount: {
    method: 'POST',
    summary: '所选账单（或筛选出的全部待开票账单）的可开票金额合计',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      params: z.object({ ...billFilterShape, ids: billIds.optional() }).meta({ title: '筛选条件' }),
    }),
    output: z.object({ total: z.number().int(), count: z.number().int() }),
  },
  CheckBillStandard: {
    method: 'POST',
    summary: '检查所选账单与抬头能否申请开票（不能时给出原因）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object(requestInputShape),
    output: billCheckSchema,
  },
  SaveRequest: {
    method: 'POST',
    summary: '提交开票申请（所选账单在申请处理前不能再申请）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object(requestInputShape),
    output: invoiceRequestSchema,
  },
  GetRequestList: {
    method: 'GET',
    summary: '我的开票申请（最近提交的在前；可按状态筛选）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      status: z.enum(reviewStatuses).optional().meta({ title: '状态' }),
      ...pageInput,
    }),
    output: pageOf(invoiceRequestSchema),
  },
  GetRequestDetail: {
    method: 'GET',
    summary: '开票申请详情（开具后含电子发票下载地址）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idQuerySchema }),
    output: invoiceRequestDetailSchema,
  },
  DeleteRequest: {
    method: 'DELETE',
    summary: '删除待开票的申请（其账单可重新申请）',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
  ResendMail: {
    method: 'POST',
    summary: '把电子发票重新发送到抬头的接收邮箱',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
});

/** A request in finance's queue: what is asked is an invoice of a type, title and total. */
export const staffInvoiceRequestSchema = reviewRowSchema({
  invoiceType: z.enum(invoiceTypes),
  title: z.string(),
  taxNumber: z.string().nullable(),
  total: z.number().int(),
  billCount: z.number().int(),
  invoiceNo: z.string().nullable(),
  needsRedLetter: z.boolean(),
  /** A bill was refunded while the request waited: reject it. */
  hasRefundedBill: z.boolean(),
});
export type StaffInvoiceRequest = z.infer<typeof staffInvoiceRequestSchema>;

/** An e-invoice number: 8 to 20 digits (全电发票 have 20). */
export const invoiceNoSchema = text(20)
  .trim()
  .regex(/^\d{8,20}$/, { error: '发票号码应为8至20位数字' })
  .meta({ title: '发票号码' });

const queue = reviewQueueActions({
  noun: '开票申请',
  roles: ['admin', 'finance'],
  row: staffInvoiceRequestSchema,
  detail: {
    profile: profileSnapshotSchema,
    bills: z.array(
      z.object({
        id: z.number().int(),
        orderNo: z.string(),
        amount: z.number().int(),
        refunded: z.boolean(),
      }),
    ),
    pdfUrl: z.string().nullable(),
    mailedAt: z.string().nullable(),
    /** Outside production the server can make the PDF itself. */
    canGenerate: z.boolean(),
  },
  approves: '开具电子发票（上传税局的发票PDF，非生产环境可生成），会员收到站内信与邮件',
  afterRejection: '，账单可重新申请',
});

export const StaffInvoice = defineModule('StaffInvoice', {
  ...queue,
  Approve: {
    ...queue.Approve,
    input: z.object({
      id: idSchema,
      /** Required with an uploaded PDF; a generated one is numbered by the server. */
      invoiceNo: invoiceNoSchema.optional(),
      /** The PDF uploaded with StaffUpload (`invoicePdf`); none: generated (not in production). */
      pdfKey: text(200).optional().meta({ title: '发票文件' }),
    }),
  },
  GetPdfUploadCode: {
    method: 'POST',
    summary: '上传税务机关开具的电子发票PDF的凭证（10分钟有效）',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({
      fileExt: text(16)
        .trim()
        .toLowerCase()
        .regex(/^\.?[a-z0-9]{1,8}$/, { error: '格式不正确' })
        .meta({ title: '文件扩展名' }),
    }),
    output: uploadTicketSchema,
  },
  ResendMail: {
    method: 'POST',
    summary: '把电子发票重新发送到申请抬头的接收邮箱',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
  RedLetters: {
    method: 'GET',
    summary: '开具后有账单退款、需开红字发票的申请',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({ page: intQuerySchema(1, 1000).default(1).meta({ title: '页码' }) }),
    output: pageOf(staffInvoiceRequestSchema),
  },
  MailOutbox: {
    method: 'GET',
    summary: '发票邮件沙箱的发件箱（非生产环境）',
    access: 'staff',
    roles: ['admin', 'finance'],
    input: z.object({ ...pageInput }),
    output: pageOf(
      z.object({
        id: z.number().int(),
        to: z.string(),
        subject: z.string(),
        text: z.string(),
        attachmentName: z.string(),
        requestId: z.number().int().nullable(),
        sentAt: z.string(),
      }),
    ),
  },
});
