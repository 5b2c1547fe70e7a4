import { describe, expect, it } from 'vitest';
import type { PriceSheet } from './sheet';
import { checkPriceSheet } from './sheet-check';
import { defaultPriceSheet } from './seed-sheet';

/** A JSON copy of the seed sheet, changed. */
const edited = (change: (s: PriceSheet) => void): PriceSheet => {
  const copy = JSON.parse(JSON.stringify(defaultPriceSheet)) as PriceSheet;
  change(copy);
  return copy;
};

describe('checkPriceSheet', () => {
  it('accepts the seed sheet, as it is and as it comes back from JSON', () => {
    expect(checkPriceSheet(defaultPriceSheet)).toEqual([]);
    expect(checkPriceSheet(edited(() => {}))).toEqual([]);
  });

  it('accepts a new stencil size and a second package', () => {
    const s = edited((s) => {
      s.stencil.framed['600x700'] = 33000;
      s.stencil.grams['600x700'] = 6000;
      s.pcb.packages.push({
        ...s.pcb.packages[0]!,
        code: '5x5',
        name: '5×5cm套餐',
        maxLengthMm: 50,
        maxWidthMm: 50,
      });
    });
    expect(checkPriceSheet(s)).toEqual([]);
  });

  it('refuses what could not price every order, naming where', () => {
    const cases: [(s: PriceSheet) => void, string, string][] = [
      [
        (s) => (s.pcb.engineering[2] = 100.5),
        'pcb.engineering.2',
        '须为不小于0的整数（金额以分计）',
      ],
      [
        (s) => (s.pcb.options.finish.enig1u.fixed = -1),
        'pcb.options.finish.enig1u.fixed',
        '须为不小于0的整数（金额以分计）',
      ],
      [
        (s) => delete (s.pcb.options.thickness as Record<string, unknown>)['1.6'],
        'pcb.options.thickness.1.6',
        '缺少此项',
      ],
      [
        (s) => ((s.shipping.couriers.sf.firstKg as Record<string, unknown>).local = '12'),
        'shipping.couriers.sf.firstKg.local',
        '须为不小于0的整数（金额以分计）',
      ],
      [(s) => (s.name = ' '), 'name', '不能为空'],
      [(s) => (s.pcb.batchBands[2] = []), 'pcb.batchBands.2', '须为非空列表'],
      [
        (s) => (s.pcb.batchBands[2][0]!.fromAreaMm2 = 10),
        'pcb.batchBands.2[0].fromAreaMm2',
        '第一档须从0开始',
      ],
      [
        (s) => (s.pcb.batchBands[4][2]!.fromAreaMm2 = 3_000_000),
        'pcb.batchBands.4[2].fromAreaMm2',
        '面积档须从小到大',
      ],
      [
        (s) => (s.pcb.buildDays[6][3]!.upToAreaMm2 = 90_000_000),
        'pcb.buildDays.6[3].upToAreaMm2',
        '最后一档须不限面积',
      ],
      [
        (s) => (s.pcb.buildDays[6][1]!.upToAreaMm2 = null),
        'pcb.buildDays.6[1].upToAreaMm2',
        '只有最后一档可以不限面积',
      ],
      [
        (s) => (s.pcb.sampleSteps[1].stepAreaMm2 = 0),
        'pcb.sampleSteps.1.stepAreaMm2',
        '每档面积须大于0',
      ],
      [(s) => (s.tax.vatSpecial.den = 0), 'tax.vatSpecial.den', '分母须大于0'],
      [(s) => (s.smt.smdJoint.den = 0), 'smt.smdJoint.den', '分母须大于0'],
      [(s) => (s.cutoffHour = 24), 'cutoffHour', '截单时间须为0到23点'],
      [(s) => (s.version = 0), 'version', '版本号从1开始'],
      [
        (s) => (s.pcb.packages[0]!.layers = [3 as 2]),
        'pcb.packages[0].layers',
        '层数须从1、2、4、6、8、10、12中选',
      ],
      [
        (s) => (s.pcb.packages[0]!.materials = ['paper' as 'aluminium']),
        'pcb.packages[0].materials',
        '板材不在可选范围内',
      ],
      [(s) => (s.pcb.rush.rush24.days = 0), 'pcb.rush.rush24.days', '加急天数须至少1天'],
      [
        (s) => (s.stencil.framed['37x47cm'] = 1),
        'stencil.framed.37x47cm',
        '尺寸须写成长x宽（毫米），如370x470',
      ],
      [(s) => (s.stencil.frameless = {}), 'stencil.frameless', '至少要有一种尺寸'],
      [(s) => (s.stencil.framed['600x700'] = 1), 'stencil.grams.600x700', '缺少该尺寸的重量'],
    ];
    for (const [change, path, message] of cases) {
      expect(checkPriceSheet(edited(change))).toEqual([{ path, message }]);
    }
  });

  it('refuses something that is no sheet at all', () => {
    expect(checkPriceSheet(null)).toEqual([{ path: '', message: '缺少此项' }]);
    expect(checkPriceSheet({ version: 1 }).length).toBeGreaterThan(5);
  });
});
