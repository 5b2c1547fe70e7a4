import { describe, expect, it } from 'vitest';
import { safeLocalPath } from './return-path';

describe('safeLocalPath', () => {
  it('keeps paths of this site, with their query and hash', () => {
    for (const path of ['/', '/OrdersPCB?id=3', '/member#top', '/members?member=7&q=a%20b']) {
      expect(safeLocalPath(path)).toBe(path);
    }
  });

  it('refuses whatever a browser would take to another origin, or cannot read', () => {
    for (const raw of [
      'https://evil.example/',
      'javascript:alert(1)',
      '//evil.example',
      '/\\evil.example/',
      '/\\/evil.example',
      '/%5Cevil.example/',
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      '/\u0000/evil.example',
      '/..//evil.example',
      '/./%2E%2E//evil.example',
      '/%E0%A4%A',
      'member',
      ' /member',
      '',
      null,
      undefined,
    ]) {
      expect(safeLocalPath(raw), JSON.stringify(raw)).toBeNull();
    }
  });
});
