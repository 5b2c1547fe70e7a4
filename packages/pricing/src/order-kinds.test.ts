import { describe, expect, it } from 'vitest';
import { orderKindEngines, orderParamString, tryQuote } from './order-kind-engines';
import {
  isOrderKind,
  orderKindRegistry,
  orderKinds,
  type KindParams,
  type OrderKind,
} from './order-kinds';
import { defaultPcbParams, pcbFields, type FieldSpec } from './pcb-params';
import { pricePcb } from './pcb-price';
import { validatePcb } from './pcb-validate';
import { InvalidParamsError } from './quote';
import { defaultPriceSheet } from './seed-sheet';
import { defaultSmtParams, priceSmt, smtFields } from './smt';
import { defaultStencilParams, priceStencil, stencilFields } from './stencil';

const sheet = defaultPriceSheet;

/** What every kind must have; generic, so each kind's engine takes its own defaults. */
function everyPart<K extends OrderKind>(kind: K) {
  const info = orderKindRegistry[kind];
  const engine = orderKindEngines[kind];
  expect(info.kind).toBe(kind);
  expect(info.name).not.toBe('');
  expect(info.tabName).not.toBe('');
  expect(info.orderNoPrefix).toMatch(/^[A-Z]$/);
  // A label for every parameter, and a parameter for every label.
  expect(Object.keys(info.fields).sort()).toEqual(Object.keys(info.defaults).sort());
  for (const spec of Object.values<FieldSpec>(info.fields)) expect(spec.label).not.toBe('');
  expect(typeof engine.validate).toBe('function');
  expect(typeof engine.price).toBe('function');
  expect(typeof engine.paramString).toBe('function');
  // The defaults are an order the default sheet prices.
  expect(engine.validate(info.defaults, sheet)).toEqual([]);
  expect(engine.price(sheet, info.defaults, {}).total).toBeGreaterThan(0);
  expect(engine.paramString(info.defaults)).not.toBe('');
}

describe('the order kinds registry', () => {
  it('has one entry per kind in each table, no more', () => {
    expect(Object.keys(orderKindRegistry)).toEqual([...orderKinds]);
    expect(Object.keys(orderKindEngines)).toEqual([...orderKinds]);
    expect(orderKinds).toEqual(['pcb', 'smt', 'stencil']);
  });

  it.each(orderKinds)('gives %s every part', (kind) => everyPart(kind));

  it('keeps the names, tabs and order number prefixes the tables held', () => {
    const names = orderKinds.map((k) => orderKindRegistry[k].name);
    expect(names).toEqual(['PCB', 'SMT贴片', '钢网']);
    expect(orderKinds.map((k) => orderKindRegistry[k].tabName)).toEqual(['PCB', 'SMT', '钢网']);
    expect(orderKinds.map((k) => orderKindRegistry[k].orderNoPrefix)).toEqual(['P', 'S', 'G']);
  });

  it('holds the engine’s own defaults and field labels', () => {
    expect(orderKindRegistry.pcb.defaults).toBe(defaultPcbParams);
    expect(orderKindRegistry.smt.defaults).toBe(defaultSmtParams);
    expect(orderKindRegistry.stencil.defaults).toBe(defaultStencilParams);
    expect(orderKindRegistry.pcb.fields).toBe(pcbFields);
    expect(orderKindRegistry.smt.fields).toBe(smtFields);
    expect(orderKindRegistry.stencil.fields).toBe(stencilFields);
  });

  it('summarises sample parameters exactly as before', () => {
    const samples: [KindParams, string][] = [
      [
        { kind: 'pcb', params: defaultPcbParams },
        '2层 | 100×100mm | 10片 | 1.6mm | 绿油白字 | 有铅喷锡 | 1oz | 过孔盖油 | 抽测',
      ],
      [
        {
          kind: 'pcb',
          params: {
            ...defaultPcbParams,
            layers: 4,
            lengthMm: 150,
            quantity: 50,
            test: 'flyingProbeFull',
            finish: 'enig1u',
            goldFingers: true,
            bevel: true,
          },
        },
        '4层 | 150×100mm | 50片 | 1.6mm | 绿油白字 | 沉金1U | 外1oz内0.5oz | 过孔盖油 | 金手指斜边 | 飞针全测',
      ],
      [
        { kind: 'smt', params: defaultSmtParams },
        '本厂PCB | 单面贴片 | 10片 | 10种元件 | 贴片100点/片 | 客供料 | 含钢网',
      ],
      [
        {
          kind: 'smt',
          params: {
            ...defaultSmtParams,
            quantity: 100,
            sides: 'double',
            smdJoints: 420,
            dipJoints: 12,
            bomSourcing: 'factory',
            xray: true,
            buildTime: 'rush',
          },
        },
        '本厂PCB | 双面贴片 | 100片 | 10种元件 | 贴片420点/片 | 插件12点/片 | 工厂代购料 | 含钢网 | X光检测 | 加急',
      ],
      [
        { kind: 'stencil', params: defaultStencilParams },
        '有框钢网 | 370×470mm | 0.12mm | 顶层 | 1张',
      ],
      [
        {
          kind: 'stencil',
          params: {
            ...defaultStencilParams,
            electropolish: true,
            fiducials: 'halfLasered',
            sides: 'both',
            quantity: 2,
          },
        },
        '有框钢网 | 370×470mm | 0.12mm | 顶层+底层 | 2张 | 电抛光 | 半刻Mark点',
      ],
    ];
    for (const [sample, expected] of samples) {
      expect(orderParamString(sample.kind, sample.params)).toBe(expected);
    }
  });
});

