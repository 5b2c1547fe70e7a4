import { describe, expect, it } from 'vitest';
import { createWorkCalendar } from './calendar';
import { comparePcbBuildTimes, findPcbCliffs } from './pcb-advice';
import { defaultPcbParams, type PcbParams } from './pcb-params';
import { defaultPriceSheet as sheet } from './seed-sheet';

const p = (change: Partial<PcbParams> = {}): PcbParams => ({ ...defaultPcbParams, ...change });
const cliffs = (change: Partial<PcbParams>) =>
  findPcbCliffs(sheet, p(change)).map(({ kind, message, total, saving, params }) => ({
    kind,
    message,
    total,
    saving,
    size: `${params.lengthMm}×${params.widthMm}×${params.quantity}`,
  }));

describe('findPcbCliffs', () => {
  it('finds the 100.3 mm board that fell out of the 10 × 10 cm package', () => {
    expect(cliffs({ lengthMm: 100.3 })).toEqual([
      {
        kind: 'size',
        message: '100.3×100mm超出「10×10cm样板套餐」（不超过100×100mm），改为100×100mm可省¥410.00',
        total: 2000,
        saving: 41000,
        size: '100×100×10',
      },
    ]);
  });

  it('finds the 11th and 12th pieces that left the package', () => {
    expect(cliffs({ quantity: 12 })).toEqual([
      {
        kind: 'fewer',
        message: '12片超出「10×10cm样板套餐」的10片，改为10片可省¥410.00',
        total: 2000,
        saving: 41000,
        size: '100×100×10',
      },
    ]);
  });

  it('finds an area just past a sample step, by size and by quantity', () => {
    expect(cliffs({ lengthMm: 200.5, widthMm: 100 })).toEqual([
      {
        kind: 'size',
        message: '总面积0.2005 m²刚过0.2 m²一档，长改为200mm可省¥330.00',
        total: 43000,
        saving: 33000,
        size: '200×100×10',
      },
      {
        kind: 'fewer',
        message: '总面积刚过0.2 m²一档，10片改为9片可省¥330.00',
        total: 43000,
        saving: 33000,
        size: '200.5×100×9',
      },
    ]);
  });

  it('finds the larger quantity that costs less (sample → batch, a lower band)', () => {
    expect(cliffs({ lengthMm: 150, widthMm: 100, quantity: 60 })).toEqual([
      {
        kind: 'more',
        message: '多订到67片（¥702.50）比现在60片（¥1,750.00）还便宜¥1,047.50',
        total: 70250,
        saving: 104750,
        size: '150×100×67',
      },
      {
        kind: 'fewer',
        message: '总面积刚过0.8 m²一档，60片改为53片可省¥330.00',
        total: 142000,
        saving: 33000,
        size: '150×100×53',
      },
    ]);
    expect(cliffs({ lengthMm: 500, widthMm: 300, quantity: 19 })).toEqual([
      {
        kind: 'more',
        message: '多订到20片（¥1,550.00）比现在19片（¥1,625.00）还便宜¥75.00',
        total: 155000,
        saving: 7500,
        size: '500×300×20',
      },
    ]);
  });

  it('finds nothing where there is no cliff', () => {
    expect(cliffs({})).toEqual([]);
    expect(cliffs({ lengthMm: 150, widthMm: 100, quantity: 10 })).toEqual([]);
    expect(cliffs({ lengthMm: 500, widthMm: 300, quantity: 20 })).toEqual([]);
  });

  it('only suggests trims within 5 mm', () => {
    expect(cliffs({ lengthMm: 105.01 })).toEqual([]);
    expect(cliffs({ lengthMm: 105 })[0]?.saving).toBe(41000);
  });
});

describe('comparePcbBuildTimes', () => {
  const calendar = createWorkCalendar({
    fromYear: 2026,
    toYear: 2026,
    holidays: [],
    makeUpWorkdays: [],
  });
  const orderedAt = Date.parse('2026-11-23T10:00:00+08:00'); // a Monday

  it('puts standard and every rush tier side by side', () => {
    expect(comparePcbBuildTimes(sheet, p(), { calendar, orderedAt })).toEqual([
      {
        buildTime: 'standard',
        label: '标准交期',
        available: true,
        total: 2000,
        buildDays: 4,
        shipDate: '2026-11-27',
      },
      {
        buildTime: 'rush72',
        label: '加急72小时',
        available: true,
        total: 8000,
        buildDays: 3,
        shipDate: '2026-11-26',
      },
      {
        buildTime: 'rush48',
        label: '加急48小时',
        available: true,
        total: 24000,
        buildDays: 2,
        shipDate: '2026-11-25',
      },
      {
        buildTime: 'rush24',
        label: '加急24小时',
        available: true,
        total: 56000,
        buildDays: 1,
        shipDate: '2026-11-24',
      },
    ]);
  });

  it('says why a tier is not offered', () => {
    const rows = comparePcbBuildTimes(sheet, p({ layers: 4, test: 'flyingProbeFull' }));
    expect(rows.map((r) => [r.buildTime, r.available, r.total ?? r.reason])).toEqual([
      ['standard', true, 102500],
      ['rush72', true, 102500 + 5000 + 1000],
      ['rush48', true, 102500 + 20000 + 2000],
      ['rush24', false, '该板不支持加急24小时（限2层以内、1m²以内）'],
    ]);
  });
});

describe('beside a quote near what an order holds (decision 0033)', () => {
  // ¥500/m² standard, but a 72-hour rush of ¥100,000/m² offered up to 1 000 m².
  const steep = JSON.parse(JSON.stringify(sheet)) as typeof sheet;
  steep.pcb.rush.rush72 = {
    days: 3,
    maxLayers: 8,
    maxAreaMm2: 1_000_000_000,
    fee: { fixed: 0, perM2: 10_000_000 },
  };
  // A cheaper band from 250 m²: 1 250 pieces is a candidate the rush prices past ¥25 million.
  steep.pcb.batchBands[2].push({ fromAreaMm2: 250_000_000, pricePerM2: 30_000 });
  const large = p({ lengthMm: 500, widthMm: 400, quantity: 1500 }); // 300 m²

  it('shows a rush tier the order could not hold as not offered, with the reason', () => {
    const [standard, rush72] = comparePcbBuildTimes(steep, large);
    expect(standard).toMatchObject({ buildTime: 'standard', available: true });
    expect(rush72).toMatchObject({
      buildTime: 'rush72',
      available: false,
      reason: expect.stringContaining('报价超过单笔订单上限'),
    });
  });

  it('finds cliffs without failing on an alternative no order could hold', () => {
    const fast = { ...large, buildTime: 'rush72' as const, quantity: 700 }; // 140 m², ¥14 million
    expect(findPcbCliffs(steep, fast).every((c) => c.total <= 2_147_483_647)).toBe(true);
  });
});
