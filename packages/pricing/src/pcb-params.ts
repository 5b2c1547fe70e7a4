// The PCB order form's parameters (pcb-domain.md's table), with the Chinese labels and option
// lists the quote page draws its form from.

/** An option of a choice: the wire value and its Chinese label. */
export interface Choice<T extends string | number | boolean> {
  value: T;
  label: string;
}

/** A form field: its Chinese label, its group and, for a choice, its options. */
export interface FieldSpec {
  label: string;
  group?: string;
  options?: readonly { value: string | number | boolean; label: string }[];
}

const choices = <T extends string | number | boolean>(
  pairs: ReadonlyArray<readonly [T, string]>,
): Choice<T>[] => pairs.map(([value, label]) => ({ value, label }));

export const materials = ['fr4-tg135', 'fr4-tg150', 'fr4-tg170', 'aluminium'] as const;
export type Material = (typeof materials)[number];
export const pcbLayers = [1, 2, 4, 6, 8, 10, 12] as const;
export type PcbLayers = (typeof pcbLayers)[number];
export const deliveryFormats = ['single', 'panelByCustomer', 'panelByFactory'] as const;
export type DeliveryFormat = (typeof deliveryFormats)[number];
export const thicknesses = [0.4, 0.6, 0.8, 1.0, 1.2, 1.6, 2.0] as const;
export type Thickness = (typeof thicknesses)[number];
export const outerCopperOz = [1, 2] as const;
export const innerCopperOz = [0.5, 1] as const;
export const maskColors = [
  'green',
  'red',
  'yellow',
  'blue',
  'white',
  'black',
  'matteBlack',
  'matteGreen',
] as const;
export type MaskColor = (typeof maskColors)[number];
export const silkColors = ['white', 'black'] as const;
export type SilkColor = (typeof silkColors)[number];
export const finishes = [
  'hasl',
  'haslLeadFree',
  'enig1u',
  'enig2u',
  'osp',
  'immersionSilver',
  'immersionTin',
] as const;
export type Finish = (typeof finishes)[number];
export const viaTreatments = ['tented', 'opened', 'plugged'] as const;
export type ViaTreatment = (typeof viaTreatments)[number];
export const minTracks = [6, 5, 4, 3.5] as const;
export const minHoles = [0.3, 0.25, 0.2, 0.15] as const;
export const pcbTests = ['sample', 'flyingProbeFull', 'fixture'] as const;
export type PcbTest = (typeof pcbTests)[number];
export const buildTimes = ['standard', 'rush72', 'rush48', 'rush24'] as const;
export type BuildTime = (typeof buildTimes)[number];

/** One PCB order's parameters, as the form holds them and the server receives them. */
export type PcbParams = {
  material: Material;
  layers: PcbLayers;
  /** The board (single) or the panel (panel by customer): millimetres, at most 2 decimals. */
  lengthMm: number;
  widthMm: number;
  /** Pieces delivered: boards, or panels when delivered in panels. */
  quantity: number;
  delivery: DeliveryFormat;
  /** Panel by factory: boards per panel, rows × columns (break-away rails of 5 mm added). */
  panelRows: number;
  panelColumns: number;
  /** 拼版款数: different designs in the file. */
  designs: number;
  thicknessMm: Thickness;
  outerCopperOz: (typeof outerCopperOz)[number];
  /** Only read from 4 layers. */
  innerCopperOz: (typeof innerCopperOz)[number];
  maskColor: MaskColor;
  silkColor: SilkColor;
  finish: Finish;
  vias: ViaTreatment;
  minTrackMil: (typeof minTracks)[number];
  minHoleMm: (typeof minHoles)[number];
  goldFingers: boolean;
  bevel: boolean;
  impedance: boolean;
  castellated: boolean;
  edgePlating: boolean;
  test: PcbTest;
  buildTime: BuildTime;
  confirmProductionFile: boolean;
};

/** What the form starts with: the most common order (2 layers, 10 × 10 cm, 10 pieces). */
export const defaultPcbParams: PcbParams = {
  material: 'fr4-tg135',
  layers: 2,
  lengthMm: 100,
  widthMm: 100,
  quantity: 10,
  delivery: 'single',
  panelRows: 1,
  panelColumns: 1,
  designs: 1,
  thicknessMm: 1.6,
  outerCopperOz: 1,
  innerCopperOz: 0.5,
  maskColor: 'green',
  silkColor: 'white',
  finish: 'hasl',
  vias: 'tented',
  minTrackMil: 6,
  minHoleMm: 0.3,
  goldFingers: false,
  bevel: false,
  impedance: false,
  castellated: false,
  edgePlating: false,
  test: 'sample',
  buildTime: 'standard',
  confirmProductionFile: false,
};

