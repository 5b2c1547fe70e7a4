// Price sheets in the console (issue 11): view the published one and its history, edit a
// draft, preview sample quotes against the published prices, publish (a new version).
import { z } from 'zod';
import { idQuerySchema, idSchema, okSchema, pageInput, pageOf, text } from '../common';
import { defineModule } from '../define';
import { staffRefSchema } from './staff-common';
import { orderKinds, pcbParamsSchema, smtParamsSchema, stencilParamsSchema } from './order-quote';
import { priceSheetSchema } from './price-sheet';

export const priceSheetStatuses = ['draft', 'published', 'retired'] as const;
export type PriceSheetStatus = (typeof priceSheetStatuses)[number];
export const priceSheetStatusNames: Record<PriceSheetStatus, string> = {
  draft: '草稿',
  published: '生效中',
  retired: '已停用',
};

/** A sheet in the history list (without its body). */
export const priceSheetSummarySchema = z.object({
  id: z.number().int(),
  /** Null while a draft; the published version number after. */
  version: z.number().int().nullable(),
  name: z.string(),
  status: z.enum(priceSheetStatuses),
  /** The version the draft was copied from. */
  basedOnVersion: z.number().int().nullable(),
  note: z.string().nullable(),
  createdBy: staffRefSchema.nullable(),
  updatedAt: z.string(),
  publishedBy: staffRefSchema.nullable(),
  publishedAt: z.string().nullable(),
});
export type PriceSheetSummary = z.infer<typeof priceSheetSummarySchema>;

export const priceSheetDetailSchema = priceSheetSummarySchema.extend({
  sheet: priceSheetSchema,
});
export type PriceSheetDetail = z.infer<typeof priceSheetDetailSchema>;

/** What would keep a sheet from pricing every order (`checkPriceSheet`), by path. */
export const sheetProblemSchema = z.object({ path: z.string(), message: z.string() });

/** One sample order priced with the published sheet and with the draft. */
export const previewRowSchema = z.object({
  kind: z.enum(orderKinds),
  label: z.string(),
  paramString: z.string(),
  /** Fen; null when that sheet cannot price it (the message says why). */
  publishedTotal: z.number().int().nullable(),
  draftTotal: z.number().int().nullable(),
  publishedBuildDays: z.number().int().nullable(),
  draftBuildDays: z.number().int().nullable(),
  message: z.string().nullable(),
});
export type PreviewRow = z.infer<typeof previewRowSchema>;

/** A sample the staff member adds to the preview besides the standard ones. */
export const previewSampleSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('pcb'), params: pcbParamsSchema }),
  z.object({ kind: z.literal('smt'), params: smtParamsSchema }),
  z.object({ kind: z.literal('stencil'), params: stencilParamsSchema }),
]);

const VIEW = ['admin', 'finance', 'sales'] as const;
const EDIT = ['admin'] as const;

export const StaffPriceSheet = defineModule('StaffPriceSheet', {
  List: {
    method: 'GET',
    summary: '价格表历史（草稿、生效中、已停用），最新在前',
    access: 'staff',
    roles: VIEW,
    input: z.object(pageInput),
    output: pageOf(priceSheetSummarySchema),
  },
  Get: {
    method: 'GET',
    summary: '一份价格表的内容',
    access: 'staff',
    roles: VIEW,
    input: z.object({ id: idQuerySchema }),
    output: priceSheetDetailSchema,
  },
  CreateDraft: {
    method: 'POST',
    summary: '从生效中的价格表复制一份草稿（已有草稿时返回它）',
    access: 'staff',
    roles: EDIT,
    input: z.object({}),
    output: priceSheetDetailSchema,
  },
  SaveDraft: {
    method: 'PUT',
    summary: '保存草稿（检查结构与金额，问题按路径列出）',
    access: 'staff',
    roles: EDIT,
    input: z.object({
      id: idSchema,
      sheet: priceSheetSchema.meta({ title: '价格表' }),
      note: text(200).trim().optional().meta({ title: '修改说明' }),
    }),
    output: priceSheetDetailSchema,
  },
  Preview: {
    method: 'POST',
    summary: '用草稿和生效价格表分别计算样例报价，并列对比；草稿报价为零或不到生效价一半时提醒',
    access: 'staff',
    roles: EDIT,
    input: z.object({
      id: idSchema,
      samples: z.array(previewSampleSchema).max(20).optional().meta({ title: '追加样例' }),
    }),
    output: z.object({
      problems: z.array(sheetProblemSchema),
      /** Samples the draft prices at ¥0 or at under half the published price: asked before publishing. */
      warnings: z.array(z.string()),
      rows: z.array(previewRowSchema),
    }),
  },
  Publish: {
    method: 'POST',
    summary: '发布草稿：成为新版本，之前的版本停用；新报价与订单按新版本计价',
    access: 'staff',
    roles: EDIT,
    input: z.object({
      id: idSchema,
      /** The version the staff member saw as current: refused if another was published since. */
      expectedCurrentVersion: idSchema.meta({ title: '当前版本' }),
    }),
    output: priceSheetSummarySchema,
  },
  DeleteDraft: {
    method: 'DELETE',
    summary: '放弃草稿',
    access: 'staff',
    roles: EDIT,
    input: z.object({ id: idSchema }),
    output: okSchema,
  },
});
