// Quoting and placing PCB, SMT and stencil orders (issue 11). The parameters are the pricing
// engine's (`@pcb/pricing`); this file checks their types and choices, the engine checks the
// rules between them (`validatePcb`, same code and message on the page and from the server).
import { z } from 'zod';
import {
  bomSourcings,
  buildTimes,
  couriers,
  deliveryFormats,
  fiducialKinds,
  finishes,
  innerCopperOz,
  invoiceKinds,
  maskColors,
  materials,
  minHoles,
  minTracks,
  outerCopperOz,
  pcbLayers,
  pcbTests,
  silkColors,
  smtBuildTimes,
  smtPcbSources,
  smtSides,
  stencilSides,
  stencilThicknesses,
  stencilTypes,
  thicknesses,
  viaTreatments,
  type PcbParams,
  type SmtParams,
  type StencilParams,
} from '@pcb/pricing';
import { idSchema, requestIdSchema, text } from '../common';
import { feeLineSchema, placedOrderSchema } from '../order-basics';
import { orderWriteResultSchema } from '../order-views';
import { defineModule, wholeModule } from '../define';
import { PcbLife, SmtLife, StencilLife } from './order-life';
import { PcbPay, SmtPay, StencilPay } from './payment';

/** The kinds of order and what each is (names, prefixes, defaults): the engine's registry. */
export {
  feeLineSchema,
  orderKinds,
  orderStatusNames,
  orderStatuses,
  type OrderKind,
  type OrderStatus,
} from '../order-basics';

export {
  orderFileDirType,
  orderFileRules,
  placedOrderSchema,
  type OrderFileDirType,
  type PlacedOrder,
} from '../order-basics';

// ---- Parameters: one builder for JSON bodies and for query strings (every value a string) ----

type Mode = 'body' | 'query';

const NUMBER_TEXT = /^-?\d{1,9}(\.\d{1,4})?$/;

/** A number within [min, max]; in a query string, its decimal text. */
function num(mode: Mode, min: number, max: number, options: { int?: boolean } = {}) {
  let base = z.number({ error: '应为数字' }).min(min, { error: `不能小于${min}` });
  base = base.max(max, { error: `不能大于${max}` });
  if (options.int) base = base.int({ error: '应为整数' });
  if (mode === 'body') return base;
  return z
    .union([z.number(), z.string().regex(NUMBER_TEXT, { error: '应为数字' })])
    .transform(Number)
    .pipe(base);
}

/** One of a list of numbers (layers, thickness): in a query string, its decimal text. */
function numChoice<const T extends readonly [number, ...number[]]>(mode: Mode, values: T) {
  const base = z.union(values.map((v) => z.literal(v)) as never, {
    error: `应为${values.join('、')}之一`,
  }) as unknown as z.ZodType<T[number], T[number]>;
  if (mode === 'body') return base;
  return z
    .union([z.number(), z.string().regex(NUMBER_TEXT, { error: '应为数字' })])
    .transform(Number)
    .pipe(base as unknown as z.ZodType<T[number], number>);
}

/** Yes or no; in a query string, `true` / `false`. */
function yesNo(mode: Mode) {
  const base = z.boolean({ error: '应为是或否' });
  if (mode === 'body') return base;
  return z
    .union([z.boolean(), z.enum(['true', 'false'], { error: '应为是或否' })])
    .transform((v) => v === true || v === 'true');
}

const choice = <const T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { error: '不是可选的值' });

