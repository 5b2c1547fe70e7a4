import { describe, expect, it, vi } from 'vitest';
import {
  acquireOpenId,
  guardTokenLogin,
  tokenLogin,
  withoutOAuthParams,
  type WechatLoginDeps,
} from './wechat-login';

const WECHAT_UA =
  'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/122.0 Mobile Safari/537.36 MicroMessenger/8.0.48.2580 NetType/WIFI';
const SAFARI_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';
const SEALED = `v1.${'a'.repeat(40)}.sig`;
const PAGE = 'https://m.example.com/member?from=menu';

/** A browser inside WeChat with nothing stored; every call succeeds unless a test says so. */
function fakeBrowser(overrides: Partial<WechatLoginDeps> & { stored?: string | null } = {}) {
  let stored: string | null = overrides.stored ?? null;
  let token: string | null = null;
  let url = PAGE;
  const deps: WechatLoginDeps = {
    userAgent: WECHAT_UA,
    isMiniProgram: () => false,
    currentUrl: () => url,
    getStoredOpenId: () => stored,
    storeOpenId: vi.fn((id: string) => {
      stored = id;
    }),
    isTokenValid: () => token !== null,
    storeToken: vi.fn((t: string) => {
      token = t;
    }),
    exchangeCode: vi.fn(() => Promise.resolve({ openid: SEALED })),
    getAuthorizeUrl: vi.fn(() =>
      Promise.resolve('https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1'),
    ),
    openIdLogin: vi.fn(() => Promise.resolve({ accessToken: 'token-from-openid' })),
    navigateTo: vi.fn(),
    replaceUrl: vi.fn((next: string) => {
      url = next;
    }),
    ...overrides,
  };
  return {
    deps,
    setUrl: (next: string) => {
      url = next;
    },
    stored: () => stored,
    token: () => token,
  };
}

