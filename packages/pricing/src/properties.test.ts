// Property tests (fast-check) of the PCB engine against the seed sheet.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pricePcb } from './pcb-price';
import {
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
import type { QuoteOptions } from './quote';
import { defaultPriceSheet as sheet } from './seed-sheet';
import { couriers, provinces } from './shipping';
import { sumLines } from './quote-lines';

const size = (maxMm: number) => fc.integer({ min: 500, max: maxMm * 100 }).map((n) => n / 100);

/** Any PCB order, nudged towards the rules so most draws are valid. */
const anyParams: fc.Arbitrary<PcbParams> = fc
  .record({
    material: fc.constantFrom(...materials),
    layers: fc.constantFrom(...pcbLayers),
    lengthMm: size(300),
    widthMm: size(250),
    quantity: fc.oneof(fc.integer({ min: 1, max: 120 }), fc.integer({ min: 1, max: 2000 })),
    delivery: fc.constantFrom(...deliveryFormats),
    panelRows: fc.integer({ min: 1, max: 2 }),
    panelColumns: fc.integer({ min: 2, max: 2 }),
    designs: fc.integer({ min: 1, max: 3 }),
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
      buildTime: 'standard',
    } as PcbParams;
  });

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
  it('their lines add up to the total too, and more boards never cost less', async () => {
    const { priceSmt, validateSmt } = await import('./smt');
    const smt = fc.record({
      pcbSource: fc.constantFrom('ours' as const, 'supplied' as const),
      quantity: fc.integer({ min: 1, max: 5000 }),
      sides: fc.constantFrom('single' as const, 'double' as const),
      uniqueParts: fc.integer({ min: 1, max: 300 }),
      smdJoints: fc.integer({ min: 0, max: 3000 }),
      dipJoints: fc.integer({ min: 0, max: 300 }),
      bomSourcing: fc.constantFrom('factory' as const, 'customer' as const),
      stencilIncluded: fc.boolean(),
      xray: fc.boolean(),
      conformalCoating: fc.boolean(),
      functionTest: fc.boolean(),
      cleaning: fc.boolean(),
      buildTime: fc.constant('standard' as const),
    });
    fc.assert(
      fc.property(smt, anyOptions, fc.integer({ min: 1, max: 1000 }), (params, options, extra) => {
        const more = { ...params, quantity: params.quantity + extra };
        fc.pre(validateSmt(params, sheet).length === 0 && validateSmt(more, sheet).length === 0);
        const a = priceSmt(sheet, params, options);
        expect(sumLines(a.lines)).toBe(a.total);
        const b = priceSmt(sheet, more, options);
        // Past the sample size the engineering fee goes: the one documented drop.
        if (a.regime === b.regime) expect(b.total).toBeGreaterThanOrEqual(a.total);
      }),
      runs,
    );
  });

  it('a stencil quote adds up for every size and option', async () => {
    const { priceStencil, stencilSizes } = await import('./stencil');
    const stencil = fc.constantFrom('framed' as const, 'frameless' as const).chain((type) =>
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
    fc.assert(
      fc.property(stencil, anyOptions, (params, options) => {
        const q = priceStencil(sheet, params, options);
        expect(sumLines(q.lines)).toBe(q.total);
      }),
      runs,
    );
  });
});
