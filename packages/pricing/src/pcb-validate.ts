// Every refusal of a PCB parameter or combination, with the field, a rule code the server and
// the page share, and a Chinese message.
import type { Issue } from './quote';
import type { PriceSheet } from './sheet';
import {
  buildTimes,
  deliveryFormats,
  finishes,
  innerCopperOz,
  maskColors,
  materials,
  minHoles,
  minTracks,
  outerCopperOz,
  pcbFields,
  pcbLayers,
  pcbTests,
  silkColors,
  thicknesses,
  viaTreatments,
  type PcbParams,
} from './pcb-params';
import { pcbGeometry, standardBuildDays } from './pcb-geometry';

export const PCB_LIMITS = {
  minSideMm: 5,
  /** The long side at most 600 mm, the short side at most 500 mm (panel included). */
  maxLongSideMm: 600,
  maxShortSideMm: 500,
  maxQuantity: 100_000,
  maxDesigns: 20,
  maxPanelRowsOrColumns: 20,
  /** Board thickness ÷ smallest hole at most this (drilling and plating). */
  maxAspectRatio: 10,
} as const;

/** The thinnest board each layer count can be built on. */
export const minThicknessForLayers: Record<number, number> = {
  1: 0.4,
  2: 0.4,
  4: 0.6,
  6: 0.8,
  8: 1.0,
  10: 1.2,
  12: 1.6,
};

const enumerated: [keyof PcbParams, readonly unknown[]][] = [
  ['material', materials],
  ['layers', pcbLayers],
  ['delivery', deliveryFormats],
  ['thicknessMm', thicknesses],
  ['outerCopperOz', outerCopperOz],
  ['innerCopperOz', innerCopperOz],
  ['maskColor', maskColors],
  ['silkColor', silkColors],
  ['finish', finishes],
  ['vias', viaTreatments],
  ['minTrackMil', minTracks],
  ['minHoleMm', minHoles],
  ['test', pcbTests],
  ['buildTime', buildTimes],
];
const flags = [
  'goldFingers',
  'bevel',
  'impedance',
  'castellated',
  'edgePlating',
  'confirmProductionFile',
] as const;

const isInt = (n: unknown, min: number, max: number): n is number =>
  typeof n === 'number' && Number.isInteger(n) && n >= min && n <= max;

/** A positive length in millimetres with at most two decimals. */
const isLength = (n: unknown): n is number =>
  typeof n === 'number' &&
  Number.isFinite(n) &&
  n > 0 &&
  Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/**
 * The issues of a PCB order's parameters; empty when it can be built. With the sheet, also
 * whether the chosen rush tier is offered for this board.
 */
