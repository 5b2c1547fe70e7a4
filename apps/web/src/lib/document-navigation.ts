// Full page loads leave the single-page app (the quote page is another application, and a
// reload of '/' resets a broken login loop). Kept in one object so tests can observe them.
export const documentNavigation = {
  assign(href: string): void {
    window.location.assign(href);
  },
};
