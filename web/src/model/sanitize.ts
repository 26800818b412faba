/*
 * Rendered lesson HTML made safe: DOMPurify keeps only the tags and
 * attributes prose needs (no scripts, no event handlers, no styles, no
 * forms, no frames, no images, no ids or classes), and links open in a new
 * tab without access to this page.  Lessons may come from anywhere (a
 * course's own file via src=), so even the course's own, rendered at build
 * time, pass through here: this is the only HTML the app inserts.  Loaded on
 * demand (its own chunk).
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

let hooked = false;

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

/** Only what prose needs of `html`, links opening elsewhere. */
export function sanitizeHtml(html: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  return DOMPurify.sanitize(defuseHandlers(html), {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
    ADD_ATTR: ['target', 'rel'],
    KEEP_CONTENT: true,
  });
}