describe('openId acquisition (spec section 4)', () => {
  it('uses a stored openId longer than 10 characters without asking anyone', async () => {
    const browser = fakeBrowser({ stored: 'o12345678901' });
    expect(await acquireOpenId(browser.deps)).toBe(true);
    expect(browser.deps.exchangeCode).not.toHaveBeenCalled();
    expect(browser.deps.getAuthorizeUrl).not.toHaveBeenCalled();
  });

  it('does not count a stored openId of 10 characters', async () => {
    const browser = fakeBrowser({ stored: 'o123456789' });
    expect(await acquireOpenId(browser.deps)).toBe('redirecting');
    expect(browser.deps.getAuthorizeUrl).toHaveBeenCalled();
  });

  it('counts a stored openId of 11 characters', async () => {
    const browser = fakeBrowser({ stored: 'o1234567890' });
    expect(await acquireOpenId(browser.deps)).toBe(true);
  });

  it('fails quietly outside the WeChat browser', async () => {
    const browser = fakeBrowser({ userAgent: SAFARI_UA });
    browser.setUrl(`${PAGE}&code=abc&state=s1`);
    expect(await acquireOpenId(browser.deps)).toBe(false);
    expect(browser.deps.exchangeCode).not.toHaveBeenCalled();
    expect(browser.deps.getAuthorizeUrl).not.toHaveBeenCalled();
  });

  it('fails quietly inside the mini-program', async () => {
    const browser = fakeBrowser({ isMiniProgram: () => true });
    expect(await acquireOpenId(browser.deps)).toBe(false);
    expect(browser.deps.getAuthorizeUrl).not.toHaveBeenCalled();
  });

  it('exchanges the URL code with its state, stores the openid and cleans the address', async () => {
    const browser = fakeBrowser();
    browser.setUrl('https://m.example.com/member?from=menu&code=CODE1&state=S1#top');
    expect(await acquireOpenId(browser.deps)).toBe(true);
    expect(browser.deps.exchangeCode).toHaveBeenCalledWith({ code: 'CODE1', state: 'S1' });
    expect(browser.stored()).toBe(SEALED);
    expect(browser.deps.replaceUrl).toHaveBeenCalledWith(
      'https://m.example.com/member?from=menu#top',
    );
  });

  it.each([
    ['empty', ''],
    ['the text undefined', 'undefined'],
  ])('ignores a code that is %s and asks for authorization instead', async (_, code) => {
    const browser = fakeBrowser();
    browser.setUrl(`https://m.example.com/member?code=${code}&state=S1`);
    expect(await acquireOpenId(browser.deps)).toBe('redirecting');
    expect(browser.deps.exchangeCode).not.toHaveBeenCalled();
    expect(browser.deps.getAuthorizeUrl).toHaveBeenCalledWith('https://m.example.com/member');
  });

  it('refuses an openid of 20 characters and accepts one of 21', async () => {
    const short = fakeBrowser({
      exchangeCode: vi.fn(() => Promise.resolve({ openid: 'x'.repeat(20) })),
    });
    short.setUrl(`${PAGE}&code=C&state=S`);
    expect(await acquireOpenId(short.deps)).toBe(false);
    expect(short.deps.storeOpenId).not.toHaveBeenCalled();
    // The code is spent either way: a reload must not present it again.
    expect(short.deps.replaceUrl).toHaveBeenCalledWith(PAGE);

    const long = fakeBrowser({
      exchangeCode: vi.fn(() => Promise.resolve({ openid: 'x'.repeat(21) })),
    });
    long.setUrl(`${PAGE}&code=C&state=S`);
    expect(await acquireOpenId(long.deps)).toBe(true);
    expect(long.stored()).toBe('x'.repeat(21));
  });

  it('reports false when the exchange fails, and still removes code and state', async () => {
    const browser = fakeBrowser({
      exchangeCode: vi.fn(() => Promise.reject(new Error('授权码已使用'))),
    });
    browser.setUrl(`${PAGE}&code=C&state=S`);
    expect(await acquireOpenId(browser.deps)).toBe(false);
    expect(browser.deps.replaceUrl).toHaveBeenCalledWith(PAGE);
  });

  it('without a code, asks for the authorization URL of this page and goes there', async () => {
    const browser = fakeBrowser();
    expect(await acquireOpenId(browser.deps)).toBe('redirecting');
    expect(browser.deps.getAuthorizeUrl).toHaveBeenCalledWith(PAGE);
    expect(browser.deps.navigateTo).toHaveBeenCalledWith(
      'https://open.weixin.qq.com/connect/oauth2/authorize?appid=wx1',
    );
  });

  it('stays on the page when the authorization URL cannot be had', async () => {
    const browser = fakeBrowser({ getAuthorizeUrl: vi.fn(() => Promise.reject(new Error('x'))) });
    expect(await acquireOpenId(browser.deps)).toBe(false);
    expect(browser.deps.navigateTo).not.toHaveBeenCalled();
  });
});

