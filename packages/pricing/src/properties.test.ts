// Property tests (fast-check) of the PCB engine against the seed sheet.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparePcbBuildTimes, findPcbCliffs } from './pcb-advice';
import { pricePcb } from './pcb-price';
import {
  buildTimes,
  finishes,
  maskColors,
  materials,
  minHoles,
  minTracks,
  pcbLayers,
  pcbTests,
  thicknesses,
  viaTreatments,
  deliveryFormats,
  type PcbParams,
} from './pcb-params';
import { validatePcb } from './pcb-validate';
import { InvalidParamsError, type Quote, type QuoteOptions } from './quote';
import { defaultPriceSheet as sheet } from './seed-sheet';
import type { PriceSheet } from './sheet';
import { checkPriceSheet } from './sheet-check';
import { couriers, provinces } from './shipping';
import { sumLines } from './quote-lines';
import { priceSmt, validateSmt } from './smt';
import { priceStencil, stencilSizes, validateStencil } from './stencil';

const size = (maxMm: number) => fc.integer({ min: 500, max: maxMm * 100 }).map((n) => n / 100);

/**
 * PCB orders, nudged towards the rules so most draws are valid: by default the common ones,
 * `large` up to the validator's limits (600 × 500 mm, 100 000 pieces, 20 designs, any build time).
 */
const pcbOrders = (large = false): fc.Arbitrary<PcbParams> =>
  fc
    .record({
      material: fc.constantFrom(...materials),
      layers: fc.constantFrom(...pcbLayers),
      lengthMm: size(large ? 600 : 300),
      widthMm: size(large ? 500 : 250),
      quantity: fc.oneof(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 1, max: large ? 100_000 : 2000 }),
      ),
      delivery: fc.constantFrom(...deliveryFormats),
      panelRows: fc.integer({ min: 1, max: 2 }),
      panelColumns: fc.integer({ min: 2, max: 2 }),
      designs: fc.integer({ min: 1, max: large ? 20 : 3 }),
      buildTime: fc.constantFrom(...(large ? buildTimes : (['standard'] as const))),
      thicknessMm: fc.constantFrom(...thicknesses),
      outerCopperOz: fc.constantFrom(1 as const, 2 as const),
      innerCopperOz: fc.constantFrom(0.5 as const, 1 as const),
      maskColor: fc.constantFrom(...maskColors),
      finish: fc.constantFrom(...finishes),
      vias: fc.constantFrom(...viaTreatments),
      minTrackMil: fc.constantFrom(...minTracks),
      minHoleMm: fc.constantFrom(...minHoles),
      goldFingers: fc.boolean(),
      bevel: fc.boolean(),
      impedance: fc.boolean(),
      castellated: fc.boolean(),
      edgePlating: fc.boolean(),
      test: fc.constantFrom(...pcbTests),
      confirmProductionFile: fc.boolean(),
    })
    .map((r) => {
      const layers = r.material === 'aluminium' ? (Math.min(r.layers, 2) as 1 | 2) : r.layers;
      const minThickness = { 1: 0.4, 2: 0.4, 4: 0.6, 6: 0.8, 8: 1.0, 10: 1.2, 12: 1.6 }[layers];
      const thicknessMm = (
        r.material === 'aluminium'
          ? Math.max(r.thicknessMm, 1.0)
          : Math.max(r.thicknessMm, minThickness)
      ) as PcbParams['thicknessMm'];
      return {
        ...r,
        layers,
        thicknessMm,
        silkColor: r.maskColor === 'white' ? 'black' : 'white',
        test: layers >= 4 && r.test === 'sample' ? 'flyingProbeFull' : r.test,
        finish: thicknessMm < 0.6 && r.finish.startsWith('hasl') ? 'osp' : r.finish,
        outerCopperOz: thicknessMm > 0.8 && r.minTrackMil === 6 ? r.outerCopperOz : 1,
        minHoleMm: thicknessMm / r.minHoleMm > 10 ? 0.3 : r.minHoleMm,
        bevel: r.goldFingers && r.bevel,
      } as PcbParams;
    });
const anyParams = pcbOrders();

