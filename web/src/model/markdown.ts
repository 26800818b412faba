/*
 * A lesson's Markdown as HTML, made safe: marked renders it, DOMPurify keeps
 * only the tags and attributes prose needs (no scripts, no event handlers, no
 * styles, no forms, no frames, no images, no ids or classes), and links open
 * in a new tab without access to this page.  Lessons may come from anywhere
 * (a course's own file via src=), so their text is treated as hostile.  This
 * is the only HTML the app inserts.  Loaded on demand (its own chunk).
 */
import DOMPurify from 'dompurify';
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });

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

/** The Markdown text as sanitized HTML (a fragment). */
export function renderMarkdown(source: string): string {
  if (!hooked) {
    DOMPurify.addHook('afterSanitizeAttributes', (node) => {
      if (node.tagName === 'A') {
        node.setAttribute('target', '_blank');
        node.setAttribute('rel', 'noopener noreferrer nofollow');
      }
    });
    hooked = true;
  }
  // headings of the lesson's own level and above become h3: the page owns h1 and h2
  const html = (marked.parse(source, { async: false }) as string).replace(/<(\/?)h[12]\b/g, '<$1h3');
  return DOMPurify.sanitize(html, {
    ALLOWED_TAGS,
    ALLOWED_ATTR,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|#)/i,
    ADD_ATTR: ['target', 'rel'],
    KEEP_CONTENT: true,
  });
}
