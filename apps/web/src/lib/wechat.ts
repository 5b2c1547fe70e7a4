import { getSessionFrom } from './storage';

export const MINI_PROGRAM_FROM = 'miniprogram';

/** The WeChat in-app browser (also true inside a mini-program web-view). */
export function isWeChatBrowser(userAgent: string = navigator.userAgent): boolean {
  return /MicroMessenger/i.test(userAgent);
}

/**
 * Inside a WeChat mini-program web-view. The entry parameter from=miniprogram is the reliable
 * signal; the user agent and the JS-bridge flag cover pages opened without it.
 */
export function isMiniProgram(userAgent: string = navigator.userAgent): boolean {
  return (
    getSessionFrom() === MINI_PROGRAM_FROM ||
    /miniProgram/i.test(userAgent) ||
    window.__wxjs_environment === 'miniprogram'
  );
}

/** iPhone, iPad and iPod, including iPadOS that reports itself as a Mac with touch. */
export function isIOS(
  userAgent: string = navigator.userAgent,
  maxTouchPoints: number = navigator.maxTouchPoints,
): boolean {
  return (
    /iPhone|iPad|iPod/i.test(userAgent) || (/Macintosh/i.test(userAgent) && maxTouchPoints > 1)
  );
}
