import { describe, expect, it } from 'vitest';
import { paths, safeReturnPath } from './paths';

describe('safeReturnPath', () => {
  it('continues to a path of the console', () => {
    expect(safeReturnPath('/members?member=7')).toBe('/members?member=7');
  });

  it('goes home for anything a browser would take elsewhere (the page went blank before)', () => {
    for (const raw of [
      '/\\evil.example/',
      '/%5Cevil.example/',
      '/%2F%2Fevil.example',
      '/\t/evil.example',
      '//evil.example',
      'https://evil.example/',
      null,
    ]) {
      expect(safeReturnPath(raw), JSON.stringify(raw)).toBe(paths.home);
    }
  });
});
