// The price sheet on screen: its values grouped as staff think of them, with Chinese labels.
// The view and the draft editor read the same groups; only the cells differ.
import {
  buildTimeLabels,
  couriers,
  finishLabels,
  finishes,
  maskColorLabels,
  maskColors,
  materialLabels,
  materials,
  minHoles,
  minTracks,
  pcbLayers,
  testLabels,
  pcbTests,
  thicknesses,
  viaLabels,
  viaTreatments,
  zoneLabels,
  zones,
  type PriceSheet,
} from '@pcb/pricing';
import type { FieldKind, SheetField } from './sheet-values';
import { pathName, type SheetPath } from './sheet-path';

export interface FieldRow {
  key: string;
  label: string;
  /** One per column; null where this row has no such value. */
  fields: (SheetField | null)[];
}

/** A table of values: a row label, then one column per header. */
export interface FieldGroup {
  key: string;
  title: string;
  note?: string;
  rowHeader: string;
  columns: string[];
  rows: FieldRow[];
  /** Many short rows of one value: laid out side by side rather than as a long table. */
  compact?: boolean;
}

export interface SheetTab {
  key: string;
  title: string;
  groups: FieldGroup[];
  /** The part of the sheet the tab shows: a problem under it counts on the tab. */
  prefixes: string[];
}

const f = (path: SheetPath, kind: FieldKind, unit?: string): SheetField => ({ path, kind, unit });
const layerKey = (layers: number) => String(layers);
const layerLabel = (layers: number) => `${layers}层`;

/** Rows of one column each: `[label, field]`. */
const single = (rows: [string, SheetField][]): FieldRow[] =>
  rows.map(([label, field]) => ({ key: label, label, fields: [field] }));

/**
 * The keys of a record keyed by numbers (`'1.6'`), in the order of the parameter's list: the
 * object's own order puts whole numbers (`'1'`, `'2'`) first. Keys not in the list come last.
 */
function inListOrder(record: object, list: readonly number[]): string[] {
  const keys = Object.keys(record);
  const known = list.map(String).filter((key) => keys.includes(key));
  return [...known, ...keys.filter((key) => !known.includes(key))];
}

const surchargeRow = (key: string, label: string, path: SheetPath): FieldRow => ({
  key,
  label,
  fields: [f([...path, 'fixed'], 'money'), f([...path, 'perM2'], 'money')],
});

