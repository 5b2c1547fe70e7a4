// The only module that touches localStorage and sessionStorage. Key names are part of the
// product (spec section 3): other pages of the site read the same keys, so never rename them.

export const LOCAL_KEYS = {
  accessToken: 'accessToken',
  wxOpenId: 'wxOpenId',
  orderInfo: 'orderInfo',
  countGUID: 'countGUID',
  dismissedAnnouncements: 'dismissedAnnouncements',
  /** Set by an explicit logout: inside WeChat, no silent login until the member logs in. */
  loggedOutByChoice: 'loggedOutByChoice',
  /** The published price sheet and calendar the quote page last fetched (offline pricing). */
  priceSheet: 'publishedPriceSheet',
  /** The quote page's 运费估算 destination ({ province, courier }), for the next visit. */
  quoteShipping: 'quoteShipping',
} as const;

export const SESSION_KEYS = {
  from: 'from',
  businessCode: 'businessCode',
  returnUrl: 'returnUrl',
  bd_vid: 'bd_vid',
  /**
   * The online payment the member left for (Alipay, WeChat Pay), so the result page knows what
   * to ask the server about whatever address the provider sends the browser back to.
   */
  pendingPayment: 'pendingPayment',
} as const;

type Area = 'local' | 'session';

// Safari private mode, WeChat with storage disabled or a full quota throw on access; the
// member centre keeps working for the current page instead of crashing.
function area(which: Area): Storage | null {
  try {
    return which === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(which: Area, key: string): string | null {
  try {
    return area(which)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function write(which: Area, key: string, value: string | null): void {
  try {
    const store = area(which);
    if (value === null) store?.removeItem(key);
    else store?.setItem(key, value);
  } catch {
    // Quota or privacy errors: the value simply is not remembered.
  }
  listeners.forEach((listener) => listener());
}

/** Called after any change made through this module, and when another tab changes storage. */
export function subscribeStorage(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = () => listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export const getAccessToken = () => read('local', LOCAL_KEYS.accessToken);
export const setAccessToken = (token: string) => write('local', LOCAL_KEYS.accessToken, token);
export const removeAccessToken = () => write('local', LOCAL_KEYS.accessToken, null);

export const getLoggedOutByChoice = () => read('local', LOCAL_KEYS.loggedOutByChoice) !== null;
export const setLoggedOutByChoice = () => write('local', LOCAL_KEYS.loggedOutByChoice, '1');
export const removeLoggedOutByChoice = () => write('local', LOCAL_KEYS.loggedOutByChoice, null);

export const getWxOpenId = () => read('local', LOCAL_KEYS.wxOpenId);
export const setWxOpenId = (openId: string) => write('local', LOCAL_KEYS.wxOpenId, openId);
export const removeWxOpenId = () => write('local', LOCAL_KEYS.wxOpenId, null);

/** Order data kept between pages; stored as JSON, unreadable data counts as none. */
export function getOrderInfo(): unknown {
  const raw = read('local', LOCAL_KEYS.orderInfo);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
export const setOrderInfo = (value: unknown) =>
  write('local', LOCAL_KEYS.orderInfo, JSON.stringify(value));
export const removeOrderInfo = () => write('local', LOCAL_KEYS.orderInfo, null);

/** The cached published price sheet (JSON as the server sent it); unreadable counts as none. */
export function getCachedPriceSheet(): unknown {
  const raw = read('local', LOCAL_KEYS.priceSheet);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
export const setCachedPriceSheet = (value: unknown) =>
  write('local', LOCAL_KEYS.priceSheet, JSON.stringify(value));

/** The quote page's shipping estimate choice as stored; unreadable counts as none. */
export function getQuoteShipping(): unknown {
  const raw = read('local', LOCAL_KEYS.quoteShipping);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
export const setQuoteShipping = (value: unknown) =>
  write('local', LOCAL_KEYS.quoteShipping, value === null ? null : JSON.stringify(value));

export const getCountGuid = () => read('local', LOCAL_KEYS.countGUID);
export const setCountGuid = (guid: string) => write('local', LOCAL_KEYS.countGUID, guid);
export const removeCountGuid = () => write('local', LOCAL_KEYS.countGUID, null);

/** Ids of the announcements the member closed on this device (JSON array, newest last). */
export function getDismissedAnnouncements(): number[] {
  try {
    const ids: unknown = JSON.parse(read('local', LOCAL_KEYS.dismissedAnnouncements) ?? '[]');
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}
export const setDismissedAnnouncements = (ids: number[]) =>
  write('local', LOCAL_KEYS.dismissedAnnouncements, JSON.stringify(ids));

export const getSessionFrom = () => read('session', SESSION_KEYS.from);
export const setSessionFrom = (from: string) => write('session', SESSION_KEYS.from, from);
export const removeSessionFrom = () => write('session', SESSION_KEYS.from, null);

export const getBusinessCode = () => read('session', SESSION_KEYS.businessCode);
export const setBusinessCode = (code: string) => write('session', SESSION_KEYS.businessCode, code);
export const removeBusinessCode = () => write('session', SESSION_KEYS.businessCode, null);

export const getReturnUrl = () => read('session', SESSION_KEYS.returnUrl);
export const setReturnUrl = (url: string) => write('session', SESSION_KEYS.returnUrl, url);
export const removeReturnUrl = () => write('session', SESSION_KEYS.returnUrl, null);

export const getBdVid = () => read('session', SESSION_KEYS.bd_vid);
export const setBdVid = (bdVid: string) => write('session', SESSION_KEYS.bd_vid, bdVid);
export const removeBdVid = () => write('session', SESSION_KEYS.bd_vid, null);

/** The online payment under way (JSON); unreadable counts as none. */
export function getPendingPayment(): unknown {
  const raw = read('session', SESSION_KEYS.pendingPayment);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}
export const setPendingPayment = (value: unknown) =>
  write('session', SESSION_KEYS.pendingPayment, JSON.stringify(value));
export const removePendingPayment = () => write('session', SESSION_KEYS.pendingPayment, null);
