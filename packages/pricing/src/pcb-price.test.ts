import { describe, expect, it } from 'vitest';
import { defaultPcbParams, type PcbParams } from './pcb-params';
import { pricePcb } from './pcb-price';
import { InvalidParamsError, type Quote, type QuoteOptions } from './quote';
import { defaultPriceSheet as sheet } from './seed-sheet';

const p = (change: Partial<PcbParams> = {}): PcbParams => ({ ...defaultPcbParams, ...change });
const quote = (change: Partial<PcbParams> = {}, options: QuoteOptions = {}) =>
  pricePcb(sheet, p(change), options);
/** code → amount of every line. */
const amounts = (q: Quote) => Object.fromEntries(q.lines.map((l) => [l.code, l.amount]));
const line = (q: Quote, code: string) => q.lines.find((l) => l.code === code);
/** The issues an `InvalidParamsError` carries (fails when nothing is thrown). */
function issuesOf(price: () => unknown) {
  try {
    price();
  } catch (e) {
    if (e instanceof InvalidParamsError) return e.issues;
    throw e;
  }
  throw new Error('priced without refusing');
}
/** 200 × 100 mm × 10 = 0.2 m²: a 2-layer sample of exactly one step. */
const sample = { lengthMm: 200, widthMm: 100 } as const;

describe('pricePcb: the 10 × 10 cm package', () => {
  it('prices the default order as the package, engineering included', () => {
    const q = quote();
    expect(q.total).toBe(2000);
    expect(q.regime).toBe('package:10x10');
    expect(q.lines).toEqual([
      { code: 'engineering', name: '工程费', amount: 0, reason: '10×10cm样板套餐已含工程费' },
      {
        code: 'board',
        name: '板费',
        amount: 2000,
        reason: '10×10cm样板套餐：1/2层、不超过100×100mm、10片以内，套餐价¥20.00',
      },
      { code: 'test', name: '测试费', amount: 0, reason: '抽测，不收费' },
    ]);
    expect(q.buildDays).toBe(4);
    expect(q.sheetVersion).toBe(1);
    expect(q.weightGrams).toBe(604);
    expect(q.warnings).toEqual(['未选收货地址，运费下单时按地址计算']);
  });

  it('fits either orientation, 1 or 2 layers, up to 10 pieces', () => {
    expect(quote({ lengthMm: 80, widthMm: 100 }).regime).toBe('package:10x10');
    expect(quote({ lengthMm: 100, widthMm: 80, layers: 1 }).total).toBe(2000);
    expect(quote({ quantity: 1 }).total).toBe(2000);
  });

  it('falls out by 0.01 mm, an 11th piece, a second design, 4 layers or another material', () => {
    expect(amounts(quote({ lengthMm: 100.01 }))).toEqual({
      engineering: 10000,
      board: 33000,
      test: 0,
    });
    expect(quote({ lengthMm: 100.01 }).regime).toBe('sample');
    expect(quote({ quantity: 11 }).total).toBe(43000);
    expect(amounts(quote({ designs: 2 }))).toEqual({
      engineering: 20000,
      board: 33000,
      panel: 5000,
      test: 0,
    });
    expect(amounts(quote({ layers: 4, test: 'flyingProbeFull' }))).toEqual({
      engineering: 30000,
      board: 66000,
      test: 6500,
    });
    expect(quote({ material: 'fr4-tg150' }).regime).toBe('sample');
  });

  it('counts a factory panel as the piece', () => {
    const q = quote({
      delivery: 'panelByFactory',
      lengthMm: 40,
      widthMm: 40,
      panelRows: 2,
      panelColumns: 2,
    });
    expect(q.regime).toBe('package:10x10'); // 80 × 90 mm with the rails
    expect(amounts(q)).toEqual({ engineering: 0, board: 2000, panel: 2000, test: 0 });
    expect(line(q, 'panel')?.reason).toBe('工厂代拼版（2×2，加5mm工艺边）¥20.00');
  });
});

