import { describe, expect, it } from 'vitest';
import { captureEntryParams } from './entry-params';
import { isMiniProgram } from './wechat';

describe('captureEntryParams (spec section 2)', () => {
  it('stores from, code, returnurl and bd_vid in session storage', () => {
    captureEntryParams('?from=miniprogram&code=abc&returnurl=%2FOrdersPCB%3Fa%3D1&bd_vid=vid-9');
    expect(sessionStorage.getItem('from')).toBe('miniprogram');
    expect(sessionStorage.getItem('businessCode')).toBe('abc');
    expect(sessionStorage.getItem('returnUrl')).toBe('/OrdersPCB?a=1');
    expect(sessionStorage.getItem('bd_vid')).toBe('vid-9');
    expect(localStorage.length).toBe(0);
  });

  it('marks the session as mini-program when from=miniprogram', () => {
    const ua = 'Mozilla/5.0 (iPhone) Safari';
    expect(isMiniProgram(ua)).toBe(false);
    captureEntryParams('?from=miniprogram');
    expect(isMiniProgram(ua)).toBe(true);
  });

  it('keeps earlier values when a parameter is absent or empty', () => {
    captureEntryParams('?from=h5&bd_vid=first');
    captureEntryParams('?bd_vid=&other=1');
    expect(sessionStorage.getItem('from')).toBe('h5');
    expect(sessionStorage.getItem('bd_vid')).toBe('first');
    expect(sessionStorage.getItem('businessCode')).toBeNull();
  });
});