const anyOptions: fc.Arbitrary<QuoteOptions> = fc.record(
  {
    shipping: fc.record({
      province: fc.constantFrom(...provinces),
      courier: fc.constantFrom(...couriers),
    }),
    invoice: fc.constantFrom('none' as const, 'vatPlain' as const, 'vatSpecial' as const),
    repeatOrder: fc.boolean(),
  },
  { requiredKeys: [] },
);

/** SMT orders; `large` up to the validator's limits (100 000 boards, 100 000 joints, rush). */
const smtOrders = (large = false) =>
  fc.record({
    pcbSource: fc.constantFrom('ours' as const, 'supplied' as const),
    quantity: fc.integer({ min: 1, max: large ? 100_000 : 5000 }),
    sides: fc.constantFrom('single' as const, 'double' as const),
    uniqueParts: fc.integer({ min: 1, max: large ? 2000 : 300 }),
    smdJoints: fc.integer({ min: 0, max: large ? 100_000 : 3000 }),
    dipJoints: fc.integer({ min: 0, max: large ? 100_000 : 300 }),
    bomSourcing: fc.constantFrom('factory' as const, 'customer' as const),
    stencilIncluded: fc.boolean(),
    xray: fc.boolean(),
    conformalCoating: fc.boolean(),
    functionTest: fc.boolean(),
    cleaning: fc.boolean(),
    buildTime: large
      ? fc.constantFrom('standard' as const, 'rush' as const)
      : fc.constant('standard' as const),
  });

/** Stencils of every size the seed sheet lists (random sheets keep its sizes). */
const stencilOrders = fc.constantFrom('framed' as const, 'frameless' as const).chain((type) =>
  fc.record({
    type: fc.constant(type),
    size: fc.constantFrom(...stencilSizes(sheet, type).map((s) => s.value)),
    thicknessMm: fc.constantFrom(0.12 as const, 0.13 as const, 0.15 as const),
    sides: fc.constantFrom('top' as const, 'bottom' as const, 'both' as const),
    electropolish: fc.boolean(),
    fiducials: fc.constantFrom('none' as const, 'halfLasered' as const, 'through' as const),
    step: fc.boolean(),
    quantity: fc.integer({ min: 1, max: 100 }),
  }),
);

const valid = (p: PcbParams) => validatePcb(p, sheet).length === 0;
const runs = { numRuns: 400 };

/** The regimes decision 0027 documents; a price may only fall from one to another. */
const documentedRegime = /^(package:10x10|sample|batch:[0-3](\+noEngineering)?)$/;

describe('pricePcb properties', () => {
  it('the fee lines always add up to the total; every amount is whole fen, never negative', () => {
    fc.assert(
      fc.property(anyParams, anyOptions, (params, options) => {
        fc.pre(valid(params));
        const q = pricePcb(sheet, params, options);
        expect(sumLines(q.lines)).toBe(q.total);
        for (const line of q.lines) {
          expect(Number.isSafeInteger(line.amount)).toBe(true);
          expect(line.amount).toBeGreaterThanOrEqual(0);
          expect(line.reason.length).toBeGreaterThan(0);
        }
        expect(q.regime).toMatch(documentedRegime);
      }),
      runs,
    );
  });

  it('never gets cheaper with more pieces, except from one documented regime to another', () => {
    fc.assert(
      fc.property(
        anyParams,
        anyOptions,
        fc.integer({ min: 1, max: 500 }),
        (params, options, extra) => {
          const more = { ...params, quantity: params.quantity + extra };
          fc.pre(valid(params) && valid(more));
          const a = pricePcb(sheet, params, options);
          const b = pricePcb(sheet, more, options);
          if (a.regime === b.regime) expect(b.total).toBeGreaterThanOrEqual(a.total);
        },
      ),
      runs,
    );
  });

  it('never gets cheaper with a larger board, except from one documented regime to another', () => {
    fc.assert(
      fc.property(
        anyParams,
        anyOptions,
        fc.integer({ min: 1, max: 20000 }),
        (params, options, extra100) => {
          const larger = {
            ...params,
            lengthMm: (Math.round(params.lengthMm * 100) + extra100) / 100,
          };
          fc.pre(valid(params) && valid(larger));
          const a = pricePcb(sheet, params, options);
          const b = pricePcb(sheet, larger, options);
          if (a.regime === b.regime) expect(b.total).toBeGreaterThanOrEqual(a.total);
        },
      ),
      runs,
    );
  });

  it('never gets cheaper with more layers, whatever the regime', () => {
    fc.assert(
      fc.property(
        anyParams,
        anyOptions,
        fc.constantFrom(...pcbLayers),
        (params, options, other) => {
          const more = { ...params, layers: other };
          fc.pre(other > params.layers && valid(params) && valid(more));
          expect(pricePcb(sheet, more, options).total).toBeGreaterThanOrEqual(
            pricePcb(sheet, params, options).total,
          );
        },
      ),
      runs,
    );
  });

  it('prices the same with the sheet as it comes back from JSON (as the server stores it)', () => {
    const stored = JSON.parse(JSON.stringify(sheet)) as typeof sheet;
    fc.assert(
      fc.property(anyParams, anyOptions, (params, options) => {
        fc.pre(valid(params));
        expect(pricePcb(stored, params, options)).toEqual(pricePcb(sheet, params, options));
      }),
      { numRuns: 100 },
    );
  });
});

