// The toasts (antd-mobile) and messages (antd) a person saw, recorded as they appear. A notice
// shows for two or three seconds; on a busy machine an assertion that polls for it can look
// before and after and miss it. The page keeps every text a notice showed instead, and a check
// takes the first one that matches (so the same notice twice needs two checks).
import { expect, type Page } from '@playwright/test';

declare global {
  interface Window {
    e2eNotices?: string[];
  }
}

/** Records every notice of the page's documents from now on (call before the first `goto`). */
export async function recordNotices(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    window.e2eNotices = seen;
    const last = new WeakMap<Element, string>();
    const look = () => {
      for (const el of Array.from(
        document.querySelectorAll('.adm-toast-main, .ant-message-notice'),
      )) {
        const text = el.textContent?.trim() ?? '';
        if (text && last.get(el) !== text) {
          last.set(el, text);
          seen.push(text);
        }
      }
    };
    new MutationObserver(look).observe(document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
}

/** A notice containing `text` showed since the last check that took it. */
export async function expectNotice(page: Page, text: string, timeout = 60_000): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((wanted) => {
          const seen = window.e2eNotices ?? [];
          const at = seen.findIndex((notice) => notice.includes(wanted));
          if (at < 0) return seen;
          seen.splice(at, 1);
          return true;
        }, text),
      { message: `a notice 「${text}」`, timeout },
    )
    .toBe(true);
}