describe('token login (spec section 4)', () => {
  it('with a stored openId and a valid token, needs nothing more', async () => {
    const browser = fakeBrowser({ stored: SEALED, isTokenValid: () => true });
    expect(await tokenLogin(browser.deps)).toBe(true);
    expect(browser.deps.openIdLogin).not.toHaveBeenCalled();
  });

  it('with a stored openId, logs in by openId and stores the token', async () => {
    const browser = fakeBrowser({ stored: SEALED });
    expect(await tokenLogin(browser.deps)).toBe(true);
    expect(browser.deps.openIdLogin).toHaveBeenCalledWith(SEALED);
    expect(browser.token()).toBe('token-from-openid');
  });

  it('reports false when login by openId fails', async () => {
    const browser = fakeBrowser({
      stored: SEALED,
      openIdLogin: vi.fn(() => Promise.reject(new Error('未绑定'))),
    });
    expect(await tokenLogin(browser.deps)).toBe(false);
    expect(browser.token()).toBeNull();
  });

  it('without one, acquires the openId from the URL code and retries the login with it', async () => {
    const browser = fakeBrowser();
    browser.setUrl(`${PAGE}&code=C&state=S`);
    expect(await tokenLogin(browser.deps)).toBe(true);
    expect(browser.deps.exchangeCode).toHaveBeenCalledTimes(1);
    expect(browser.deps.openIdLogin).toHaveBeenCalledWith(SEALED);
    expect(browser.token()).toBe('token-from-openid');
  });

  it('is satisfied when the token became valid during the acquisition', async () => {
    let valid = false;
    const browser = fakeBrowser({
      isTokenValid: () => valid,
      exchangeCode: vi.fn(() => {
        valid = true;
        return Promise.resolve({ openid: SEALED });
      }),
    });
    browser.setUrl(`${PAGE}&code=C&state=S`);
    expect(await tokenLogin(browser.deps)).toBe(true);
    expect(browser.deps.openIdLogin).not.toHaveBeenCalled();
  });

  it('reports false when no openId can be acquired', async () => {
    const browser = fakeBrowser({ userAgent: SAFARI_UA });
    expect(await tokenLogin(browser.deps)).toBe(false);
  });

  it('passes on a redirect to the authorization page', async () => {
    const browser = fakeBrowser();
    expect(await tokenLogin(browser.deps)).toBe('redirecting');
    expect(browser.deps.openIdLogin).not.toHaveBeenCalled();
  });

  it('does not start over when the obtained openId could not be stored', async () => {
    const browser = fakeBrowser({ storeOpenId: vi.fn() });
    browser.setUrl(`${PAGE}&code=C&state=S`);
    expect(await tokenLogin(browser.deps)).toBe(false);
    expect(browser.deps.getAuthorizeUrl).not.toHaveBeenCalled();
  });
});

describe('guardTokenLogin', () => {
  it('logs in with a bound openId', async () => {
    const browser = fakeBrowser({ stored: SEALED });
    const binding = vi.fn();
    expect(await guardTokenLogin(browser.deps, binding)).toBe('loggedIn');
    expect(binding).not.toHaveBeenCalled();
  });

  it('tells an unbound openId apart from other failures', async () => {
    const failing = { openIdLogin: vi.fn(() => Promise.reject(new Error('x'))) };
    const unbound = fakeBrowser({ stored: SEALED, ...failing });
    expect(await guardTokenLogin(unbound.deps, () => Promise.resolve({ isBound: false }))).toBe(
      'unbound',
    );

    const bound = fakeBrowser({ stored: SEALED, ...failing });
    expect(await guardTokenLogin(bound.deps, () => Promise.resolve({ isBound: true }))).toBe(
      'failed',
    );

    const offline = fakeBrowser({ stored: SEALED, ...failing });
    expect(await guardTokenLogin(offline.deps, () => Promise.reject(new Error('x')))).toBe(
      'failed',
    );
  });

  it('fails without an openId, and waits while the page leaves for WeChat', async () => {
    expect(await guardTokenLogin(fakeBrowser({ userAgent: SAFARI_UA }).deps)).toBe('failed');
    expect(await guardTokenLogin(fakeBrowser().deps)).toBe('redirecting');
  });
});

describe('withoutOAuthParams', () => {
  it('removes code and state only', () => {
    expect(withoutOAuthParams('https://a.cn/bind?code=1&x=2&state=3')).toBe(
      'https://a.cn/bind?x=2',
    );
    expect(withoutOAuthParams('https://a.cn/bind?x=%E4%B8%AD')).toBe(
      'https://a.cn/bind?x=%E4%B8%AD',
    );
  });
  it("drops the '#wechat_redirect' that comes back from WeChat's authorization page", () => {
    expect(withoutOAuthParams('https://a.cn/member?code=1&state=2#wechat_redirect')).toBe(
      'https://a.cn/member',
    );
    expect(withoutOAuthParams('https://a.cn/member#top')).toBe('https://a.cn/member#top');
  });
});
