// What a narrow phone must not do to a screen. The app shell clips sideways overflow
// (`overflow-x: hidden`, app/global.css), so the page never scrolls sideways: a part that does
// not fit is cut off instead, and `scrollWidth` alone cannot see it. This looks at every box and
// every run of text: each must lie inside whatever clips it (the viewport, the shell, a card with
// hidden overflow), unless that is a scroller of its own (the status chips) or a box that ends its
// own text with an ellipsis, or moves on purpose (the announcement's marquee).
import { expect, type Page } from '@playwright/test';

export interface CutOff {
  /** tag.class[data-testid] of the element, or of the text's parent. */
  what: string;
  text: string;
  left: number;
  right: number;
  /** The clipping box's edges. */
  clip: [number, number];
}

/** Every box and text run that its clipping box cuts, described for a failure message. */
export function cutOffParts(page: Page): Promise<CutOff[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const testId = el.getAttribute('data-testid');
      const cls = typeof el.className === 'string' ? el.className.trim().split(/\s+/)[0] : '';
      return `${el.tagName.toLowerCase()}${cls ? `.${cls}` : ''}${testId ? `[${testId}]` : ''}`;
    };
    /** The nearest box from `el` up that clips sideways. */
    const clipOf = (el: Element | null): Element | null => {
      for (let at = el; at && at !== document.documentElement; at = at.parentElement) {
        if (getComputedStyle(at).overflowX !== 'visible') return at;
      }
      return null;
    };
    const scrolls = (el: Element) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
    /** Where `clip` cuts: its padding box within the viewport. */
    const edges = (clip: Element | null): [number, number] => {
      if (!clip) return [0, width];
      const left = clip.getBoundingClientRect().left + clip.clientLeft;
      return [Math.max(0, left), Math.min(width, left + clip.clientWidth)];
    };
    const shown = (el: Element) => {
      const style = getComputedStyle(el);
      return style.visibility !== 'hidden' && style.display !== 'none' && Number(style.opacity) > 0;
    };
    // A marquee slides its text through its box for ever: what its box hides comes round.
    const moving = document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations === Infinity)
      .map((a) => (a.effect as KeyframeEffect | null)?.target)
      .filter((target): target is Element => target instanceof Element);
    const found: CutOff[] = [];
    const check = (rect: DOMRect, clip: Element | null, el: Element, text: string) => {
      if (rect.width === 0 || rect.height === 0) return;
      const [from, to] = edges(clip);
      if (rect.right <= to + 0.5 && rect.left >= from - 0.5) return;
      found.push({
        what: describe(el),
        text: text.replace(/\s+/g, ' ').trim().slice(0, 40),
        left: Math.round(rect.left),
        right: Math.round(rect.right),
        clip: [Math.round(from), Math.round(to)],
      });
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!shown(el) || el.closest('[aria-hidden="true"]')) continue;
      if (moving.some((target) => target.contains(el))) continue;
      // Screen-reader-only text: a 1×1 clipped box.
      if (getComputedStyle(el).clip.startsWith('rect(')) continue;
      const clip = clipOf(el.parentElement);
      // What a scroller holds is reached by scrolling it (the scroller itself must fit).
      if (!clip || !scrolls(clip))
        check(el.getBoundingClientRect(), clip, el, el.textContent ?? '');
      const textClip = clipOf(el);
      if (textClip && scrolls(textClip)) continue;
      if (textClip === el && getComputedStyle(el).textOverflow === 'ellipsis') continue;
      for (const node of Array.from(el.childNodes)) {
        if (node.nodeType !== Node.TEXT_NODE || !node.textContent?.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const rect of Array.from(range.getClientRects())) {
          check(rect, textClip, el, node.textContent);
        }
      }
    }
    return found;
  });
}

/** The screen fits its width: no sideways scroll, nothing cut off at the edge. */
export async function expectFitsWidth(page: Page): Promise<void> {
  const scroll = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(scroll, 'the page scrolls sideways').toBe(0);
  expect(await cutOffParts(page), 'parts of the screen are cut off at its edge').toEqual([]);
}