function pcbTab(sheet: PriceSheet): SheetTab {
  const pcb = sheet.pcb;
  const bandCount = Math.max(...pcbLayers.map((l) => pcb.batchBands[l]?.length ?? 0));
  const dayCount = Math.max(...pcbLayers.map((l) => pcb.buildDays[l]?.length ?? 0));
  const opt = ['pcb', 'options'];
  return {
    key: 'pcb',
    title: 'PCB',
    prefixes: ['pcb'],
    groups: [
      {
        key: 'packages',
        title: '样板套餐',
        note: '板子两边都不超过最大长宽、数量不超过上限时，板费按套餐价收取。',
        rowHeader: '套餐',
        columns: ['名称', '层数', '板材', '最大长', '最大宽', '最多数量', '套餐价', '含工程费'],
        rows: pcb.packages.map((pkg, i) => {
          const at = (key: string) => ['pcb', 'packages', i, key];
          return {
            key: `package-${i}`,
            label: pkg.code,
            fields: [
              f(at('name'), 'text'),
              f(at('layers'), 'layers'),
              f(at('materials'), 'materials'),
              f(at('maxLengthMm'), 'int', 'mm'),
              f(at('maxWidthMm'), 'int', 'mm'),
              f(at('maxQuantity'), 'int', '片'),
              f(at('price'), 'money'),
              f(at('engineeringIncluded'), 'bool'),
            ],
          };
        }),
      },
      {
        key: 'by-layers',
        title: '按层数收费',
        note: '样板按面积每满一档（不足一档按一档）收取每档价格；批量订单不低于批量起步价。',
        rowHeader: '层数',
        columns: ['工程费', '菲林费（每款）', '批量起步价', '样板每档面积', '样板每档价格'],
        rows: pcbLayers.map((layers) => ({
          key: layerKey(layers),
          label: layerLabel(layers),
          fields: [
            f(['pcb', 'engineering', layerKey(layers)], 'money'),
            f(['pcb', 'film', layerKey(layers)], 'money'),
            f(['pcb', 'batchMinimum', layerKey(layers)], 'money'),
            f(['pcb', 'sampleSteps', layerKey(layers), 'stepAreaMm2'], 'area'),
            f(['pcb', 'sampleSteps', layerKey(layers), 'stepPrice'], 'money'),
          ],
        })),
      },
      {
        key: 'batch-bands',
        title: '批量面积档（每平方米单价）',
        note: '订单总面积达到某档起点时，整单按该档单价计。',
        rowHeader: '层数',
        columns: Array.from({ length: bandCount }, (_, i) => [
          `第${i + 1}档起点`,
          `第${i + 1}档单价/m²`,
        ]).flat(),
        rows: pcbLayers.map((layers) => ({
          key: layerKey(layers),
          label: layerLabel(layers),
          fields: Array.from({ length: bandCount }, (_, i) =>
            i < (pcb.batchBands[layers]?.length ?? 0)
              ? [
                  f(['pcb', 'batchBands', layerKey(layers), i, 'fromAreaMm2'], 'area'),
                  f(['pcb', 'batchBands', layerKey(layers), i, 'pricePerM2'], 'money'),
                ]
              : [null, null],
          ).flat(),
        })),
      },
      {
        key: 'sample-panel',
        title: '样板、拼版与板材密度',
        rowHeader: '项目',
        columns: ['值'],
        rows: single([
          ['样板面积上限（低于此面积）', f(['pcb', 'sample', 'areaBelowMm2'], 'area')],
          ['样板数量上限（少于此数量）', f(['pcb', 'sample', 'quantityBelow'], 'int', '片')],
          ['免工程费面积（达到此面积）', f(['pcb', 'engineeringWaivedFromAreaMm2'], 'area')],
          ['拼版费：每多一款', f(['pcb', 'panel', 'perExtraDesign'], 'money')],
          ['工厂代拼版费', f(['pcb', 'panel', 'factoryPanel'], 'money')],
          ['FR-4 密度', f(['pcb', 'densityMgPerCm3', 'fr4'], 'int', 'mg/cm³')],
          ['铝基板密度', f(['pcb', 'densityMgPerCm3', 'aluminium'], 'int', 'mg/cm³')],
        ]),
      },
      {
        key: 'options',
        title: '工艺加价',
        note: '每款固定收取，另按订单面积每平方米收取。',
        rowHeader: '选项',
        columns: ['每款固定', '每平方米'],
        rows: [
          ...materials.map((m) =>
            surchargeRow(`material-${m}`, `板材：${materialLabels[m]}`, [...opt, 'material', m]),
          ),
          ...inListOrder(pcb.options.thickness, thicknesses).map((t) =>
            surchargeRow(`thickness-${t}`, `板厚：${t}mm`, [...opt, 'thickness', t]),
          ),
          surchargeRow('outer-2oz', '外层铜厚 2oz', [...opt, 'outerCopper2oz']),
          surchargeRow('inner-1oz', '内层铜厚 1oz', [...opt, 'innerCopper1oz']),
          ...maskColors.map((c) =>
            surchargeRow(`mask-${c}`, `阻焊：${maskColorLabels[c]}`, [...opt, 'maskColor', c]),
          ),
          ...finishes.map((x) =>
            surchargeRow(`finish-${x}`, `表面处理：${finishLabels[x]}`, [...opt, 'finish', x]),
          ),
          ...viaTreatments.map((v) =>
            surchargeRow(`vias-${v}`, `过孔：${viaLabels[v]}`, [...opt, 'vias', v]),
          ),
          ...inListOrder(pcb.options.minTrack, minTracks).map((t) =>
            surchargeRow(`track-${t}`, `线宽线距：${t}/${t}mil`, [...opt, 'minTrack', t]),
          ),
          ...inListOrder(pcb.options.minHole, minHoles).map((h) =>
            surchargeRow(`hole-${h}`, `最小孔径：${h}mm`, [...opt, 'minHole', h]),
          ),
          surchargeRow('gold-fingers', '金手指', [...opt, 'goldFingers']),
          surchargeRow('bevel', '金手指斜边', [...opt, 'bevel']),
          surchargeRow('impedance', '阻抗控制', [...opt, 'impedance']),
          surchargeRow('castellated', '半孔', [...opt, 'castellated']),
          surchargeRow('edge-plating', '金属包边', [...opt, 'edgePlating']),
          ...pcbTests.map((t) =>
            surchargeRow(`test-${t}`, `测试：${testLabels[t]}`, ['pcb', 'test', t]),
          ),
        ],
      },
      {
        key: 'build-days',
        title: '标准交期（工作日）',
        note: '按订单面积取第一个未超过上限的档；最后一档不限面积。',
        rowHeader: '层数',
        columns: Array.from({ length: dayCount }, (_, i) => [
          `第${i + 1}档面积至`,
          `第${i + 1}档天数`,
        ]).flat(),
        rows: pcbLayers.map((layers) => ({
          key: layerKey(layers),
          label: layerLabel(layers),
          fields: Array.from({ length: dayCount }, (_, i) =>
            i < (pcb.buildDays[layers]?.length ?? 0)
              ? [
                  f(['pcb', 'buildDays', layerKey(layers), i, 'upToAreaMm2'], 'openArea'),
                  f(['pcb', 'buildDays', layerKey(layers), i, 'days'], 'int', '天'),
                ]
              : [null, null],
          ).flat(),
        })),
      },
      {
        key: 'rush',
        title: '加急',
        note: '加急费每单固定收取，另按面积每平方米收取；超过层数或面积的订单不能选该档。',
        rowHeader: '档位',
        columns: ['工作日', '最多层数', '最大面积', '每单固定', '每平方米'],
        rows: (['rush72', 'rush48', 'rush24'] as const).map((tier) => ({
          key: tier,
          label: buildTimeLabels[tier],
          fields: [
            f(['pcb', 'rush', tier, 'days'], 'int', '天'),
            f(['pcb', 'rush', tier, 'maxLayers'], 'int', '层'),
            f(['pcb', 'rush', tier, 'maxAreaMm2'], 'area'),
            f(['pcb', 'rush', tier, 'fee', 'fixed'], 'money'),
            f(['pcb', 'rush', tier, 'fee', 'perM2'], 'money'),
          ],
        })),
      },
    ],
  };
}

