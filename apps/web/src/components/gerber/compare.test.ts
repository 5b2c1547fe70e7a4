import { describe, expect, it } from 'vitest';
import { compareWithQuote, quoteValuesFromAnalysis } from './compare';
import type { GerberAnalysis } from './types';

function analysis(overrides: Partial<GerberAnalysis> = {}): GerberAnalysis {
  return {
    files: [],
    size: { known: true, value: { widthMm: 100, heightMm: 80 } },
    copperLayers: { known: true, value: { count: 2, outer: 2, inner: 0 } },
    drill: { known: true, value: { hits: 116, smallestMm: 0.3, tools: 2 } },
    top: { known: true, value: '<svg/>' },
    bottom: { known: true, value: '<svg/>' },
    timings: { unzipMs: 0, renderMs: 0, totalMs: 0 },
    ...overrides,
  };
}

describe('compareWithQuote', () => {
  it('no mismatch when size (either way round, within 0.1 mm) and layers agree', () => {
    expect(compareWithQuote(analysis(), { layers: 2, lengthMm: 100, widthMm: 80 })).toEqual([]);
    expect(compareWithQuote(analysis(), { layers: 2, lengthMm: 80, widthMm: 100 })).toEqual([]);
    expect(compareWithQuote(analysis(), { layers: 2, lengthMm: 100.1, widthMm: 79.9 })).toEqual([]);
  });

  it('flags a size mismatch with the fix (longer side as length)', () => {
    expect(compareWithQuote(analysis(), { layers: 2, lengthMm: 100.3, widthMm: 80 })).toEqual([
      {
        field: 'size',
        message: '文件板框为100×80mm，报价为100.3×80mm',
        fix: { lengthMm: 100, widthMm: 80 },
        fixLabel: '改为100×80mm',
      },
    ]);
  });

  it('flags a layer mismatch with the fix, after the size one', () => {
    const four = analysis({
      size: { known: true, value: { widthMm: 100, heightMm: 100 } },
      copperLayers: { known: true, value: { count: 4, outer: 2, inner: 2 } },
    });
    expect(compareWithQuote(four, { layers: 2, lengthMm: 50, widthMm: 50 })).toEqual([
      {
        field: 'size',
        message: '文件板框为100×100mm，报价为50×50mm',
        fix: { lengthMm: 100, widthMm: 100 },
        fixLabel: '改为100×100mm',
      },
      {
        field: 'layers',
        message: '文件有4层铜，报价为2层',
        fix: { layers: 4 },
        fixLabel: '改为4层',
      },
    ]);
  });

  it('a layer count the factory does not build has no fix', () => {
    const three = analysis({
      copperLayers: { known: true, value: { count: 3, outer: 2, inner: 1 } },
    });
    expect(compareWithQuote(three, { layers: 2, lengthMm: 100, widthMm: 80 })).toEqual([
      {
        field: 'layers',
        message: '文件有3层铜，不是可生产的层数（1/2/4/6/8/10/12层），请核对文件',
        fix: null,
        fixLabel: null,
      },
    ]);
  });

  it('what the file does not give is not compared', () => {
    const unknown = analysis({
      size: { known: false, reason: 'x' },
      copperLayers: { known: false, reason: 'y' },
    });
    expect(compareWithQuote(unknown, { layers: 6, lengthMm: 10, widthMm: 10 })).toEqual([]);
  });
});

describe('quoteValuesFromAnalysis', () => {
  it('fills size (longer side as length) and layers', () => {
    expect(
      quoteValuesFromAnalysis(
        analysis({ size: { known: true, value: { widthMm: 60, heightMm: 120.5 } } }),
      ),
    ).toEqual({ lengthMm: 120.5, widthMm: 60, layers: 2 });
  });

  it('leaves out what is unknown or not orderable', () => {
    expect(
      quoteValuesFromAnalysis(
        analysis({
          size: { known: false, reason: 'x' },
          copperLayers: { known: true, value: { count: 3, outer: 2, inner: 1 } },
        }),
      ),
    ).toEqual({});
  });
});
