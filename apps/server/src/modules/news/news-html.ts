import sanitizeHtml from 'sanitize-html';
import { NEWS_HTML_TAGS } from '@pcb/contract/news';

/**
 * The allow-list a news body is saved through (decision 0075): what the console's editor
 * writes and nothing else. Every attribute not named here is dropped (on* handlers, style,
 * srcdoc, formaction), every tag not named here is dropped with its text kept, and script,
 * style and other non-text tags are dropped with their contents.
 */
const allowedTags = [...NEWS_HTML_TAGS];

/** A link may go to a web page or an e-mail address, written out in full. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
/** An image comes over https, or from this site (a path, never `//host`). */
const SAFE_SRC = /^(?:https:\/\/|\/(?!\/))/i;

const options: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'template',
    'iframe',
    'object',
    'embed',
    'xmp',
    'noembed',
    'noframes',
    'title',
    'svg',
    'math',
  ],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs.href?.trim();
      const safe: sanitizeHtml.Attributes =
        href && SAFE_HREF.test(href)
          ? { href, rel: 'noopener noreferrer nofollow', target: '_blank' }
          : {};
      return { tagName, attribs: safe };
    },
  },
  // An image without a safe source is no image at all.
  exclusiveFilter: (frame) =>
    frame.tag === 'img' && !SAFE_SRC.test(frame.attribs.src?.trim() ?? ''),
};

/** The body as it is stored and served: only the allow-list's tags and attributes. */
export function sanitizeNewsHtml(html: string): string {
  return sanitizeHtml(html, options).trim();
}

/** Whether a sanitised body still has something to read (text or an image). */
export function hasNewsContent(html: string): boolean {
  return (
    /<img\s/i.test(html) ||
    sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} }).trim() !== ''
  );
}
