// Stencils (钢网): parameters, rules, price by frame size and options, and summary.
import { hasOwn } from './own';
import { yuan } from './money';
import { appendShippingAndTax, orderTotal, promise } from './quote-lines';
import {
  InvalidParamsError,
  type FeeLine,
  type Issue,
  type Quote,
  type QuoteOptions,
} from './quote';
import type { FieldSpec } from './pcb-params';
import type { PriceSheet } from './sheet';

export const stencilTypes = ['framed', 'frameless'] as const;
export const stencilThicknesses = [0.08, 0.1, 0.12, 0.13, 0.15] as const;
export const stencilSides = ['top', 'bottom', 'both'] as const;
export const fiducialKinds = ['none', 'halfLasered', 'through'] as const;

export type StencilParams = {
  type: (typeof stencilTypes)[number];
  /** A size of the sheet for the type: `370x470` (mm). */
  size: string;
  thicknessMm: (typeof stencilThicknesses)[number];
  /** One side, or both layouts on one stencil. */
  sides: (typeof stencilSides)[number];
  electropolish: boolean;
  fiducials: (typeof fiducialKinds)[number];
  step: boolean;
  quantity: number;
};

export const defaultStencilParams: StencilParams = {
  type: 'framed',
  size: '370x470',
  thicknessMm: 0.12,
  sides: 'top',
  electropolish: false,
  fiducials: 'none',
  step: false,
  quantity: 1,
};

export const STENCIL_LIMITS = { maxQuantity: 100 } as const;

const yesNo = [
  { value: false, label: '不需要' },
  { value: true, label: '需要' },
];
export const stencilFields = {
  type: {
    label: '钢网类型',
    options: [
      { value: 'framed', label: '有框钢网' },
      { value: 'frameless', label: '无框钢网' },
    ],
  },
  size: { label: '钢网尺寸' },
  thicknessMm: {
    label: '钢网厚度',
    options: stencilThicknesses.map((t) => ({ value: t, label: `${t.toFixed(2)}mm` })),
  },
  sides: {
    label: '钢网面',
    options: [
      { value: 'top', label: '顶层' },
      { value: 'bottom', label: '底层' },
      { value: 'both', label: '顶层+底层（同一张）' },
    ],
  },
  electropolish: { label: '电抛光', options: yesNo },
  fiducials: {
    label: 'Mark点',
    options: [
      { value: 'none', label: '无' },
      { value: 'halfLasered', label: '半刻' },
      { value: 'through', label: '通孔' },
    ],
  },
  step: { label: '阶梯钢网', options: yesNo },
  quantity: { label: '数量(张)' },
} as const satisfies Record<keyof StencilParams, FieldSpec>;

/** The sizes a type is offered in, from the sheet: `[{ value: '370x470', label: '370×470mm' }]`. */
export function stencilSizes(sheet: PriceSheet, type: StencilParams['type']) {
  return Object.keys(sheet.stencil[type]).map((value) => ({
    value,
    label: `${value.replace('x', '×')}mm`,
  }));
}

export function validateStencil(params: StencilParams, sheet?: PriceSheet): Issue[] {
  const issues: Issue[] = [];
  const add = (field: keyof StencilParams, code: string, message: string) =>
    issues.push({ field, code: `stencil.${code}`, message });
  for (const field of ['type', 'thicknessMm', 'sides', 'fiducials'] as const) {
    const options: readonly { value: unknown }[] = stencilFields[field].options;
    if (!options.some((o) => o.value === params[field]))
      add(field, 'invalidOption', `请选择${stencilFields[field].label}`);
  }
  for (const field of ['electropolish', 'step'] as const) {
    if (typeof params[field] !== 'boolean')
      add(field, 'invalidOption', `请选择${stencilFields[field].label}`);
  }
  if (
    typeof params.quantity !== 'number' ||
    !Number.isInteger(params.quantity) ||
    params.quantity < 1 ||
    params.quantity > STENCIL_LIMITS.maxQuantity
  ) {
    add('quantity', 'quantity.range', `数量须为1到${STENCIL_LIMITS.maxQuantity}的整数`);
  }
  if (issues.length > 0) return issues;
  if (sheet && !hasOwn(sheet.stencil[params.type], params.size)) {
    const label = params.type === 'framed' ? '有框钢网' : '无框钢网';
    add('size', 'size.unavailable', `${label}没有该尺寸，请从列表中选择`);
  }
  if (params.step && params.thicknessMm < 0.12) {
    add('step', 'step.thickness', '阶梯钢网须用0.12mm及以上的钢片');
  }
  return issues;
}

export function priceStencil(
  sheet: PriceSheet,
  params: StencilParams,
  options: QuoteOptions = {},
): Quote {
  const issues = validateStencil(params, sheet);
  if (issues.length > 0) throw new InvalidParamsError(issues);
  const st = sheet.stencil;
  const q = params.quantity;
  const lines: FeeLine[] = [];
  const warnings: string[] = [];
  const each = st[params.type][params.size]!;
  const typeLabel = params.type === 'framed' ? '有框钢网' : '无框钢网';
  const sizeLabel = params.size.replace('x', '×');
  lines.push({
    code: 'stencil',
    name: '钢网费',
    amount: each * q,
    reason: `${typeLabel}${sizeLabel}mm每张${yuan(each)} × ${q}张`,
  });
  const extra = (code: string, name: string, per: number, why: string) => {
    if (per > 0)
      lines.push({
        code: `option.${code}`,
        name,
        amount: per * q,
        reason: `${why}每张${yuan(per)} × ${q}张`,
      });
  };
  if (params.thicknessMm > 0.12)
    extra('thickness', '厚度加价', st.thickAbove012, `厚度${params.thicknessMm}mm（超过0.12mm）`);
  if (params.sides === 'both')
    extra('bothSides', '双面开口', st.bothSides, '顶层和底层开在同一张钢网上');
  if (params.electropolish) extra('electropolish', '电抛光', st.electropolish, '电抛光');
  if (params.fiducials !== 'none') {
    extra(
      'fiducials',
      'Mark点',
      st.fiducials[params.fiducials],
      params.fiducials === 'through' ? '通孔Mark点' : '半刻Mark点',
    );
  }
  if (params.step) extra('step', '阶梯钢网', st.step, '阶梯钢网');
  const weightGrams = (st.grams[params.size] ?? 1000) * q + sheet.shipping.packagingGrams;
  appendShippingAndTax(sheet, options, weightGrams, lines, warnings);
  const quote: Quote = {
    total: orderTotal(lines, weightGrams),
    lines,
    buildDays: st.buildDays,
    warnings,
    sheetVersion: sheet.version,
    regime: params.type,
    weightGrams,
  };
  promise(sheet, options, quote);
  return quote;
}

/** `有框钢网 | 370×470mm | 0.12mm | 顶层 | 1张 | 电抛光` */
export function stencilParamString(p: StencilParams): string {
  const parts = [
    p.type === 'framed' ? '有框钢网' : '无框钢网',
    `${p.size.replace('x', '×')}mm`,
    `${p.thicknessMm}mm`,
    { top: '顶层', bottom: '底层', both: '顶层+底层' }[p.sides],
    `${p.quantity}张`,
  ];
  if (p.electropolish) parts.push('电抛光');
  if (p.fiducials === 'halfLasered') parts.push('半刻Mark点');
  if (p.fiducials === 'through') parts.push('通孔Mark点');
  if (p.step) parts.push('阶梯钢网');
  return parts.join(' | ');
}