export function validatePcb(params: PcbParams, sheet?: PriceSheet): Issue[] {
  const issues: Issue[] = [];
  const add = (field: keyof PcbParams, code: string, message: string) =>
    issues.push({ field, code: `pcb.${code}`, message });

  for (const [field, allowed] of enumerated) {
    if (!allowed.includes(params[field]))
      add(field, 'invalidOption', `请选择${pcbFields[field].label}`);
  }
  for (const field of flags) {
    if (typeof params[field] !== 'boolean')
      add(field, 'invalidOption', `请选择${pcbFields[field].label}`);
  }
  if (issues.length > 0) return issues;

  const { minSideMm, maxLongSideMm, maxShortSideMm } = PCB_LIMITS;
  for (const field of ['lengthMm', 'widthMm'] as const) {
    const v = params[field];
    if (!isLength(v)) add(field, 'size.format', `${pcbFields[field].label}须为正数，最多两位小数`);
    else if (v < minSideMm)
      add(field, 'size.min', `${pcbFields[field].label}不能小于${minSideMm}mm`);
  }
  if (!isInt(params.quantity, 1, PCB_LIMITS.maxQuantity)) {
    add('quantity', 'quantity.range', `数量须为1到${PCB_LIMITS.maxQuantity}的整数`);
  }
  if (!isInt(params.designs, 1, PCB_LIMITS.maxDesigns)) {
    add('designs', 'designs.range', `拼版款数须为1到${PCB_LIMITS.maxDesigns}的整数`);
  }
  if (params.delivery === 'panelByFactory') {
    for (const field of ['panelRows', 'panelColumns'] as const) {
      if (!isInt(params[field], 1, PCB_LIMITS.maxPanelRowsOrColumns)) {
        add(
          field,
          'panel.range',
          `${pcbFields[field].label}须为1到${PCB_LIMITS.maxPanelRowsOrColumns}的整数`,
        );
      }
    }
    if (params.panelRows * params.panelColumns === 1) {
      add('panelColumns', 'panel.single', '工厂代拼版至少拼2片，单片请选择单片出货');
    }
  }
  if (issues.length === 0) {
    const g = pcbGeometry(params);
    const long = Math.max(g.pieceLength100, g.pieceWidth100) / 100;
    const short = Math.min(g.pieceLength100, g.pieceWidth100) / 100;
    if (long > maxLongSideMm || short > maxShortSideMm) {
      const what = params.delivery === 'panelByFactory' ? `拼版后尺寸${long}×${short}mm` : '尺寸';
      add(
        params.delivery === 'panelByFactory' ? 'panelColumns' : 'lengthMm',
        'size.max',
        `${what}超出最大加工尺寸${maxLongSideMm}×${maxShortSideMm}mm`,
      );
    }
  }

  const { material, layers, thicknessMm } = params;
  if (material === 'aluminium' && layers > 2) {
    add('layers', 'layers.aluminium', '铝基板只做1层或2层');
  }
  const minThickness = minThicknessForLayers[layers] ?? 0.4;
  if (thicknessMm < minThickness) {
    add('thicknessMm', 'thickness.minForLayers', `${layers}层板板厚须不小于${minThickness}mm`);
  }
  if (material === 'aluminium' && thicknessMm < 1.0) {
    add('thicknessMm', 'thickness.aluminium', '铝基板板厚须不小于1.0mm');
  }
  if (params.outerCopperOz === 2 && thicknessMm <= 0.8) {
    add('outerCopperOz', 'outerCopper.thickness', '外层铜厚2oz需板厚大于0.8mm');
  }
  if (params.outerCopperOz === 2 && params.minTrackMil < 6) {
    add('minTrackMil', 'outerCopper.fineTrack', '外层铜厚2oz的最小线宽线距须不小于6/6mil');
  }
  if (params.maskColor === 'white' && params.silkColor !== 'black') {
    add('silkColor', 'silk.whiteMask', '白色阻焊只能配黑色字符');
  }
  if (params.maskColor !== 'white' && params.silkColor !== 'white') {
    add(
      'silkColor',
      'silk.mustBeWhite',
      `${pcbFields.maskColor.options.find((o) => o.value === params.maskColor)?.label}色阻焊配白色字符`,
    );
  }
  if (layers >= 4 && params.test === 'sample') {
    add('test', 'test.fullFrom4Layers', '4层及以上的板须飞针全测或测试架测试');
  }
  if ((params.finish === 'hasl' || params.finish === 'haslLeadFree') && thicknessMm < 0.6) {
    add('finish', 'finish.haslThin', '板厚小于0.6mm不能喷锡，请选沉金或OSP');
  }
  if (thicknessMm / params.minHoleMm > PCB_LIMITS.maxAspectRatio) {
    add(
      'minHoleMm',
      'hole.aspectRatio',
      `板厚${thicknessMm}mm的最小孔径须不小于${Math.ceil((thicknessMm / PCB_LIMITS.maxAspectRatio) * 100) / 100}mm（厚径比不超过${PCB_LIMITS.maxAspectRatio}:1）`,
    );
  }
  if (params.bevel && !params.goldFingers) {
    add('bevel', 'bevel.needsGoldFingers', '斜边只用于金手指，请先选择金手指');
  }
  if (sheet && issues.length === 0 && params.buildTime !== 'standard') {
    const tier = sheet.pcb.rush[params.buildTime];
    const g = pcbGeometry(params);
    const standard = standardBuildDays(sheet, params.layers, g.areaMm2);
    if (layers > tier.maxLayers || g.areaMm2 > tier.maxAreaMm2 || tier.days >= standard) {
      add(
        'buildTime',
        'buildTime.unavailable',
        tier.days >= standard
          ? `标准交期已是${standard}个工作日，无需加急`
          : `该板不支持${pcbFields.buildTime.options.find((o) => o.value === params.buildTime)?.label}（限${tier.maxLayers}层以内、${tier.maxAreaMm2 / 1e6}m²以内）`,
      );
    }
  }
  return issues;
}
