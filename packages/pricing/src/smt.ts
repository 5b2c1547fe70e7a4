// SMT assembly (贴片): parameters, rules, price and summary. Flat, so the quote travels in a
// query string (`GET /api/Smt/CalcPrice`).
import { mulDiv, yuan, yuanRate } from './money';
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

export const smtPcbSources = ['ours', 'supplied'] as const;
export const smtSides = ['single', 'double'] as const;
export const bomSourcings = ['factory', 'customer'] as const;
export const smtBuildTimes = ['standard', 'rush'] as const;

export type SmtParams = {
  /** PCB made by us (ordered with it) or supplied by the customer. */
  pcbSource: (typeof smtPcbSources)[number];
  /** Boards to assemble. */
  quantity: number;
  sides: (typeof smtSides)[number];
  uniqueParts: number;
  /** Joints per board. */
  smdJoints: number;
  dipJoints: number;
  bomSourcing: (typeof bomSourcings)[number];
  stencilIncluded: boolean;
  xray: boolean;
  conformalCoating: boolean;
  functionTest: boolean;
  cleaning: boolean;
  buildTime: (typeof smtBuildTimes)[number];
};

export const defaultSmtParams: SmtParams = {
  pcbSource: 'ours',
  quantity: 10,
  sides: 'single',
  uniqueParts: 10,
  smdJoints: 100,
  dipJoints: 0,
  bomSourcing: 'customer',
  stencilIncluded: true,
  xray: false,
  conformalCoating: false,
  functionTest: false,
  cleaning: false,
  buildTime: 'standard',
};

export const SMT_LIMITS = {
  maxQuantity: 100_000,
  maxUniqueParts: 2_000,
  maxJoints: 100_000,
} as const;

const yesNo = [
  { value: false, label: '不需要' },
  { value: true, label: '需要' },
];
export const smtFields = {
  pcbSource: {
    label: 'PCB来源',
    options: [
      { value: 'ours', label: '本厂PCB' },
      { value: 'supplied', label: '客供PCB' },
    ],
  },
  quantity: { label: '贴片数量(片)' },
  sides: {
    label: '贴片面',
    options: [
      { value: 'single', label: '单面' },
      { value: 'double', label: '双面' },
    ],
  },
  uniqueParts: { label: '元件种类数' },
  smdJoints: { label: '每片贴片焊点数' },
  dipJoints: { label: '每片插件焊点数' },
  bomSourcing: {
    label: '元器件',
    options: [
      { value: 'factory', label: '工厂代购' },
      { value: 'customer', label: '客户提供' },
    ],
  },
  stencilIncluded: { label: '钢网', options: yesNo },
  xray: { label: 'X光检测', options: yesNo },
  conformalCoating: { label: '三防漆', options: yesNo },
  functionTest: { label: '功能测试', options: yesNo },
  cleaning: { label: '清洗', options: yesNo },
  buildTime: {
    label: '交期',
    options: [
      { value: 'standard', label: '标准交期' },
      { value: 'rush', label: '加急' },
    ],
  },
} as const satisfies Record<keyof SmtParams, FieldSpec>;

const isInt = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

export function validateSmt(params: SmtParams, sheet?: PriceSheet): Issue[] {
  const issues: Issue[] = [];
  const add = (field: keyof SmtParams, code: string, message: string) =>
    issues.push({ field, code: `smt.${code}`, message });
  for (const field of ['pcbSource', 'sides', 'bomSourcing', 'buildTime'] as const) {
    const options: readonly { value: unknown }[] = smtFields[field].options;
    if (!options.some((o) => o.value === params[field]))
      add(field, 'invalidOption', `请选择${smtFields[field].label}`);
  }
  for (const field of [
    'stencilIncluded',
    'xray',
    'conformalCoating',
    'functionTest',
    'cleaning',
  ] as const) {
    if (typeof params[field] !== 'boolean')
      add(field, 'invalidOption', `请选择${smtFields[field].label}`);
  }
  if (!isInt(params.quantity, 1, SMT_LIMITS.maxQuantity)) {
    add('quantity', 'quantity.range', `贴片数量须为1到${SMT_LIMITS.maxQuantity}的整数`);
  }
  if (!isInt(params.uniqueParts, 1, SMT_LIMITS.maxUniqueParts)) {
    add('uniqueParts', 'uniqueParts.range', `元件种类数须为1到${SMT_LIMITS.maxUniqueParts}的整数`);
  }
  for (const field of ['smdJoints', 'dipJoints'] as const) {
    if (!isInt(params[field], 0, SMT_LIMITS.maxJoints)) {
      add(field, 'joints.range', `${smtFields[field].label}须为0到${SMT_LIMITS.maxJoints}的整数`);
    }
  }
  if (issues.length > 0) return issues;
  if (params.smdJoints + params.dipJoints === 0) {
    add('smdJoints', 'joints.none', '贴片焊点和插件焊点不能都为0');
  } else if (params.uniqueParts > params.smdJoints + params.dipJoints) {
    add('uniqueParts', 'uniqueParts.moreThanJoints', '元件种类数不能多于焊点数');
  }
  if (params.sides === 'double' && params.smdJoints < 2) {
    add('sides', 'sides.doubleNeedsJoints', '双面贴片每面至少1个贴片焊点');
  }
  if (params.stencilIncluded && params.smdJoints === 0) {
    add('stencilIncluded', 'stencil.noSmd', '只有插件焊点时不需要钢网');
  }
  if (sheet && params.buildTime === 'rush' && params.quantity > sheet.smt.rush.maxQuantity) {
    add('buildTime', 'buildTime.unavailable', `加急限${sheet.smt.rush.maxQuantity}片以内`);
  }
  return issues;
}

