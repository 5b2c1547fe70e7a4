import { afterEach, describe, expect, it, vi } from 'vitest';
import { documentNavigation } from './document-navigation';

afterEach(() => vi.restoreAllMocks());

describe('documentNavigation.assignSendingOrigin', () => {
  it('follows a link that sends our origin only, and leaves nothing behind', () => {
    const followed: { href: string; policy: string; rel: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      followed.push({ href: this.href, policy: this.referrerPolicy, rel: this.rel });
    });
    const url = 'https://wx.tenpay.com/cgi-bin/mmpayweb-bin/checkmweb?prepay_id=wx26&package=1';
    documentNavigation.assignSendingOrigin(url);
    // strict-origin: the origin, never a path or query, and nothing to a plain-http page.
    expect(followed).toEqual([{ href: url, policy: 'strict-origin', rel: '' }]);
    expect(document.querySelectorAll('a')).toHaveLength(0);
  });
});
