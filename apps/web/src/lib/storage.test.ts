import { describe, expect, it } from 'vitest';
import * as storage from './storage';

describe('storage keys (spec section 3)', () => {
  const localCases: [string, (v: string) => void, () => unknown, () => void][] = [
    ['accessToken', storage.setAccessToken, storage.getAccessToken, storage.removeAccessToken],
    ['wxOpenId', storage.setWxOpenId, storage.getWxOpenId, storage.removeWxOpenId],
    ['countGUID', storage.setCountGuid, storage.getCountGuid, storage.removeCountGuid],
  ];
  it.each(localCases)('%s lives in localStorage under that exact key', (key, set, get, remove) => {
    set('value-1');
    expect(localStorage.getItem(key)).toBe('value-1');
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(get()).toBe('value-1');
    remove();
    expect(localStorage.getItem(key)).toBeNull();
    expect(get()).toBeNull();
  });

  const sessionCases: [string, (v: string) => void, () => unknown, () => void][] = [
    ['from', storage.setSessionFrom, storage.getSessionFrom, storage.removeSessionFrom],
    ['businessCode', storage.setBusinessCode, storage.getBusinessCode, storage.removeBusinessCode],
    ['returnUrl', storage.setReturnUrl, storage.getReturnUrl, storage.removeReturnUrl],
    ['bd_vid', storage.setBdVid, storage.getBdVid, storage.removeBdVid],
  ];
  it.each(sessionCases)(
    '%s lives in sessionStorage under that exact key',
    (key, set, get, remove) => {
      set('value-2');
      expect(sessionStorage.getItem(key)).toBe('value-2');
      expect(localStorage.getItem(key)).toBeNull();
      expect(get()).toBe('value-2');
      remove();
      expect(sessionStorage.getItem(key)).toBeNull();
    },
  );

  it('keeps orderInfo in localStorage as JSON and treats unreadable data as none', () => {
    storage.setOrderInfo({ id: 7, kind: 'pcb' });
    expect(JSON.parse(localStorage.getItem('orderInfo') ?? 'null')).toEqual({ id: 7, kind: 'pcb' });
    expect(storage.getOrderInfo()).toEqual({ id: 7, kind: 'pcb' });
    localStorage.setItem('orderInfo', '{broken');
    expect(storage.getOrderInfo()).toBeNull();
    storage.removeOrderInfo();
    expect(localStorage.getItem('orderInfo')).toBeNull();
  });

  it('uses no other keys', () => {
    expect(Object.values(storage.LOCAL_KEYS).sort()).toEqual(
      [
        'accessToken',
        'countGUID',
        'orderInfo',
        'wxOpenId',
        'dismissedAnnouncements',
        'loggedOutByChoice',
        'publishedPriceSheet',
        'quoteShipping',
      ].sort(),
    );
    expect(Object.values(storage.SESSION_KEYS).sort()).toEqual(
      ['bd_vid', 'businessCode', 'from', 'returnUrl', 'pendingPayment'].sort(),
    );
  });

  it('tells subscribers about changes', () => {
    let calls = 0;
    const unsubscribe = storage.subscribeStorage(() => (calls += 1));
    storage.setAccessToken('t');
    storage.removeAccessToken();
    unsubscribe();
    storage.setAccessToken('t');
    expect(calls).toBe(2);
  });
});