export function priceSmt(sheet: PriceSheet, params: SmtParams, options: QuoteOptions = {}): Quote {
  const issues = validateSmt(params, sheet);
  if (issues.length > 0) throw new InvalidParamsError(issues);
  const smt = sheet.smt;
  const sides = params.sides === 'double' ? 2 : 1;
  const q = params.quantity;
  const lines: FeeLine[] = [];
  const warnings: string[] = [];

  lines.push({
    code: 'setup',
    name: '开机费',
    amount: smt.setupPerSide * sides,
    reason: `${sides === 2 ? '双面' : '单面'}贴片，每面${yuan(smt.setupPerSide)}`,
  });
  if (params.smdJoints > 0) {
    const joints = params.smdJoints * q;
    lines.push({
      code: 'smdJoints',
      name: '贴片费',
      amount: mulDiv(joints, smt.smdJoint.num, smt.smdJoint.den),
      reason: `每片${params.smdJoints}个贴片焊点 × ${q}片 = ${joints}点 × ${yuanRate(smt.smdJoint)}`,
    });
  }
  if (params.dipJoints > 0) {
    const joints = params.dipJoints * q;
    lines.push({
      code: 'dipJoints',
      name: '插件焊接费',
      amount: mulDiv(joints, smt.dipJoint.num, smt.dipJoint.den),
      reason: `每片${params.dipJoints}个插件焊点 × ${q}片 = ${joints}点 × ${yuanRate(smt.dipJoint)}（手工焊接）`,
    });
  }
  const paidFeeders = Math.max(0, params.uniqueParts - smt.freeFeeders);
  lines.push({
    code: 'feeders',
    name: '上料费',
    amount: paidFeeders * smt.feederPerPart,
    reason:
      paidFeeders === 0
        ? `${params.uniqueParts}种元件，${smt.freeFeeders}种以内免上料费`
        : `${params.uniqueParts}种元件，超出免费的${smt.freeFeeders}种，${paidFeeders}种 × ${yuan(smt.feederPerPart)}`,
  });
  if (params.stencilIncluded) {
    lines.push({
      code: 'stencil',
      name: '钢网费',
      amount: smt.stencil * sides,
      reason: `${sides === 2 ? '双面各一张' : '一张'}钢网，每张${yuan(smt.stencil)}`,
    });
  }
  if (q <= smt.sampleMaxQuantity) {
    lines.push({
      code: 'engineering',
      name: '工程费',
      amount: smt.engineering,
      reason: `${smt.sampleMaxQuantity}片以内的样品贴片，编程与首件确认${yuan(smt.engineering)}`,
    });
  }
  const perBoard = (code: keyof SmtParams & keyof typeof smt.options, name: string) => {
    if (!params[code]) return;
    const each = smt.options[code];
    lines.push({
      code: `option.${code}`,
      name,
      amount: each * q,
      reason: `${name}每片${yuan(each)} × ${q}片`,
    });
  };
  perBoard('xray', 'X光检测');
  perBoard('conformalCoating', '三防漆');
  perBoard('functionTest', '功能测试');
  perBoard('cleaning', '清洗');

  const standardDays = smt.buildDays + (sides === 2 ? 1 : 0);
  let buildDays = standardDays;
  if (params.buildTime === 'rush') {
    buildDays = smt.rush.days;
    lines.push({
      code: 'rush',
      name: '加急费',
      amount: smt.rush.fee,
      reason: `加急：比标准${standardDays}个工作日快${standardDays - buildDays}天，${yuan(smt.rush.fee)}`,
    });
  }
  if (params.bomSourcing === 'factory')
    warnings.push('元器件由工厂代购，物料费按BOM审核后另行报价');
  if (params.pcbSource === 'ours') warnings.push('PCB费用按PCB计价另计');
  if (params.pcbSource === 'supplied') warnings.push('客供PCB请随板附上工艺边和Mark点');

  const weightGrams = smt.gramsPerBoard * q + sheet.shipping.packagingGrams;
  appendShippingAndTax(sheet, options, weightGrams, lines, warnings);
  const quote: Quote = {
    total: orderTotal(lines, weightGrams),
    lines,
    buildDays,
    warnings,
    sheetVersion: sheet.version,
    regime: q <= smt.sampleMaxQuantity ? 'sample' : 'batch',
    weightGrams,
  };
  promise(sheet, options, quote);
  return quote;
}

/** `单面贴片 | 10片 | 10种元件 | 贴片100点/片 | 客供料 | 含钢网` */
export function smtParamString(p: SmtParams): string {
  const parts = [
    p.pcbSource === 'ours' ? '本厂PCB' : '客供PCB',
    `${p.sides === 'double' ? '双面' : '单面'}贴片`,
    `${p.quantity}片`,
    `${p.uniqueParts}种元件`,
    `贴片${p.smdJoints}点/片`,
  ];
  if (p.dipJoints > 0) parts.push(`插件${p.dipJoints}点/片`);
  parts.push(p.bomSourcing === 'factory' ? '工厂代购料' : '客供料');
  if (p.stencilIncluded) parts.push('含钢网');
  if (p.xray) parts.push('X光检测');
  if (p.conformalCoating) parts.push('三防漆');
  if (p.functionTest) parts.push('功能测试');
  if (p.cleaning) parts.push('清洗');
  if (p.buildTime === 'rush') parts.push('加急');
  return parts.join(' | ');
}