function pcbShape(mode: Mode) {
  return {
    material: choice(materials).meta({ title: '板材' }),
    layers: numChoice(mode, pcbLayers).meta({ title: '层数' }),
    lengthMm: num(mode, 0, 10_000).meta({ title: '长度' }),
    widthMm: num(mode, 0, 10_000).meta({ title: '宽度' }),
    quantity: num(mode, 0, 10_000_000, { int: true }).meta({ title: '数量' }),
    delivery: choice(deliveryFormats).meta({ title: '出货方式' }),
    panelRows: num(mode, 0, 1_000, { int: true }).meta({ title: '拼版行数' }),
    panelColumns: num(mode, 0, 1_000, { int: true }).meta({ title: '拼版列数' }),
    designs: num(mode, 0, 1_000, { int: true }).meta({ title: '拼版款数' }),
    thicknessMm: numChoice(mode, thicknesses).meta({ title: '板厚' }),
    outerCopperOz: numChoice(mode, outerCopperOz).meta({ title: '外层铜厚' }),
    innerCopperOz: numChoice(mode, innerCopperOz).meta({ title: '内层铜厚' }),
    maskColor: choice(maskColors).meta({ title: '阻焊颜色' }),
    silkColor: choice(silkColors).meta({ title: '字符颜色' }),
    finish: choice(finishes).meta({ title: '表面处理' }),
    vias: choice(viaTreatments).meta({ title: '过孔处理' }),
    minTrackMil: numChoice(mode, minTracks).meta({ title: '最小线宽线距' }),
    minHoleMm: numChoice(mode, minHoles).meta({ title: '最小孔径' }),
    goldFingers: yesNo(mode).meta({ title: '金手指' }),
    bevel: yesNo(mode).meta({ title: '金手指斜边' }),
    impedance: yesNo(mode).meta({ title: '阻抗控制' }),
    castellated: yesNo(mode).meta({ title: '半孔' }),
    edgePlating: yesNo(mode).meta({ title: '板边包金' }),
    test: choice(pcbTests).meta({ title: '测试方式' }),
    buildTime: choice(buildTimes).meta({ title: '交期' }),
    confirmProductionFile: yesNo(mode).meta({ title: '确认生产稿' }),
  };
}

function smtShape(mode: Mode) {
  return {
    pcbSource: choice(smtPcbSources).meta({ title: '板子来源' }),
    quantity: num(mode, 0, 10_000_000, { int: true }).meta({ title: '贴片数量' }),
    sides: choice(smtSides).meta({ title: '贴片面' }),
    uniqueParts: num(mode, 0, 1_000_000, { int: true }).meta({ title: '物料种类' }),
    smdJoints: num(mode, 0, 10_000_000, { int: true }).meta({ title: '贴片焊点数' }),
    dipJoints: num(mode, 0, 10_000_000, { int: true }).meta({ title: '插件焊点数' }),
    bomSourcing: choice(bomSourcings).meta({ title: '元器件来源' }),
    stencilIncluded: yesNo(mode).meta({ title: '含钢网' }),
    xray: yesNo(mode).meta({ title: '射线检测' }),
    conformalCoating: yesNo(mode).meta({ title: '三防漆' }),
    functionTest: yesNo(mode).meta({ title: '功能测试' }),
    cleaning: yesNo(mode).meta({ title: '清洗' }),
    buildTime: choice(smtBuildTimes).meta({ title: '交期' }),
  };
}

function stencilShape(mode: Mode) {
  return {
    type: choice(stencilTypes).meta({ title: '钢网类型' }),
    size: text(20)
      .regex(/^\d{2,4}x\d{2,4}$/, { error: '尺寸格式不正确' })
      .meta({ title: '钢网尺寸' }),
    thicknessMm: numChoice(mode, stencilThicknesses).meta({ title: '厚度' }),
    sides: choice(stencilSides).meta({ title: '开口面' }),
    electropolish: yesNo(mode).meta({ title: '电抛光' }),
    fiducials: choice(fiducialKinds).meta({ title: '基准点' }),
    step: yesNo(mode).meta({ title: '阶梯钢网' }),
    quantity: num(mode, 0, 100_000, { int: true }).meta({ title: '数量' }),
  };
}

/**
 * The compiler checks that a schema's output is the engine's parameters (a shape that drifts
 * does not compile); only its input, the same in a JSON body, is asserted.
 */
const typed = <P>(schema: z.ZodType<P, unknown>) => schema as z.ZodType<P, P>;

export const pcbParamsSchema = typed<PcbParams>(z.object(pcbShape('body')));
export const smtParamsSchema = typed<SmtParams>(z.object(smtShape('body')));
export const stencilParamsSchema = typed<StencilParams>(z.object(stencilShape('body')));

// ---- Quotes ----

/** What the engine answers (`Quote` in `@pcb/pricing`), as the server computed it. */
export const quoteSchema = z.object({
  total: z.number().int(),
  lines: z.array(feeLineSchema),
  buildDays: z.number().int(),
  /** `YYYY-MM-DD`, Asia/Shanghai: the day the order is promised to ship (if ordered now). */
  shipDate: z.string().nullable(),
  warnings: z.array(z.string()),
  sheetVersion: z.number().int(),
  regime: z.string(),
  weightGrams: z.number().int(),
  /** The one-line summary (`2层 | 100×100mm | 10片 | …`). */
  paramString: z.string(),
});
export type QuoteResult = z.infer<typeof quoteSchema>;

