// Full page loads leave the single-page app (the quote page is another application, and a
// reload of '/' resets a broken login loop). Kept in one object so tests can observe them.
export const documentNavigation = {
  assign(href: string): void {
    window.location.assign(href);
  },

  /**
   * Leaves for `href` telling it our origin as the Referer, and nothing more of the page (no
   * path, no query). Our pages send no Referer at all (`Referrer-Policy: no-referrer`), so that
   * no token in an address reaches another site; WeChat Pay's H5 page refuses a visit without the
   * merchant's registered domain as its Referer (decision 0057). A link with its own
   * `referrerpolicy` overrides the page's policy for that one navigation.
   */
  assignSendingOrigin(href: string): void {
    const link = document.createElement('a');
    link.href = href;
    link.referrerPolicy = 'strict-origin';
    link.hidden = true;
    document.body.append(link);
    link.click();
    link.remove();
  },
};