describe('pricePcb: samples by area step', () => {
  it('charges one step up to 0.2 m² and two just past it', () => {
    const one = quote(sample);
    expect(amounts(one)).toEqual({ engineering: 10000, board: 33000, test: 0 });
    expect(line(one, 'board')?.reason).toBe('样板总面积0.2 m²，每0.2 m²一档，计1档 × ¥330.00');
    expect(line(one, 'engineering')?.reason).toBe('2层板每款设计¥100.00');
    const two = quote({ ...sample, lengthMm: 200.01 });
    expect(line(two, 'board')?.amount).toBe(66000);
  });

  it('stays a sample below 1 m² and 100 pieces', () => {
    expect(quote({ lengthMm: 500, widthMm: 200, quantity: 9 })).toMatchObject({
      total: 175000,
      regime: 'sample',
    });
    expect(quote({ lengthMm: 10, widthMm: 10, quantity: 99 })).toMatchObject({
      total: 43000,
      regime: 'sample',
    });
  });

  it('prices extra designs and a factory panel in 拼版费', () => {
    const q = quote({
      ...sample,
      designs: 3,
      delivery: 'panelByFactory',
      lengthMm: 50,
      widthMm: 40,
      panelRows: 2,
      panelColumns: 3,
    });
    expect(line(q, 'panel')).toEqual({
      code: 'panel',
      name: '拼版费',
      amount: 12000,
      reason: '文件含3款设计，多出2款 × ¥50.00；工厂代拼版（2×3，加5mm工艺边）¥20.00',
    });
    expect(line(q, 'engineering')?.amount).toBe(30000);
  });
});

describe('pricePcb: batch bands', () => {
  it('turns batch at 1 m² and at 100 pieces, with film and a minimum', () => {
    const m2 = quote({ lengthMm: 500, widthMm: 200, quantity: 10 });
    expect(m2.regime).toBe('batch:0');
    expect(amounts(m2)).toEqual({ engineering: 10000, board: 50000, film: 10000, test: 0 });
    expect(line(m2, 'board')?.reason).toBe('批量总面积1 m²（0 m²–3 m²档）× ¥500.00/m²');
    expect(line(m2, 'film')?.reason).toBe('批量订单出菲林，2层每款¥100.00');
    const hundred = quote({ lengthMm: 10, widthMm: 10, quantity: 100 });
    expect(amounts(hundred)).toEqual({ engineering: 10000, board: 40000, film: 10000, test: 0 });
    expect(line(hundred, 'board')?.reason).toBe(
      '批量总面积0.01 m² × ¥500.00/m² = ¥5.00，低于2层最低收费，按¥400.00计',
    );
  });

  it('lowers the rate per m² at 3, 10 and 50 m² (the price may drop at a band edge)', () => {
    expect(quote({ lengthMm: 500, widthMm: 300, quantity: 19 })).toMatchObject({
      total: 162500,
      regime: 'batch:0',
    });
    expect(quote({ lengthMm: 500, widthMm: 300, quantity: 20 })).toMatchObject({
      total: 155000,
      regime: 'batch:1',
    });
    const ten = quote({ lengthMm: 500, widthMm: 500, quantity: 40 });
    expect(amounts(ten)).toEqual({ engineering: 0, board: 400000, film: 10000, test: 0 });
    expect(line(ten, 'board')?.reason).toBe('批量总面积10 m²（10 m²–50 m²档）× ¥400.00/m²');
    const fifty = quote({ lengthMm: 500, widthMm: 500, quantity: 200 });
    expect(line(fifty, 'board')).toMatchObject({
      amount: 1900000,
      reason: '批量总面积50 m²（50 m²以上档）× ¥380.00/m²',
    });
  });

  it('waives engineering from 5 m² and for an unchanged repeat order', () => {
    const five = quote({ lengthMm: 500, widthMm: 500, quantity: 20 });
    expect(five.regime).toBe('batch:1+noEngineering');
    expect(line(five, 'engineering')).toEqual({
      code: 'engineering',
      name: '工程费',
      amount: 0,
      reason: '总面积5 m²，满5 m²免工程费',
    });
    expect(five.total).toBe(235000);
    const repeat = quote(sample, { repeatOrder: true });
    expect(line(repeat, 'engineering')).toMatchObject({
      amount: 0,
      reason: '返单且文件未改动，免工程费',
    });
    expect(repeat.total).toBe(33000);
  });

  it('uses exact integer arithmetic on the largest order', () => {
    const q = quote({ lengthMm: 600, widthMm: 500, quantity: 100000, test: 'flyingProbeFull' });
    expect(line(q, 'board')?.amount).toBe(30000 * 38000);
    expect(line(q, 'test')?.amount).toBe(5000 + 30000 * 15000);
  });
});

