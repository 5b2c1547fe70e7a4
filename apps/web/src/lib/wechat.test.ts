import { afterEach, describe, expect, it } from 'vitest';
import { isIOS, isMiniProgram, isWeChatBrowser } from './wechat';

const wechatUa =
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116.0 Mobile Safari/537.36 MicroMessenger/8.0.47.2560 NetType/WIFI';
const miniProgramUa = `${wechatUa} miniProgram/wx1234567890`;
const safariUa =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1';

afterEach(() => {
  delete window.__wxjs_environment;
});

describe('isWeChatBrowser', () => {
  it('recognises MicroMessenger in the user agent', () => {
    expect(isWeChatBrowser(wechatUa)).toBe(true);
    expect(isWeChatBrowser(miniProgramUa)).toBe(true);
    expect(isWeChatBrowser(safariUa)).toBe(false);
  });
});

describe('isMiniProgram', () => {
  it('is false in an ordinary browser and in the plain WeChat browser', () => {
    expect(isMiniProgram(safariUa)).toBe(false);
    expect(isMiniProgram(wechatUa)).toBe(false);
  });
  it('is true when the session came from the mini-program', () => {
    sessionStorage.setItem('from', 'miniprogram');
    expect(isMiniProgram(safariUa)).toBe(true);
  });
  it('is true for a miniProgram user agent', () => {
    expect(isMiniProgram(miniProgramUa)).toBe(true);
  });
  it('is true when the JS bridge reports the mini-program environment', () => {
    window.__wxjs_environment = 'miniprogram';
    expect(isMiniProgram(wechatUa)).toBe(true);
  });
});

describe('isIOS', () => {
  it('recognises iPhone and iPad but not Android', () => {
    expect(isIOS(safariUa, 5)).toBe(true);
    expect(isIOS('Mozilla/5.0 (iPad; CPU OS 16_0 like Mac OS X)', 5)).toBe(true);
    expect(isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 5)).toBe(true);
    expect(isIOS('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) Safari', 0)).toBe(false);
    expect(isIOS(wechatUa, 5)).toBe(false);
  });
});
