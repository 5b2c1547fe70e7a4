import { describe, expect, it } from 'vitest';
import { defaultPcbParams, type PcbParams } from './pcb-params';
import { validatePcb } from './pcb-validate';
import { defaultPriceSheet as sheet } from './seed-sheet';

const p = (change: Partial<Record<keyof PcbParams, unknown>>): PcbParams =>
  ({ ...defaultPcbParams, ...change }) as PcbParams;
const four: Partial<PcbParams> = { layers: 4, test: 'flyingProbeFull' };

describe('validatePcb', () => {
  it('accepts the default order and every layer count on a board it can be built on', () => {
    expect(validatePcb(defaultPcbParams, sheet)).toEqual([]);
    for (const layers of [1, 2, 4, 6, 8, 10, 12] as const) {
      expect(validatePcb(p({ layers, test: 'flyingProbeFull', thicknessMm: 1.6 }), sheet)).toEqual(
        [],
      );
    }
  });

  // One row per rule: the change that breaks it, then the one refusal expected.
  const rules: [string, Partial<Record<keyof PcbParams, unknown>>, string, string, string][] = [
    ['unknown option', { finish: 'gold' }, 'finish', 'pcb.invalidOption', '请选择表面处理'],
    ['layers not offered', { layers: 3 }, 'layers', 'pcb.invalidOption', '请选择层数'],
    ['flag not boolean', { impedance: 'yes' }, 'impedance', 'pcb.invalidOption', '请选择阻抗控制'],
    [
      'length not a number',
      { lengthMm: '100' },
      'lengthMm',
      'pcb.size.format',
      '长(mm)须为正数，最多两位小数',
    ],
    [
      'three decimals',
      { widthMm: 50.125 },
      'widthMm',
      'pcb.size.format',
      '宽(mm)须为正数，最多两位小数',
    ],
    ['negative', { widthMm: -1 }, 'widthMm', 'pcb.size.format', '宽(mm)须为正数，最多两位小数'],
    ['too small', { lengthMm: 4.99 }, 'lengthMm', 'pcb.size.min', '长(mm)不能小于5mm'],
    [
      'too large',
      { lengthMm: 600.01 },
      'lengthMm',
      'pcb.size.max',
      '尺寸超出最大加工尺寸600×500mm',
    ],
    [
      'short side too large',
      { lengthMm: 501, widthMm: 501 },
      'lengthMm',
      'pcb.size.max',
      '尺寸超出最大加工尺寸600×500mm',
    ],
    ['quantity 0', { quantity: 0 }, 'quantity', 'pcb.quantity.range', '数量须为1到100000的整数'],
    [
      'quantity fractional',
      { quantity: 1.5 },
      'quantity',
      'pcb.quantity.range',
      '数量须为1到100000的整数',
    ],
    [
      'quantity too many',
      { quantity: 100001 },
      'quantity',
      'pcb.quantity.range',
      '数量须为1到100000的整数',
    ],
    ['designs 0', { designs: 0 }, 'designs', 'pcb.designs.range', '拼版款数须为1到20的整数'],
    ['designs 21', { designs: 21 }, 'designs', 'pcb.designs.range', '拼版款数须为1到20的整数'],
    [
      'panel rows 0',
      { delivery: 'panelByFactory', panelRows: 0, panelColumns: 2 },
      'panelRows',
      'pcb.panel.range',
      '拼版行数须为1到20的整数',
    ],
    [
      'panel of one',
      { delivery: 'panelByFactory', panelRows: 1, panelColumns: 1 },
      'panelColumns',
      'pcb.panel.single',
      '工厂代拼版至少拼2片，单片请选择单片出货',
    ],
    [
      'panel too large',
      { delivery: 'panelByFactory', lengthMm: 200, panelRows: 1, panelColumns: 4 },
      'panelColumns',
      'pcb.size.max',
      '拼版后尺寸800×110mm超出最大加工尺寸600×500mm',
    ],
    [
      'aluminium 4 layers',
      { material: 'aluminium', ...four },
      'layers',
      'pcb.layers.aluminium',
      '铝基板只做1层或2层',
    ],
    [
      '4 layers at 0.4',
      { ...four, thicknessMm: 0.4, finish: 'enig1u' },
      'thicknessMm',
      'pcb.thickness.minForLayers',
      '4层板板厚须不小于0.6mm',
    ],
    [
      '6 layers at 0.6',
      { layers: 6, test: 'flyingProbeFull', thicknessMm: 0.6 },
      'thicknessMm',
      'pcb.thickness.minForLayers',
      '6层板板厚须不小于0.8mm',
    ],
    [
      '12 layers at 1.2',
      { layers: 12, test: 'flyingProbeFull', thicknessMm: 1.2 },
      'thicknessMm',
      'pcb.thickness.minForLayers',
      '12层板板厚须不小于1.6mm',
    ],
    [
      'aluminium at 0.8',
      { material: 'aluminium', layers: 1, thicknessMm: 0.8 },
      'thicknessMm',
      'pcb.thickness.aluminium',
      '铝基板板厚须不小于1.0mm',
    ],
    [
      '2 oz on 0.8 mm',
      { outerCopperOz: 2, thicknessMm: 0.8 },
      'outerCopperOz',
      'pcb.outerCopper.thickness',
      '外层铜厚2oz需板厚大于0.8mm',
    ],
    [
      '2 oz with 5 mil',
      { outerCopperOz: 2, minTrackMil: 5 },
      'minTrackMil',
      'pcb.outerCopper.fineTrack',
      '外层铜厚2oz的最小线宽线距须不小于6/6mil',
    ],
    [
      'white mask, white silk',
      { maskColor: 'white', silkColor: 'white' },
      'silkColor',
      'pcb.silk.whiteMask',
      '白色阻焊只能配黑色字符',
    ],
    [
      'green mask, black silk',
      { silkColor: 'black' },
      'silkColor',
      'pcb.silk.mustBeWhite',
      '绿色阻焊配白色字符',
    ],
    [
      '4 layers sampled',
      { layers: 4 },
      'test',
      'pcb.test.fullFrom4Layers',
      '4层及以上的板须飞针全测或测试架测试',
    ],
    [
      'HASL on 0.4 mm',
      { thicknessMm: 0.4 },
      'finish',
      'pcb.finish.haslThin',
      '板厚小于0.6mm不能喷锡，请选沉金或OSP',
    ],
    [
      '0.15 mm hole in 1.6 mm',
      { minHoleMm: 0.15 },
      'minHoleMm',
      'pcb.hole.aspectRatio',
      '板厚1.6mm的最小孔径须不小于0.16mm（厚径比不超过10:1）',
    ],
    [
      '0.15 mm hole in 2.0 mm',
      { thicknessMm: 2.0, minHoleMm: 0.15 },
      'minHoleMm',
      'pcb.hole.aspectRatio',
      '板厚2mm的最小孔径须不小于0.2mm（厚径比不超过10:1）',
    ],
    [
      'bevel without fingers',
      { bevel: true },
      'bevel',
      'pcb.bevel.needsGoldFingers',
      '斜边只用于金手指，请先选择金手指',
    ],
    [
      '24 h on 4 layers',
      { ...four, buildTime: 'rush24' },
      'buildTime',
      'pcb.buildTime.unavailable',
      '该板不支持加急24小时（限2层以内、1m²以内）',
    ],
    [
      '48 h over 3 m²',
      { lengthMm: 500, widthMm: 400, quantity: 16, buildTime: 'rush48' },
      'buildTime',
      'pcb.buildTime.unavailable',
      '该板不支持加急48小时（限6层以内、3m²以内）',
    ],
    [
      '72 h over 5 m²',
      { layers: 1, lengthMm: 500, widthMm: 400, quantity: 60, buildTime: 'rush72' },
      'buildTime',
      'pcb.buildTime.unavailable',
      '该板不支持加急72小时（限8层以内、5m²以内）',
    ],
  ];

  it.each(rules)('refuses %s', (_name, change, field, code, message) => {
    expect(validatePcb(p(change), sheet)).toEqual([{ field, code, message }]);
  });

  it('lets the limits themselves pass', () => {
    const edges: Partial<PcbParams>[] = [
      { lengthMm: 5, widthMm: 5 },
      { lengthMm: 600, widthMm: 500 },
      { lengthMm: 500, widthMm: 600 },
      { quantity: 100000, lengthMm: 10, widthMm: 10 },
      { designs: 20 },
      { outerCopperOz: 2, thicknessMm: 1.0 },
      { thicknessMm: 0.6 },
      { thicknessMm: 0.4, finish: 'osp' },
      { minHoleMm: 0.2, thicknessMm: 2.0 },
      { maskColor: 'white', silkColor: 'black' },
      { goldFingers: true, bevel: true },
      { ...four, test: 'fixture' },
      { buildTime: 'rush24' },
      { layers: 6, test: 'flyingProbeFull', buildTime: 'rush48' },
      { material: 'aluminium', layers: 2, thicknessMm: 1.0 },
      { delivery: 'panelByFactory', panelRows: 2, panelColumns: 3, lengthMm: 50, widthMm: 40 },
    ];
    for (const change of edges) expect(validatePcb(p(change), sheet)).toEqual([]);
  });

  it('refuses a rush tier no faster than the standard build time', () => {
    const slowRush: typeof sheet = JSON.parse(JSON.stringify(sheet));
    slowRush.pcb.rush.rush72.days = 4;
    expect(validatePcb(p({ buildTime: 'rush72' }), slowRush)).toEqual([
      {
        field: 'buildTime',
        code: 'pcb.buildTime.unavailable',
        message: '标准交期已是4个工作日，无需加急',
      },
    ]);
  });

  it('without a sheet checks everything but rush availability', () => {
    expect(validatePcb(p({ ...four, buildTime: 'rush24' }))).toEqual([]);
  });

  it('reports every broken rule at once, each on its field', () => {
    const issues = validatePcb(
      p({ layers: 4, thicknessMm: 0.4, maskColor: 'white', bevel: true }),
      sheet,
    );
    expect(issues.map((i) => i.code)).toEqual([
      'pcb.thickness.minForLayers',
      'pcb.silk.whiteMask',
      'pcb.test.fullFrom4Layers',
      'pcb.finish.haslThin',
      'pcb.bevel.needsGoldFingers',
    ]);
  });
});