describe('pricePcb: option surcharges, one line each with its reason', () => {
  const cases: [Partial<PcbParams>, string, string, number, string][] = [
    [
      { material: 'fr4-tg150' },
      'option.material',
      '板材加价',
      600,
      'FR-4 TG150：0.2 m² × ¥30.00/m²',
    ],
    [
      { material: 'fr4-tg170' },
      'option.material',
      '板材加价',
      1200,
      'FR-4 TG170：0.2 m² × ¥60.00/m²',
    ],
    [
      { material: 'aluminium', layers: 1 },
      'option.material',
      '板材加价',
      9000,
      '铝基板：每款¥50.00 + 0.2 m² × ¥200.00/m²',
    ],
    [
      { thicknessMm: 0.4, finish: 'osp' },
      'option.thickness',
      '板厚加价',
      4000,
      '板厚0.4mm：每款¥30.00 + 0.2 m² × ¥50.00/m²',
    ],
    [
      { thicknessMm: 0.6 },
      'option.thickness',
      '板厚加价',
      2600,
      '板厚0.6mm：每款¥20.00 + 0.2 m² × ¥30.00/m²',
    ],
    [
      { thicknessMm: 2.0 },
      'option.thickness',
      '板厚加价',
      4600,
      '板厚2mm：每款¥30.00 + 0.2 m² × ¥80.00/m²',
    ],
    [
      { outerCopperOz: 2 },
      'option.outerCopper',
      '外层铜厚',
      10000,
      '外层铜厚2oz：每款¥50.00 + 0.2 m² × ¥250.00/m²',
    ],
    [
      { layers: 4, test: 'flyingProbeFull', innerCopperOz: 1 },
      'option.innerCopper',
      '内层铜厚',
      9000,
      '内层铜厚1oz：每款¥50.00 + 0.2 m² × ¥200.00/m²',
    ],
    [{ maskColor: 'red' }, 'option.maskColor', '阻焊颜色', 2000, '红色阻焊：每款¥20.00'],
    [
      { maskColor: 'matteBlack' },
      'option.maskColor',
      '阻焊颜色',
      5600,
      '哑黑色阻焊：每款¥50.00 + 0.2 m² × ¥30.00/m²',
    ],
    [
      { finish: 'haslLeadFree' },
      'option.finish',
      '表面处理',
      3000,
      '无铅喷锡：每款¥20.00 + 0.2 m² × ¥50.00/m²',
    ],
    [
      { finish: 'enig1u' },
      'option.finish',
      '表面处理',
      14000,
      '沉金1U：每款¥100.00 + 0.2 m² × ¥200.00/m²',
    ],
    [
      { finish: 'enig2u' },
      'option.finish',
      '表面处理',
      21000,
      '沉金2U：每款¥150.00 + 0.2 m² × ¥300.00/m²',
    ],
    [
      { finish: 'immersionSilver' },
      'option.finish',
      '表面处理',
      11000,
      '沉银：每款¥80.00 + 0.2 m² × ¥150.00/m²',
    ],
    [
      { finish: 'immersionTin' },
      'option.finish',
      '表面处理',
      11000,
      '沉锡：每款¥80.00 + 0.2 m² × ¥150.00/m²',
    ],
    [
      { vias: 'plugged' },
      'option.vias',
      '过孔处理',
      19000,
      '树脂塞孔：每款¥150.00 + 0.2 m² × ¥200.00/m²',
    ],
    [
      { minTrackMil: 5 },
      'option.minTrack',
      '精细线路',
      2600,
      '线宽线距5/5mil：每款¥20.00 + 0.2 m² × ¥30.00/m²',
    ],
    [
      { minTrackMil: 4 },
      'option.minTrack',
      '精细线路',
      6200,
      '线宽线距4/4mil：每款¥50.00 + 0.2 m² × ¥60.00/m²',
    ],
    [
      { minTrackMil: 3.5 },
      'option.minTrack',
      '精细线路',
      12000,
      '线宽线距3.5/3.5mil：每款¥100.00 + 0.2 m² × ¥100.00/m²',
    ],
    [
      { minHoleMm: 0.25 },
      'option.minHole',
      '小孔加价',
      2400,
      '最小孔径0.25mm：每款¥20.00 + 0.2 m² × ¥20.00/m²',
    ],
    [
      { minHoleMm: 0.2 },
      'option.minHole',
      '小孔加价',
      6000,
      '最小孔径0.2mm：每款¥50.00 + 0.2 m² × ¥50.00/m²',
    ],
    [
      { minHoleMm: 0.15, thicknessMm: 1.2 },
      'option.minHole',
      '小孔加价',
      12000,
      '最小孔径0.15mm：每款¥100.00 + 0.2 m² × ¥100.00/m²',
    ],
    [
      { goldFingers: true },
      'option.goldFingers',
      '金手指',
      12000,
      '金手指：每款¥80.00 + 0.2 m² × ¥200.00/m²',
    ],
    [{ goldFingers: true, bevel: true }, 'option.bevel', '斜边', 3000, '金手指斜边：每款¥30.00'],
    [
      { impedance: true },
      'option.impedance',
      '阻抗控制',
      6000,
      '阻抗控制：每款¥50.00 + 0.2 m² × ¥50.00/m²',
    ],
    [
      { castellated: true },
      'option.castellated',
      '半孔',
      10000,
      '半孔工艺：每款¥80.00 + 0.2 m² × ¥100.00/m²',
    ],
    [
      { edgePlating: true },
      'option.edgePlating',
      '金属包边',
      13000,
      '金属包边：每款¥100.00 + 0.2 m² × ¥150.00/m²',
    ],
  ];
  it.each(cases)('%o → %s', (change, code, name, amount, reason) => {
    const q = quote({ ...sample, ...change });
    expect(line(q, code)).toEqual({ code, name, amount, reason });
  });

  it('charges the per-design part once per design', () => {
    const q = quote({ ...sample, designs: 2, finish: 'enig1u' });
    expect(line(q, 'option.finish')).toMatchObject({
      amount: 24000,
      reason: '沉金1U：每款¥100.00 × 2款 + 0.2 m² × ¥200.00/m²',
    });
  });

  it('adds no line for free choices and ignores inner copper below 4 layers', () => {
    const q = quote({
      ...sample,
      innerCopperOz: 1,
      vias: 'opened',
      finish: 'osp',
      thicknessMm: 1.0,
    });
    expect(q.lines.map((l) => l.code)).toEqual(['engineering', 'board', 'test']);
  });
});