export const materialLabels: Record<Material, string> = {
  'fr4-tg135': 'FR-4 TG135',
  'fr4-tg150': 'FR-4 TG150',
  'fr4-tg170': 'FR-4 TG170',
  aluminium: '铝基板',
};
export const deliveryLabels: Record<DeliveryFormat, string> = {
  single: '单片出货',
  panelByCustomer: '客户拼版',
  panelByFactory: '工厂代拼版',
};
export const maskColorLabels: Record<MaskColor, string> = {
  green: '绿',
  red: '红',
  yellow: '黄',
  blue: '蓝',
  white: '白',
  black: '黑',
  matteBlack: '哑黑',
  matteGreen: '哑绿',
};
export const silkColorLabels: Record<SilkColor, string> = { white: '白', black: '黑' };
export const finishLabels: Record<Finish, string> = {
  hasl: '有铅喷锡',
  haslLeadFree: '无铅喷锡',
  enig1u: '沉金1U',
  enig2u: '沉金2U',
  osp: 'OSP',
  immersionSilver: '沉银',
  immersionTin: '沉锡',
};
export const viaLabels: Record<ViaTreatment, string> = {
  tented: '过孔盖油',
  opened: '过孔开窗',
  plugged: '树脂塞孔',
};
export const testLabels: Record<PcbTest, string> = {
  sample: '抽测',
  flyingProbeFull: '飞针全测',
  fixture: '测试架',
};
export const buildTimeLabels: Record<BuildTime, string> = {
  standard: '标准交期',
  rush72: '加急72小时',
  rush48: '加急48小时',
  rush24: '加急24小时',
};

/** Every PCB field with its Chinese label and, for choices, its options, in form order. */
export const pcbFields = {
  material: {
    label: '板材',
    group: 'basic',
    options: choices(materials.map((m) => [m, materialLabels[m]])),
  },
  layers: { label: '层数', group: 'basic', options: choices(pcbLayers.map((n) => [n, `${n}层`])) },
  lengthMm: { label: '长(mm)', group: 'basic' },
  widthMm: { label: '宽(mm)', group: 'basic' },
  quantity: { label: '数量', group: 'basic' },
  delivery: {
    label: '出货方式',
    group: 'basic',
    options: choices(deliveryFormats.map((d) => [d, deliveryLabels[d]])),
  },
  panelRows: { label: '拼版行数', group: 'basic' },
  panelColumns: { label: '拼版列数', group: 'basic' },
  designs: { label: '拼版款数', group: 'basic' },
  thicknessMm: {
    label: '板厚',
    group: 'process',
    options: choices(thicknesses.map((t) => [t, `${t.toFixed(1)}mm`])),
  },
  outerCopperOz: {
    label: '外层铜厚',
    group: 'process',
    options: choices(outerCopperOz.map((o) => [o, `${o}oz`])),
  },
  innerCopperOz: {
    label: '内层铜厚',
    group: 'process',
    options: choices(innerCopperOz.map((o) => [o, `${o}oz`])),
  },
  maskColor: {
    label: '阻焊颜色',
    group: 'process',
    options: choices(maskColors.map((c) => [c, maskColorLabels[c]])),
  },
  silkColor: {
    label: '字符颜色',
    group: 'process',
    options: choices(silkColors.map((c) => [c, silkColorLabels[c]])),
  },
  finish: {
    label: '表面处理',
    group: 'process',
    options: choices(finishes.map((f) => [f, finishLabels[f]])),
  },
  vias: {
    label: '过孔处理',
    group: 'process',
    options: choices(viaTreatments.map((v) => [v, viaLabels[v]])),
  },
  minTrackMil: {
    label: '最小线宽线距',
    group: 'process',
    options: choices(minTracks.map((t) => [t, `${t}/${t}mil`])),
  },
  minHoleMm: {
    label: '最小孔径',
    group: 'process',
    options: choices(minHoles.map((h) => [h, `${h}mm`])),
  },
  goldFingers: { label: '金手指', group: 'extras', options: yesNo() },
  bevel: { label: '金手指斜边', group: 'extras', options: yesNo() },
  impedance: { label: '阻抗控制', group: 'extras', options: yesNo() },
  castellated: { label: '半孔', group: 'extras', options: yesNo() },
  edgePlating: { label: '金属包边', group: 'extras', options: yesNo() },
  test: {
    label: '电测',
    group: 'extras',
    options: choices(pcbTests.map((t) => [t, testLabels[t]])),
  },
  buildTime: {
    label: '交期',
    group: 'extras',
    options: choices(buildTimes.map((b) => [b, buildTimeLabels[b]])),
  },
  confirmProductionFile: { label: '确认生产稿', group: 'extras', options: yesNo() },
} as const satisfies Record<keyof PcbParams, FieldSpec>;

function yesNo(): Choice<boolean>[] {
  return choices<boolean>([
    [false, '不需要'],
    [true, '需要'],
  ]);
}

/** Groups of the form, as the peers group them. */
export const pcbFieldGroups = {
  basic: '基本信息',
  process: '工艺参数',
  extras: '个性化服务',
} as const;