const smtTab: SheetTab = {
  key: 'smt',
  title: 'SMT贴片',
  prefixes: ['smt'],
  groups: [
    {
      key: 'smt-rates',
      title: '贴片费率',
      rowHeader: '项目',
      columns: ['值'],
      rows: single([
        ['开机费（每面）', f(['smt', 'setupPerSide'], 'money')],
        ['贴片焊点单价', f(['smt', 'smdJoint'], 'rate', '/点')],
        ['插件焊点单价', f(['smt', 'dipJoint'], 'rate', '/点')],
        ['免费上料种类', f(['smt', 'freeFeeders'], 'int', '种')],
        ['超出后每种物料上料费', f(['smt', 'feederPerPart'], 'money')],
        ['钢网费', f(['smt', 'stencil'], 'money')],
        ['工程费（样品）', f(['smt', 'engineering'], 'money')],
        ['样品数量上限', f(['smt', 'sampleMaxQuantity'], 'int', '片')],
        ['X光检测（每片）', f(['smt', 'options', 'xray'], 'money')],
        ['三防漆（每片）', f(['smt', 'options', 'conformalCoating'], 'money')],
        ['功能测试（每片）', f(['smt', 'options', 'functionTest'], 'money')],
        ['清洗（每片）', f(['smt', 'options', 'cleaning'], 'money')],
        ['标准交期（双面加1天）', f(['smt', 'buildDays'], 'int', '天')],
        ['加急交期', f(['smt', 'rush', 'days'], 'int', '天')],
        ['加急费', f(['smt', 'rush', 'fee'], 'money')],
        ['加急数量上限', f(['smt', 'rush', 'maxQuantity'], 'int', '片')],
        ['每片包裹重量', f(['smt', 'gramsPerBoard'], 'int', 'g')],
      ]),
    },
  ],
};