describe('pricePcb: test, rush, shipping, tax', () => {
  it('charges full flying probe and fixtures by design and area', () => {
    expect(line(quote({ ...sample, test: 'flyingProbeFull' }), 'test')).toMatchObject({
      amount: 8000,
      reason: '飞针全测：每款¥50.00 + 0.2 m² × ¥150.00/m²',
    });
    const four = quote({ ...sample, layers: 4, test: 'flyingProbeFull' });
    expect(line(four, 'test')?.reason).toBe(
      '飞针全测（4层及以上必须全测）：每款¥50.00 + 0.2 m² × ¥150.00/m²',
    );
    const fixture = quote({ ...sample, test: 'fixture' });
    expect(line(fixture, 'test')?.amount).toBe(80400);
    expect(fixture.warnings).toContain('样板数量少，测试架费用较高，飞针全测更划算');
  });

  it('prices each rush tier against the standard days', () => {
    const standard = quote(sample);
    expect(standard.buildDays).toBe(4);
    const r72 = quote({ ...sample, buildTime: 'rush72' });
    expect(line(r72, 'rush')).toEqual({
      code: 'rush',
      name: '加急费',
      amount: 7000,
      reason: '加急72小时：比标准4个工作日快1天，¥50.00 + 0.2 m² × ¥100.00/m²',
    });
    expect(r72.buildDays).toBe(3);
    expect(quote({ ...sample, buildTime: 'rush48' })).toMatchObject({
      buildDays: 2,
      total: 43000 + 24000,
    });
    expect(quote({ ...sample, buildTime: 'rush24' })).toMatchObject({
      buildDays: 1,
      total: 43000 + 58000,
    });
  });

  it('takes standard days from layers and area', () => {
    expect(quote({ lengthMm: 500, widthMm: 300, quantity: 20 }).buildDays).toBe(6);
    expect(quote({ lengthMm: 500, widthMm: 400, quantity: 60 }).buildDays).toBe(8);
    expect(quote({ lengthMm: 500, widthMm: 500, quantity: 100 }).buildDays).toBe(12);
    expect(quote({ ...sample, layers: 4, test: 'flyingProbeFull' }).buildDays).toBe(5);
  });

  it('ships by weight and province zone', () => {
    const remote = quote(sample, { shipping: { province: '新疆维吾尔自治区', courier: 'sf' } });
    expect(remote.weightGrams).toBe(908);
    expect(line(remote, 'shipping')).toEqual({
      code: 'shipping',
      name: '运费',
      amount: 2800,
      reason: '顺丰寄新疆（偏远地区）：约0.91kg，按1kg计，首重¥28.00',
    });
    expect(remote.warnings).toEqual([]);
    const heavy = { lengthMm: 500, widthMm: 500, quantity: 20 };
    expect(quote(heavy).weightGrams).toBe(15500);
    expect(
      line(quote(heavy, { shipping: { province: '江苏', courier: 'sf' } }), 'shipping'),
    ).toMatchObject({
      amount: 2200 + 15 * 800,
      reason: '顺丰寄江苏（中部及华东华北）：约15.50kg，按16kg计，首重¥22.00 + 续重15kg × ¥8.00',
    });
    expect(
      line(quote(heavy, { shipping: { province: '广东省', courier: 'deppon' } }), 'shipping')
        ?.amount,
    ).toBe(4000);
    expect(quote({ ...sample, material: 'aluminium', layers: 1 }).weightGrams).toBe(300 + 864);
  });

  it('refuses a destination outside the mainland or an unknown courier', () => {
    expect(() => quote(sample, { shipping: { province: '香港', courier: 'sf' } })).toThrow(
      InvalidParamsError,
    );
    expect(
      issuesOf(() => quote(sample, { shipping: { province: '香港', courier: 'sf' } })),
    ).toEqual([
      { field: 'province', code: 'shipping.province', message: '请选择中国大陆的收货省份' },
    ]);
    for (const courier of ['ups', 'constructor']) {
      expect(
        issuesOf(() => quote(sample, { shipping: { province: '广东', courier: courier as 'sf' } })),
      ).toEqual([{ field: 'courier', code: 'shipping.courier', message: '请选择快递公司' }]);
    }
    expect(issuesOf(() => quote(sample, { invoice: 'constructor' as 'none' }))).toEqual([
      { field: 'invoice', code: 'invoice.kind', message: '请选择发票类型' },
    ]);
  });

  it('adds 税费 on everything before it for a VAT invoice', () => {
    const plain = quote(sample, {
      invoice: 'vatPlain',
      shipping: { province: '广东', courier: 'zto' },
    });
    expect(line(plain, 'tax')).toEqual({
      code: 'tax',
      name: '税费',
      amount: 2616,
      reason: '开增值税普通发票，按¥436.00 × 税点6%',
    });
    expect(plain.total).toBe(43600 + 2616);
    expect(line(quote(sample, { invoice: 'vatSpecial' }), 'tax')?.amount).toBe(5590);
    expect(line(quote(sample, { invoice: 'none' }), 'tax')).toBeUndefined();
  });

  it('refuses invalid parameters with the validator’s issues', () => {
    expect(issuesOf(() => quote({ layers: 4 }))).toEqual([
      {
        field: 'test',
        code: 'pcb.test.fullFrom4Layers',
        message: '4层及以上的板须飞针全测或测试架测试',
      },
    ]);
  });

  it('says when the order waits for the production file', () => {
    expect(quote({ confirmProductionFile: true }).warnings).toContain(
      '需确认生产稿：交期从您确认生产稿后起算',
    );
  });
});