describe('SMT and stencil properties', () => {
  it('their lines add up to the total too, and more boards never cost less', () => {
    fc.assert(
      fc.property(
        smtOrders(),
        anyOptions,
        fc.integer({ min: 1, max: 1000 }),
        (params, options, extra) => {
          const more = { ...params, quantity: params.quantity + extra };
          fc.pre(validateSmt(params, sheet).length === 0 && validateSmt(more, sheet).length === 0);
          const a = priceSmt(sheet, params, options);
          expect(sumLines(a.lines)).toBe(a.total);
          const b = priceSmt(sheet, more, options);
          // Past the sample size the engineering fee goes: the one documented drop.
          if (a.regime === b.regime) expect(b.total).toBeGreaterThanOrEqual(a.total);
        },
      ),
      runs,
    );
  });

  it('a stencil quote adds up for every size and option', () => {
    fc.assert(
      fc.property(stencilOrders, anyOptions, (params, options) => {
        const q = priceStencil(sheet, params, options);
        expect(sumLines(q.lines)).toBe(q.total);
      }),
      runs,
    );
  });
});

// ---- Quotes an order can hold (decision 0033) ----

/** The orders table's `integer` columns (total, weight): the most one order can hold. */
const ORDER_MAX = 2_147_483_647;

/** A value from `min` to `max`, usually a modest one, sometimes an end of the range. */
const within = (min: number, max: number) =>
  fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min, max: Math.min(max, min + 50_000) }) },
    { weight: 1, arbitrary: fc.integer({ min, max }) },
    { weight: 1, arbitrary: fc.constantFrom(min, max) },
  );

