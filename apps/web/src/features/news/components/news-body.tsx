import DOMPurify from 'dompurify';
import { useMemo } from 'react';
import { NEWS_HTML_TAGS } from '@pcb/contract/news';

/**
 * The same allow-list the server saves through (decision 0075), applied again in the browser
 * before the HTML reaches the page: a body that ever got past the server (an old row, a
 * mistake) still renders inert.
 */
const config = {
  ALLOWED_TAGS: [...NEWS_HTML_TAGS],
  ALLOWED_ATTR: ['href', 'rel', 'target', 'src', 'alt', 'colspan', 'rowspan'],
  ALLOWED_URI_REGEXP: /^(?:https?:\/\/|mailto:|\/(?!\/))/i,
  ALLOW_DATA_ATTR: false,
};

const SAFE_SRC = /^(?:https:\/\/|\/(?!\/))/i;

let hooked = false;
function addHooks() {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      if (node.hasAttribute('href')) {
        node.setAttribute('rel', 'noopener noreferrer nofollow');
        node.setAttribute('target', '_blank');
      } else {
        node.removeAttribute('target');
        node.removeAttribute('rel');
      }
    }
    if (node.tagName === 'IMG' && !SAFE_SRC.test(node.getAttribute('src') ?? '')) node.remove();
  });
}

/** Sanitised once more, then rendered as HTML. */
export function sanitizeForPage(html: string): string {
  addHooks();
  return DOMPurify.sanitize(html, config);
}

export function NewsBody({ html }: { html: string }) {
  const clean = useMemo(() => sanitizeForPage(html), [html]);
  // Inert: sanitised by the server when saved and by DOMPurify just above.
  return (
    <div
      className="news-body"
      data-testid="news-body"
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
