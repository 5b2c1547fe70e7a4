import { describe, expect, it } from 'vitest';
import { defaultPriceSheet } from '@pcb/pricing';
import { getAt, pathName, setAt } from './sheet-path';
import { fieldPaths, sheetTabs } from './sheet-sections';
import { displayValue, fromText, toText } from './sheet-values';

describe('sheet values', () => {
  it('types money in yuan and keeps fen', () => {
    expect(toText('money', 2000)).toBe('20.00');
    expect(fromText('money', '15.5')).toEqual({ ok: true, value: 1550 });
    expect(fromText('money', '15.555')).toEqual({
      ok: false,
      message: '请输入金额（元，最多两位小数）',
    });
    expect(displayValue('money', 33000)).toBe('¥330.00');
  });

  it('types areas in m² and keeps mm²; an open band is 不限', () => {
    expect(toText('area', 200_000)).toBe('0.2');
    expect(fromText('area', '0.25')).toEqual({ ok: true, value: 250_000 });
    expect(fromText('openArea', '')).toEqual({ ok: true, value: null });
    expect(displayValue('openArea', null)).toBe('不限');
    expect(displayValue('area', 5_000_000)).toBe('5 m²');
  });

  it('types a rate per joint in yuan and keeps an exact fraction of fen', () => {
    expect(toText('rate', { num: 1, den: 1 })).toBe('0.01');
    expect(displayValue('rate', { num: 12, den: 1 }, '/点')).toBe('¥0.12 /点');
    expect(fromText('rate', '0.006')).toEqual({ ok: true, value: { num: 3, den: 5 } });
    expect(fromText('rate', '0.12')).toEqual({ ok: true, value: { num: 12, den: 1 } });
  });

  it('types tax rates as percentages', () => {
    expect(toText('percent', { num: 6, den: 100 })).toBe('6');
    expect(fromText('percent', '13')).toEqual({ ok: true, value: { num: 13, den: 100 } });
    expect(fromText('percent', '6.5')).toEqual({ ok: true, value: { num: 13, den: 200 } });
    expect(fromText('percent', '101').ok).toBe(false);
    expect(displayValue('percent', { num: 13, den: 100 })).toBe('13%');
  });

  it('reads choices by their Chinese names', () => {
    expect(displayValue('layers', [1, 2])).toBe('1层、2层');
    expect(displayValue('materials', ['fr4-tg135', 'aluminium'])).toBe('FR-4 TG135、铝基板');
    expect(displayValue('zone', 'near')).toBe('邻近省份');
    expect(displayValue('bool', true)).toBe('是');
  });

  it('reads whole numbers and refuses the rest', () => {
    expect(fromText('int', '18')).toEqual({ ok: true, value: 18 });
    expect(fromText('int', '1.5').ok).toBe(false);
    expect(fromText('text', '  ')).toEqual({ ok: false, message: '不能为空' });
  });
});

describe('sheet paths', () => {
  it('name a place as the engine names its problems', () => {
    expect(pathName(['pcb', 'batchBands', '2', 0, 'fromAreaMm2'])).toBe(
      'pcb.batchBands.2[0].fromAreaMm2',
    );
    expect(pathName(['pcb', 'options', 'thickness', '1.6'])).toBe('pcb.options.thickness.1.6');
  });

  it('replace one value and share the rest', () => {
    const next = setAt(defaultPriceSheet, ['pcb', 'packages', 0, 'price'], 1500);
    expect(next.pcb.packages[0]?.price).toBe(1500);
    expect(defaultPriceSheet.pcb.packages[0]?.price).toBe(2000);
    expect(next.smt).toBe(defaultPriceSheet.smt);
    expect(getAt(next, ['pcb', 'engineering', '2'])).toBe(10000);
  });

  it('list thicknesses and track widths in their natural order', () => {
    const options = sheetTabs(defaultPriceSheet)[0]!.groups.find((g) => g.key === 'options')!;
    const labels = options.rows.map((row) => row.label);
    expect(labels.filter((l) => l.startsWith('板厚'))).toEqual(
      ['0.4', '0.6', '0.8', '1', '1.2', '1.6', '2'].map((t) => `板厚：${t}mm`),
    );
    expect(labels.filter((l) => l.startsWith('线宽线距'))).toEqual(
      ['6', '5', '4', '3.5'].map((t) => `线宽线距：${t}/${t}mil`),
    );
  });

  it('put every value of the seed sheet in some tab', () => {
    const shown = fieldPaths(sheetTabs(defaultPriceSheet));
    const leaves: string[] = [];
    const walk = (value: unknown, path: (string | number)[]) => {
      const isRate =
        value !== null && typeof value === 'object' && 'num' in value && 'den' in value;
      const isList = Array.isArray(value) && value.every((v) => typeof v !== 'object');
      if (value !== null && typeof value === 'object' && !isRate && !isList) {
        for (const [key, child] of Object.entries(value)) {
          walk(child, [...path, Array.isArray(value) ? Number(key) : key]);
        }
      } else leaves.push(pathName(path));
    };
    walk(defaultPriceSheet, []);
    // The version is the server's to set; a courier's name and a package's code are the
    // labels of their rows.
    const labels = /^(shipping\.couriers\.\w+\.name|pcb\.packages\[\d+\]\.code)$/;
    const missing = leaves.filter((p) => !shown.has(p) && p !== 'version' && !labels.test(p));
    expect(missing).toEqual([]);
  });
});