export const pcbQuoteSchema = quoteSchema.extend({
  /** Cheaper sizes or quantities close to this one (the price cliffs), with the saving. */
  cliffs: z.array(
    z.object({
      kind: z.enum(['size', 'fewer', 'more']),
      message: z.string(),
      params: pcbParamsSchema,
      total: z.number().int(),
      saving: z.number().int(),
    }),
  ),
  /** Standard and every rush tier side by side. */
  buildTimes: z.array(
    z.object({
      buildTime: z.enum(buildTimes),
      label: z.string(),
      available: z.boolean(),
      total: z.number().int().optional(),
      buildDays: z.number().int().optional(),
      shipDate: z.string().optional(),
      reason: z.string().optional(),
    }),
  ),
});
export type PcbQuoteResult = z.infer<typeof pcbQuoteSchema>;

/**
 * What a quote is priced with besides its parameters. A receiver of the member's (or a
 * province) adds 运费 with the courier; an invoice kind adds 税费. Anonymous callers may
 * give a province, never a receiver.
 */
const quoteOptionShape = {
  receiverId: idSchema.optional().meta({ title: '收货地址' }),
  province: text(10).trim().optional().meta({ title: '省份' }),
  courier: choice(couriers).optional().meta({ title: '快递' }),
  invoice: choice(invoiceKinds).optional().meta({ title: '发票' }),
};
const quoteOptionQueryShape = {
  receiverId: z
    .union([z.number(), z.string().regex(/^\d{1,10}$/, { error: '应为正整数' })])
    .transform(Number)
    .pipe(idSchema)
    .optional()
    .meta({ title: '收货地址' }),
  province: quoteOptionShape.province,
  courier: quoteOptionShape.courier,
  invoice: quoteOptionShape.invoice,
};

export const quoteOptionsSchema = z.object(quoteOptionShape);

// ---- Placing an order ----

/**
 * An order as the member submits it. The price is never taken from the client: the server
 * reprices, and answers 409 (nothing saved) when its total or sheet version differs from what
 * the page showed, so the page shows the new price before the member submits again.
 */
const placeOrderShape = {
  sheetVersion: num('body', 1, 2_147_483_647, { int: true }).meta({ title: '价格表版本' }),
  /** Fen: the total the page showed. */
  expectedTotal: num('body', 0, 2_147_483_647, { int: true }).meta({
    title: '页面显示的总价',
  }),
  receiverId: idSchema.meta({ title: '收货地址' }),
  courier: choice(couriers).meta({ title: '快递' }),
  /** Optional: the member's order contact (MemberContact); the receiver is called otherwise. */
  contactId: idSchema.optional().meta({ title: '联系人' }),
  invoice: choice(invoiceKinds).meta({ title: '发票' }),
  /** Required unless `invoice` is `none`: one of the member's invoice profiles. */
  invoiceProfileId: idSchema.optional().meta({ title: '开票资料' }),
  /** The upload key (`Common/getUploadCode`) of the member's own design file. */
  fileKey: text(300).trim().min(1, { error: '请上传文件' }).meta({ title: '文件' }),
  fileName: text(120).trim().min(1, { error: '请上传文件' }).meta({ title: '文件名' }),
  remark: text(500, { multiline: true }).trim().optional().meta({ title: '备注' }),
  /** A uuid the page makes once per submission: a retry never places a second order. */
  requestId: requestIdSchema,
};

/** The message the server answers (409) when the price changed since the page showed it. */
export const PRICE_CHANGED_MESSAGE = '价格已更新，请确认新价格后再提交';

export const paramStringSchema = z.object({ paramString: z.string() });

/** CalcEditOrder's answer: the new price beside the current one, and what EditOrder must name. */
export const editQuoteSchema = z.object({
  quote: quoteSchema,
  current: z.object({ total: z.number().int(), lines: z.array(feeLineSchema) }),
  /** The order's revision this price was made on: EditOrder sends it back. */
  revision: z.number().int(),
});
export type EditQuote = z.infer<typeof editQuoteSchema>;

export const ORDER_CHANGED_MESSAGE = '订单已被修改，请刷新后重试';

