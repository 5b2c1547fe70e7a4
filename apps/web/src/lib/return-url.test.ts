import { describe, expect, it } from 'vitest';
import { peekReturnPath, safeReturnPath, takeReturnPath } from './return-url';

describe('safeReturnPath', () => {
  it('accepts paths on this site', () => {
    expect(safeReturnPath('/OrdersPCB?id=3')).toBe('/OrdersPCB?id=3');
    expect(safeReturnPath('/member#top')).toBe('/member#top');
  });
  it('rejects other origins and tricks that lead to them', () => {
    for (const raw of [
      'https://evil.example/',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'member',
      '',
    ]) {
      expect(safeReturnPath(raw)).toBeNull();
    }
    expect(safeReturnPath(null)).toBeNull();
  });
});

describe('takeReturnPath', () => {
  it('uses the session returnUrl once, then the member centre', () => {
    sessionStorage.setItem('returnUrl', '/OrdersPCB');
    expect(takeReturnPath()).toBe('/OrdersPCB');
    expect(sessionStorage.getItem('returnUrl')).toBeNull();
    expect(takeReturnPath()).toBe('/member');
  });
  it('never returns to the login or register screens or off-site', () => {
    sessionStorage.setItem('returnUrl', '/login');
    expect(takeReturnPath()).toBe('/member');
    sessionStorage.setItem('returnUrl', 'https://evil.example/');
    expect(takeReturnPath()).toBe('/member');
  });
});

describe('peekReturnPath', () => {
  it('says where a login would continue without using the returnUrl up', () => {
    expect(peekReturnPath()).toBe('/member');
    sessionStorage.setItem('returnUrl', '/setting');
    expect(peekReturnPath()).toBe('/setting');
    expect(sessionStorage.getItem('returnUrl')).toBe('/setting');
  });
});
