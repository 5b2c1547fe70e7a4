import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id';
import { parseSignedYuan } from './signed-yuan';

describe('a signed amount of yuan', () => {
  it('is read exactly, with its sign', () => {
    expect(parseSignedYuan('100')).toBe(10_000);
    expect(parseSignedYuan('+0.29')).toBe(29);
    expect(parseSignedYuan('-0.29')).toBe(-29);
    expect(parseSignedYuan(' -19.99 ')).toBe(-1999);
    expect(parseSignedYuan('-1,000.5')).toBe(-100_050);
    expect(parseSignedYuan('0')).toBe(0);
  });

  it('is no amount otherwise', () => {
    for (const text of ['', '-', '+-1', '--1', '- 1', '1.005', 'abc', '1e3', '-.5']) {
      expect(parseSignedYuan(text), text).toBeNull();
    }
  });
});

describe('request ids', () => {
  it('are uuids, also without crypto.randomUUID (plain http)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newRequestId()).toMatch(uuid);
    const original = crypto.randomUUID;
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const ids = new Set(Array.from({ length: 50 }, () => newRequestId()));
      expect(ids.size).toBe(50);
      for (const id of ids) expect(id).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});
