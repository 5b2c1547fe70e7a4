import { describe, expect, it } from 'vitest';
import type { PriceSheet } from './sheet';
import { checkPriceSheet, checkSheetForEngine } from './sheet-check';
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

describe('checkPriceSheet: every number within what a factory could mean (decision 0033)', () => {
  it('refuses a price of 9,007,199,254,740,991 fen, naming where', () => {
    const s = edited((s) => (s.pcb.packages[0]!.price = Number.MAX_SAFE_INTEGER));
    expect(checkPriceSheet(s)).toEqual([
      {
        path: 'pcb.packages[0].price',
        message: '须在¥0.01到¥100,000.00之间（基础价格不能为0）',
      },
    ]);
    // The engine could still run with it (a sheet saved before the bounds): it refuses the quote.
    expect(checkSheetForEngine(s)).toEqual([]);
  });

  it('refuses every amount above ¥100,000, and other numbers past their range', () => {
    const cases: [(s: PriceSheet) => void, string, string][] = [
      [
        (s) => (s.pcb.engineering[2] = 10_000_001),
        'pcb.engineering.2',
        '须在¥0.00到¥100,000.00之间',
      ],
      [
        (s) => (s.pcb.options.finish.enig1u.perM2 = 1e15),
        'pcb.options.finish.enig1u.perM2',
        '须在¥0.00到¥100,000.00之间',
      ],
      [
        (s) => (s.shipping.couriers.sf.extraKg.remote = 2 ** 40),
        'shipping.couriers.sf.extraKg.remote',
        '须在¥0.00到¥100,000.00之间',
      ],
      [(s) => (s.smt.options.xray = 10_000_001), 'smt.options.xray', '须在¥0.00到¥100,000.00之间'],
      [
        (s) => (s.stencil.grams['370x470'] = 20_001),
        'stencil.grams.370x470',
        '须在0克到20000克之间',
      ],
      [
        (s) => (s.pcb.densityMgPerCm3.fr4 = 0),
        'pcb.densityMgPerCm3.fr4',
        '须在1mg/cm³到10000mg/cm³之间',
      ],
      [
        (s) => (s.pcb.buildDays[2][0]!.days = 91),
        'pcb.buildDays.2[0].days',
        '须在1个工作日到90个工作日之间',
      ],
      [(s) => (s.pcb.rush.rush72.maxLayers = 14), 'pcb.rush.rush72.maxLayers', '须在1层到12层之间'],
      [
        (s) => (s.pcb.engineeringWaivedFromAreaMm2 = 1e12),
        'pcb.engineeringWaivedFromAreaMm2',
        '须在0 m²到100000 m²之间',
      ],
      [
        (s) => (s.pcb.packages[0]!.maxLengthMm = 5000),
        'pcb.packages[0].maxLengthMm',
        '须在1mm到1000mm之间',
      ],
      [(s) => (s.tax.vatSpecial.num = 101), 'tax.vatSpecial.num', '税率不能超过100%'],
      [
        (s) => (s.smt.dipJoint = { num: 10_001, den: 1 }),
        'smt.dipJoint.num',
        '每个焊点不能超过¥100.00',
      ],
    ];
    for (const [change, path, message] of cases) {
      expect(checkPriceSheet(edited(change))).toEqual([{ path, message }]);
    }
  });

  it('keeps base prices above 0; surcharges, fees and shipping may be 0', () => {
    const base = '须在¥0.01到¥100,000.00之间（基础价格不能为0）';
    const zero: [(s: PriceSheet) => void, string][] = [
      [(s) => (s.pcb.packages[0]!.price = 0), 'pcb.packages[0].price'],
      [(s) => (s.pcb.sampleSteps[2].stepPrice = 0), 'pcb.sampleSteps.2.stepPrice'],
      [(s) => (s.pcb.batchBands[2][3]!.pricePerM2 = 0), 'pcb.batchBands.2[3].pricePerM2'],
      [(s) => (s.smt.setupPerSide = 0), 'smt.setupPerSide'],
      [(s) => (s.smt.smdJoint.num = 0), 'smt.smdJoint.num'],
      [(s) => (s.stencil.frameless['280x380'] = 0), 'stencil.frameless.280x380'],
    ];
    for (const [change, path] of zero) {
      expect(checkPriceSheet(edited(change)), path).toEqual([
        { path, message: path.endsWith('num') ? '须在1到1000000之间' : base },
      ]);
    }
    const free = edited((s) => {
      s.pcb.engineering[2] = 0;
      s.pcb.batchMinimum[2] = 0;
      s.pcb.film[2] = 0;
      s.pcb.options.finish.enig1u = { fixed: 0, perM2: 0 };
      s.pcb.test.flyingProbeFull = { fixed: 0, perM2: 0 };
      s.pcb.rush.rush24.fee = { fixed: 0, perM2: 0 };
      s.smt.engineering = 0;
      s.stencil.electropolish = 0;
      s.shipping.couriers.sf.firstKg.local = 0;
      s.tax.vatPlain.num = 0;
    });
    expect(checkPriceSheet(free)).toEqual([]);
  });

  it('names each problem of a sheet whose every amount is 0', () => {
    const allZero = edited((s) => {
      const zero = (o: Record<string, unknown>) => {
        for (const [k, v] of Object.entries(o)) {
          if (
            typeof v === 'number' &&
            !/Mm2?$|days|Days|Layers|Quantity|Below|Feeders|den|version|cutoff|density/.test(k)
          )
            o[k] = 0;
          else if (typeof v === 'object' && v !== null && k !== 'layers')
            zero(v as Record<string, unknown>);
        }
      };
      zero(s as unknown as Record<string, unknown>);
    });
    const paths = checkPriceSheet(allZero).map((p) => p.path);
    expect(paths).toContain('pcb.packages[0].price');
    expect(paths).toContain('pcb.batchBands.2[0].pricePerM2');
    expect(paths).toContain('smt.setupPerSide');
    expect(paths).toContain('stencil.framed.370x470');
    expect(paths).not.toContain('pcb.engineering.2');
  });
});
