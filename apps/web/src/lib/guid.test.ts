import { describe, expect, it } from 'vitest';
import { GUID_PATTERN } from '@pcb/contract';
import { newGuid } from './guid';

describe('newGuid', () => {
  it('defaults to format D: 8-4-4-4-12 hex digits', () => {
    expect(newGuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
  it('writes N, B and P around the same 32 digits', () => {
    expect(newGuid('N')).toMatch(/^[0-9a-f]{32}$/);
    expect(newGuid('B')).toMatch(/^\{[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\}$/);
    expect(newGuid('P')).toMatch(/^\([0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}\)$/);
  });
  it('is accepted by the server contract in every format', () => {
    for (const format of ['N', 'D', 'B', 'P'] as const)
      expect(newGuid(format)).toMatch(GUID_PATTERN);
  });
  it('does not repeat', () => {
    const seen = new Set(Array.from({ length: 200 }, () => newGuid('N')));
    expect(seen.size).toBe(200);
  });
});