describe('tryQuote', () => {
  it('prices valid parameters as the kind’s price function does', () => {
    const options = { shipping: { province: '广东省', courier: 'sf' as const } };
    expect(tryQuote('pcb', sheet, defaultPcbParams, options)).toEqual({
      issues: [],
      quote: pricePcb(sheet, defaultPcbParams, options),
    });
    expect(tryQuote('smt', sheet, defaultSmtParams).quote).toEqual(
      priceSmt(sheet, defaultSmtParams),
    );
    expect(tryQuote('stencil', sheet, defaultStencilParams).quote).toEqual(
      priceStencil(sheet, defaultStencilParams),
    );
  });

  it('answers every refusal of the validator, and no quote', () => {
    const params = { ...defaultPcbParams, layers: 6 as const, thicknessMm: 0.4 as const };
    const attempt = tryQuote('pcb', sheet, params);
    expect(attempt.quote).toBeNull();
    expect(attempt.issues).toEqual(validatePcb(params, sheet));
    expect(attempt.issues.length).toBeGreaterThan(0);
    expect(tryQuote('smt', sheet, { ...defaultSmtParams, quantity: 0 }).quote).toBeNull();
  });

  it('answers a total no order can hold as a refusal under the quantity', () => {
    const largest = {
      ...defaultPcbParams,
      layers: 12 as const,
      lengthMm: 600,
      widthMm: 500,
      quantity: 100_000,
      test: 'flyingProbeFull' as const,
    };
    expect(() => pricePcb(sheet, largest)).toThrow(InvalidParamsError);
    const attempt = tryQuote('pcb', sheet, largest);
    expect(attempt.quote).toBeNull();
    expect(attempt.issues).toEqual([
      expect.objectContaining({ field: 'quantity', code: 'quote.tooLarge' }),
    ]);
  });
});

describe('isOrderKind', () => {
  it('knows the kinds and nothing else', () => {
    for (const kind of orderKinds) expect(isOrderKind(kind)).toBe(true);
    for (const other of ['hdi', 'PCB', '', null, undefined, 1, 'constructor', 'toString']) {
      expect(isOrderKind(other)).toBe(false);
    }
  });
});