describe('pricePcb: the promised date', () => {
  it('is given when a calendar and an order time are', async () => {
    const { createWorkCalendar } = await import('./calendar');
    const calendar = createWorkCalendar({
      fromYear: 2026,
      toYear: 2026,
      holidays: [],
      makeUpWorkdays: [],
    });
    const q = quote({}, { calendar, orderedAt: Date.parse('2026-12-30T10:00:00+08:00') });
    expect(q.shipDate).toBe('2027-01-05');
    expect(q.warnings).toContain(
      '2027年的法定节假日尚未公布，交期只按周末计算，节假日公布后可能顺延',
    );
    expect(quote().shipDate).toBeUndefined();
  });
});

describe('pricePcb: no more than an order holds (decision 0033)', () => {
  const tooLarge = {
    field: 'quantity',
    code: 'quote.tooLarge',
    message: '报价超过单笔订单上限¥21,474,836.47，请减少数量分批下单，或联系业务员',
  };

  it('refuses the largest 12-layer order of the seed sheet (30 000 m², ¥87 million)', () => {
    const largest = { layers: 12, lengthMm: 600, widthMm: 500, quantity: 100_000 } as const;
    expect(
      issuesOf(() => quote({ ...largest, thicknessMm: 1.6, test: 'flyingProbeFull' })),
    ).toEqual([tooLarge]);
    // A tenth of it fits: ¥8.7 million.
    const tenth = quote({
      ...largest,
      quantity: 10_000,
      thicknessMm: 1.6,
      test: 'flyingProbeFull',
    });
    expect(tenth.total).toBeLessThanOrEqual(2_147_483_647);
  });

  it('refuses a price from a sheet saved before the bounds, rather than answer an unsafe number', () => {
    const legacy = JSON.parse(JSON.stringify(sheet)) as typeof sheet;
    legacy.pcb.packages[0]!.price = Number.MAX_SAFE_INTEGER;
    expect(issuesOf(() => pricePcb(legacy, p()))).toEqual([tooLarge]);
  });
});