function stencilTab(sheet: PriceSheet): SheetTab {
  const st = sheet.stencil;
  const sizes = [...new Set([...Object.keys(st.framed), ...Object.keys(st.frameless)])].sort(
    (a, b) => parseInt(a, 10) - parseInt(b, 10),
  );
  const priceField = (type: 'framed' | 'frameless', size: string) =>
    Object.hasOwn(st[type], size) ? f(['stencil', type, size], 'money') : null;
  return {
    key: 'stencil',
    title: '钢网',
    prefixes: ['stencil'],
    groups: [
      {
        key: 'stencil-sizes',
        title: '尺寸与单价（每张）',
        rowHeader: '尺寸',
        columns: ['有框钢网', '无框钢网', '包裹重量'],
        rows: sizes.map((size) => ({
          key: size,
          label: `${size.replace('x', '×')}mm`,
          fields: [
            priceField('framed', size),
            priceField('frameless', size),
            Object.hasOwn(st.grams, size) ? f(['stencil', 'grams', size], 'int', 'g') : null,
          ],
        })),
      },
      {
        key: 'stencil-options',
        title: '钢网加价',
        rowHeader: '项目',
        columns: ['值'],
        rows: single([
          ['厚度大于0.12mm', f(['stencil', 'thickAbove012'], 'money')],
          ['电抛光', f(['stencil', 'electropolish'], 'money')],
          ['Mark点：无', f(['stencil', 'fiducials', 'none'], 'money')],
          ['Mark点：半刻', f(['stencil', 'fiducials', 'halfLasered'], 'money')],
          ['Mark点：通孔', f(['stencil', 'fiducials', 'through'], 'money')],
          ['阶梯钢网', f(['stencil', 'step'], 'money')],
          ['顶层+底层同一张', f(['stencil', 'bothSides'], 'money')],
          ['交期', f(['stencil', 'buildDays'], 'int', '天')],
        ]),
      },
    ],
  };
}

function shippingTab(sheet: PriceSheet): SheetTab {
  return {
    key: 'shipping',
    title: '运费',
    prefixes: ['shipping'],
    groups: [
      {
        key: 'couriers',
        title: '快递价格（首重1kg / 每续重1kg）',
        rowHeader: '快递',
        columns: zones.flatMap((z) => [`${zoneLabels[z]} 首重`, `${zoneLabels[z]} 续重`]),
        rows: couriers.map((c) => ({
          key: c,
          label: sheet.shipping.couriers[c]?.name ?? c,
          fields: zones.flatMap((z) => [
            f(['shipping', 'couriers', c, 'firstKg', z], 'money'),
            f(['shipping', 'couriers', c, 'extraKg', z], 'money'),
          ]),
        })),
      },
      {
        key: 'zones',
        title: '省份所属运费区域',
        rowHeader: '省份',
        columns: ['区域'],
        compact: true,
        rows: Object.keys(sheet.shipping.zones).map((province) => ({
          key: province,
          label: province,
          fields: [f(['shipping', 'zones', province], 'zone')],
        })),
      },
      {
        key: 'packaging',
        title: '包装',
        rowHeader: '项目',
        columns: ['值'],
        rows: single([['包装重量', f(['shipping', 'packagingGrams'], 'int', 'g')]]),
      },
    ],
  };
}

const generalTab: SheetTab = {
  key: 'general',
  title: '税费与截单',
  prefixes: ['name', 'tax', 'cutoffHour', 'version'],
  groups: [
    {
      key: 'general',
      title: '名称、税率与截单时间',
      rowHeader: '项目',
      columns: ['值'],
      rows: single([
        ['价格表名称', f(['name'], 'text')],
        ['普通发票税率', f(['tax', 'vatPlain'], 'percent')],
        ['增值税专用发票税率', f(['tax', 'vatSpecial'], 'percent')],
        ['每日截单时间（北京时间，之后下单从下一工作日算起）', f(['cutoffHour'], 'int', '点')],
      ]),
    },
  ],
};

/** The tabs of a sheet, built from its own lists (packages, sizes, bands). */
export function sheetTabs(sheet: PriceSheet): SheetTab[] {
  return [pcbTab(sheet), smtTab, stencilTab(sheet), shippingTab(sheet), generalTab];
}

export const zoneOptions = zones.map((z) => ({ value: z, label: zoneLabels[z] }));
export const layerOptions = pcbLayers.map((l) => ({ value: l, label: layerLabel(l) }));
export const materialOptions = materials.map((m) => ({ value: m, label: materialLabels[m] }));

/** The paths of every value the tabs show (`pcb.engineering.2`). */
export function fieldPaths(tabs: SheetTab[]): Set<string> {
  return new Set(
    tabs.flatMap((tab) =>
      tab.groups.flatMap((group) =>
        group.rows.flatMap((row) =>
          row.fields.flatMap((field) => (field ? [pathName(field.path)] : [])),
        ),
      ),
    ),
  );
}
