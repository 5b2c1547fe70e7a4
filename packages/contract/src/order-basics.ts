// What every order shares, whatever its kind: the kinds, the one lifecycle's statuses, fee lines,
// production steps (product decisions §2), the design file's rules and a placed order. The quote
// and lifecycle files both read these.
import { z } from 'zod';
import { orderKinds, type OrderKind } from '@pcb/pricing';

/** The kinds of order and what each is (names, prefixes P, S, G): the engine's registry. */
export { orderKinds, type OrderKind } from '@pcb/pricing';

/** Product decisions §2: one lifecycle for every kind. */
export const orderStatuses = [
  'pendingReview',
  'awaitingConfirmation',
  'awaitingPayment',
  'inProduction',
  'shipped',
  'completed',
  'cancelled',
] as const;
export type OrderStatus = (typeof orderStatuses)[number];
export const orderStatusNames: Record<OrderStatus, string> = {
  pendingReview: '待审核',
  awaitingConfirmation: '待确认',
  awaitingPayment: '待付款',
  inProduction: '生产中',
  shipped: '已发货',
  completed: '已完成',
  cancelled: '已取消',
};

export const feeLineSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Fen. */
  amount: z.number().int(),
  /** Why this line costs what it does, in Chinese. */
  reason: z.string(),
});
export type FeeLineView = z.infer<typeof feeLineSchema>;

/**
 * The production steps staff record while an order is 生产中, in their order; each is recorded
 * once. A PCB goes through the twelve of product decisions §2; an assembly and a stencil
 * through their own. Every kind ends with 包装 (`packing`): shipping needs it, and the
 * receiver can no longer be changed after it.
 */
export const productionSteps = {
  pcb: [
    'cutting',
    'drilling',
    'plating',
    'imaging',
    'etching',
    'solderMask',
    'silkscreen',
    'surfaceFinish',
    'routing',
    'electricalTest',
    'finalQc',
    'packing',
  ],
  smt: [
    'incomingInspection',
    'pastePrinting',
    'placement',
    'reflow',
    'aoi',
    'throughHole',
    'finalQc',
    'packing',
  ],
  stencil: ['cadProcessing', 'laserCutting', 'polishing', 'framing', 'finalQc', 'packing'],
} as const satisfies Record<OrderKind, readonly string[]>;

export const productionStepCodes = [
  ...new Set(Object.values(productionSteps).flat()),
] as unknown as readonly [ProductionStep, ...ProductionStep[]];
export type ProductionStep = (typeof productionSteps)[OrderKind][number];

export const productionStepNames: Record<ProductionStep, string> = {
  cutting: '开料',
  drilling: '钻孔',
  plating: '沉铜电镀',
  imaging: '线路图形',
  etching: '蚀刻',
  solderMask: '阻焊',
  silkscreen: '字符',
  surfaceFinish: '表面处理',
  routing: '成型',
  electricalTest: '电测',
  finalQc: '终检',
  packing: '包装',
  incomingInspection: '来料检验',
  pastePrinting: '锡膏印刷',
  placement: '贴片',
  reflow: '回流焊',
  aoi: 'AOI检测',
  throughHole: '插件焊接',
  cadProcessing: '资料处理',
  laserCutting: '激光切割',
  polishing: '电抛光',
  framing: '张网',
};

/**
 * Design files an order carries (upload `dirType`s): a PCB's Gerber archive, an SMT order's
 * archive (Gerber, BOM, pick-and-place), a stencil's archive or PDF. The page states the limit.
 */
export const orderFileRules = {
  pcbFile: { extensions: ['.zip', '.rar', '.7z'], maxBytes: 50 * 1024 * 1024 },
  smtFile: { extensions: ['.zip', '.rar', '.7z'], maxBytes: 50 * 1024 * 1024 },
  stencilFile: { extensions: ['.zip', '.rar', '.7z', '.pdf'], maxBytes: 50 * 1024 * 1024 },
} as const;
export type OrderFileDirType = keyof typeof orderFileRules;
export const orderFileDirType: Record<OrderKind, OrderFileDirType> = {
  pcb: 'pcbFile',
  smt: 'smtFile',
  stencil: 'stencilFile',
};

export const placedOrderSchema = z.object({
  id: z.number().int(),
  kind: z.enum(orderKinds),
  orderNo: z.string(),
  status: z.enum(orderStatuses),
  total: z.number().int(),
  lines: z.array(feeLineSchema),
  sheetVersion: z.number().int(),
  buildDays: z.number().int(),
  shipDate: z.string().nullable(),
  paramString: z.string(),
  createdAt: z.string(),
});
export type PlacedOrder = z.infer<typeof placedOrderSchema>;