/** Quoting and placing a PCB order: the quote page and /fillOrder. */
export const PcbQuote = defineModule('Pcb', {
  CalcPrice: {
    method: 'POST',
    summary: 'PCB计价：费用明细、交期、价格断崖提示与加急对比（服务器与页面同一引擎）',
    access: 'optional',
    whenSwitched: 'allow',
    input: z.object({ params: pcbParamsSchema, ...quoteOptionShape }),
    output: pcbQuoteSchema,
  },
  SaveOrder: {
    method: 'POST',
    summary: 'PCB下单：服务器重新计价，价格不符时 409 不保存；订单为待审核',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ params: pcbParamsSchema, ...placeOrderShape }),
    output: placedOrderSchema,
  },
  GetOrderParamString: {
    method: 'GET',
    summary: 'PCB参数一行摘要（2层 | 100×100mm | 10片 | …）',
    access: 'public',
    input: z.object(pcbShape('query')),
    output: paramStringSchema,
  },
});

/** 修改订单 (PCB): priced with the quote's schemas, in the sheet the detail loads when opened. */
export const PcbEdit = defineModule('Pcb', {
  CalcEditOrder: {
    method: 'POST',
    summary: '修改PCB订单前先计价：新参数按当前价格表、原收货地址与发票计价，与现价对照',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ id: idSchema.meta({ title: '订单' }), params: pcbParamsSchema }),
    output: editQuoteSchema,
  },
  EditOrder: {
    method: 'PUT',
    summary:
      '修改PCB订单（待审核、待付款）：服务器重新计价，价格或订单已变时 409 不保存；订单回到待审核',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({
      id: idSchema.meta({ title: '订单' }),
      params: pcbParamsSchema,
      revision: num('body', 0, 2_147_483_647, { int: true }).meta({ title: '订单版本' }),
      sheetVersion: num('body', 1, 2_147_483_647, { int: true }).meta({ title: '价格表版本' }),
      expectedTotal: num('body', 0, 2_147_483_647, { int: true }).meta({
        title: '页面显示的总价',
      }),
    }),
    output: orderWriteResultSchema,
  },
});

/** Quoting and placing an SMT order. */
export const SmtQuote = defineModule('Smt', {
  CalcPrice: {
    method: 'GET',
    summary: 'SMT贴片计价（查询参数）',
    access: 'optional',
    whenSwitched: 'allow',
    input: z.object({ ...smtShape('query'), ...quoteOptionQueryShape }),
    output: quoteSchema,
  },
  Create: {
    method: 'POST',
    summary: 'SMT贴片下单：服务器重新计价，价格不符时 409 不保存；订单为待审核',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ params: smtParamsSchema, ...placeOrderShape }),
    output: placedOrderSchema,
  },
  GetParamsString: {
    method: 'GET',
    summary: 'SMT参数一行摘要',
    access: 'public',
    input: z.object(smtShape('query')),
    output: paramStringSchema,
  },
});

/** Quoting and placing a stencil order. */
export const StencilQuote = defineModule('Stencil', {
  CalcPrice: {
    method: 'POST',
    summary: '钢网计价',
    access: 'optional',
    whenSwitched: 'allow',
    input: z.object({ params: stencilParamsSchema, ...quoteOptionShape }),
    output: quoteSchema,
  },
  Create: {
    method: 'POST',
    summary: '钢网下单：服务器重新计价，价格不符时 409 不保存；订单为待审核',
    access: 'member',
    whenSwitched: 'allow',
    input: z.object({ params: stencilParamsSchema, ...placeOrderShape }),
    output: placedOrderSchema,
  },
  GetParamsString: {
    method: 'GET',
    summary: '钢网参数一行摘要',
    access: 'public',
    input: z.object(stencilShape('query')),
    output: paramStringSchema,
  },
});

// Each wire module whole, as the server serves it: its quote calls, its order-life calls
// (order-life.ts) and Pay (payment.ts). Pure: a page that imports a part bundles that part.
export const Pcb = /* @__PURE__ */ wholeModule(PcbQuote, PcbLife, PcbPay, PcbEdit);
export const Smt = /* @__PURE__ */ wholeModule(SmtQuote, SmtLife, SmtPay);
export const Stencil = /* @__PURE__ */ wholeModule(StencilQuote, StencilLife, StencilPay);