/** What shapes the sheet (areas, days, counts, sizes, denominators) stays as the seed has it. */
const shaping =
  /AreaMm2|[dD]ays$|maxLayers|Quantity|Below$|Feeders$|Mm$|\.den$|^version$|^cutoffHour$|layers\[/;

/** The range decision 0033 gives a number of the sheet, or null when it keeps the seed's. */
function range(path: string): [number, number] | null {
  if (shaping.test(path)) return null;
  if (/^tax\..*num$/.test(path)) return [0, 100]; // of 100: at most 100 %
  if (/Joint\.num$/.test(path)) return [1, 10_000]; // per joint: ¥0.01 to ¥100
  if (/[gG]rams/.test(path)) return [0, 20_000];
  if (/density/.test(path)) return [1, 10_000];
  const base = /\.price$|stepPrice$|pricePerM2$|setupPerSide$|^stencil\.frame/.test(path);
  return [base ? 1 : 0, 10_000_000]; // fen: every amount at most ¥100,000
}

/** Every number of the seed sheet with a range, drawn anew within it. */
const anySheet: fc.Arbitrary<PriceSheet> = (() => {
  const paths: (string | number)[][] = [];
  const arbitraries: fc.Arbitrary<number>[] = [];
  const visit = (value: unknown, at: (string | number)[], name: string) => {
    if (typeof value === 'number') {
      const r = range(name);
      if (r) {
        paths.push(at);
        arbitraries.push(within(...r));
      }
    } else if (typeof value === 'object' && value !== null) {
      for (const [key, child] of Object.entries(value)) {
        const k = Array.isArray(value) ? Number(key) : key;
        visit(
          child,
          [...at, k],
          Array.isArray(value) ? `${name}[${key}]` : name ? `${name}.${key}` : key,
        );
      }
    }
  };
  visit(sheet, [], '');
  return fc.tuple(...arbitraries).map((values) => {
    const drawn = JSON.parse(JSON.stringify(sheet)) as Record<string | number, unknown>;
    values.forEach((v, i) => {
      const at = paths[i]!;
      let node = drawn;
      for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
      node[at[at.length - 1]!] = v;
    });
    return drawn as unknown as PriceSheet;
  });
})();

/** Either a quote an order holds (every amount whole, 0 to ORDER_MAX) or the Chinese refusal. */
function outcome(price: () => Quote): 'quoted' | 'refused' {
  let quote: Quote;
  try {
    quote = price();
  } catch (error) {
    expect(error).toBeInstanceOf(InvalidParamsError);
    expect((error as InvalidParamsError).issues).toEqual([
      {
        field: 'quantity',
        code: 'quote.tooLarge',
        message: expect.stringMatching(/^报价超过单笔订单上限¥21,474,836\.47/),
      },
    ]);
    return 'refused';
  }
  const amounts = [
    quote.total,
    quote.weightGrams,
    quote.buildDays,
    ...quote.lines.map((l) => l.amount),
  ];
  for (const n of amounts) {
    expect(Number.isSafeInteger(n)).toBe(true);
    expect(n).toBeGreaterThanOrEqual(0);
    expect(n).toBeLessThanOrEqual(ORDER_MAX);
  }
  expect(sumLines(quote.lines)).toBe(quote.total);
  return 'quoted';
}

describe('random valid sheets and parameters: a quote an order holds, or a refusal', () => {
  const seen = { quoted: 0, refused: 0 };
  const seeds = { numRuns: 300 };

  it('accepts every sheet drawn within the bounds', () => {
    fc.assert(
      fc.property(anySheet, (s) => {
        expect(checkPriceSheet(s)).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  it('PCB, with the cliffs and the build times beside it', () => {
    fc.assert(
      fc.property(anySheet, pcbOrders(true), anyOptions, (s, params, options) => {
        fc.pre(validatePcb(params, s).length === 0);
        const result = outcome(() => pricePcb(s, params, options));
        seen[result] += 1;
        if (result === 'refused') return;
        const quote = pricePcb(s, params, options);
        for (const cliff of findPcbCliffs(s, params, options, quote)) {
          expect(cliff.total).toBeLessThanOrEqual(ORDER_MAX);
        }
        for (const option of comparePcbBuildTimes(s, params, options)) {
          if (option.available) expect(option.total).toBeLessThanOrEqual(ORDER_MAX);
          else expect(option.reason).toMatch(/[\u4e00-\u9fa5]/);
        }
      }),
      seeds,
    );
  });

  it('SMT', () => {
    fc.assert(
      fc.property(anySheet, smtOrders(true), anyOptions, (s, params, options) => {
        fc.pre(validateSmt(params, s).length === 0);
        seen[outcome(() => priceSmt(s, params, options))] += 1;
      }),
      seeds,
    );
  });

  it('stencils', () => {
    fc.assert(
      fc.property(anySheet, stencilOrders, anyOptions, (s, params, options) => {
        fc.pre(validateStencil(params, s).length === 0);
        seen[outcome(() => priceStencil(s, params, options))] += 1;
      }),
      seeds,
    );
  });

  it('met both answers', () => {
    expect(seen.quoted).toBeGreaterThan(100);
    expect(seen.refused).toBeGreaterThan(10);
  });
});
