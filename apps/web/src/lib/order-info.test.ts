import { describe, expect, it } from 'vitest';
import { defaultPcbParams, defaultSmtParams } from '@pcb/pricing';
import { paramsFromStored, readOrderInfo, saveOrderInfo } from './order-info';

describe('orderInfo', () => {
  it('round-trips a quote through localStorage', () => {
    const info = {
      kind: 'pcb' as const,
      params: { ...defaultPcbParams, layers: 4 as const, test: 'flyingProbeFull' as const },
      total: 12_345,
      sheetVersion: 2,
      paramString: '4层 | 100×100mm',
      gerber: { fileName: 'board.zip', lengthMm: 100, widthMm: 80, layers: 4, notDerived: [] },
    };
    saveOrderInfo(info);
    expect(readOrderInfo()).toEqual({
      ...info,
      gerber: { ...info.gerber, drillHits: undefined },
    });
  });

  it('keeps only parameters of the right type, the defaults for the rest', () => {
    expect(
      paramsFromStored('smt', { quantity: '50', sides: 'double', xray: 1, unknown: true }),
    ).toEqual({ ...defaultSmtParams, sides: 'double' });
    expect(paramsFromStored('pcb', null)).toEqual(defaultPcbParams);
  });

  it('treats foreign or broken data as no orderInfo', () => {
    localStorage.setItem('orderInfo', JSON.stringify({ kind: 'pcb', total: '1', sheetVersion: 1 }));
    expect(readOrderInfo()).toBeNull();
    localStorage.setItem('orderInfo', JSON.stringify({ kind: 'hdi', total: 1, sheetVersion: 1 }));
    expect(readOrderInfo()).toBeNull();
    localStorage.setItem('orderInfo', '{');
    expect(readOrderInfo()).toBeNull();
  });
});
