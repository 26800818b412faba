/*
 * Rendered lesson HTML made safe: DOMPurify keeps only the tags and
 * attributes prose needs (no scripts, no event handlers, no styles, no
 * forms, no frames, no images, no ids or classes), and links open in a new
 * tab without access to this page.  Every lesson body the app inserts has
 * passed through here: the course's own when the app is built
 * (web/plugins/lessons.ts, DOMPurify over jsdom's window), a lesson from
 * elsewhere in the page (its own chunk, loaded on demand).  One rule, so both
 * are cleaned alike.
 */
import DOMPurify from 'dompurify';

const ALLOWED_TAGS = [
  'p',
  'br',
  'hr',
  'em',
  'strong',
  'b',
  'i',
  'del',
  's',
  'code',
  'pre',
  'kbd',
  'sub',
  'sup',
  'mark',
  'blockquote',
  'ul',
  'ol',
  'li',
  'h3',
  'h4',
  'h5',
  'h6',
  'a',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
];
const ALLOWED_ATTR = ['href', 'title', 'start', 'align', 'lang'];

type Purifier = typeof DOMPurify;

/** An event handler attribute inside a tag (`<img src=x onerror=…>`, `<svg/onload=…>`). */
const HANDLER = /(<[a-z][^>]*?[\s/])on([a-z]+\s*=)/gi;

/**
 * Event handler attributes renamed before any parser sees them: the browser
 * reports a Content Security Policy violation as soon as it parses one into
 * this page's documents, even one DOMPurify is about to drop.  The renamed
 * attribute (data-defused-…) is not allowed, so DOMPurify drops it too.
 */
export function defuseHandlers(html: string): string {
  let before;
  let out = html;
  do {
    before = out;
    out = out.replace(HANDLER, '$1data-defused-$2');
  } while (out !== before);
  return out;
}

/**
 * The sanitizer of `purify` (the page's DOMPurify, or one made over another
 * window): only what prose needs of some HTML, links opening elsewhere.
 */
export function proseSanitizer(purify: Purifier): (html: string) => string {
  purify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return (html) => clean(purify, html);
}

let inPage: ((html: string) => string) | null = null;

/** Only what prose needs of `html`, links opening elsewhere (in the page). */
export function sanitizeHtml(html: string): string {
  inPage ??= proseSanitizer(DOMPurify);
  return inPage(html);
}

function clean(purify: Purifier, html: string): string {
  return purify.sanitize(defuseHandlers(html), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
    ADD_ATTR: ['target', 'rel'],
    KEEP_CONTENT: true,
  });
}
