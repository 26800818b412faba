/*
 * A lesson's Markdown as HTML, not yet safe: marked renders it, and headings
 * of the page's own levels become h3 (the page owns h1 and h2).  Pure, no
 * DOM, so the same function renders the course's lessons at build time
 * (web/plugins/lessons.ts) and a lesson from elsewhere in the browser.
 * Whatever it returns goes through sanitizeHtml (sanitize.ts) before it is
 * shown.
 */
import { Marked } from 'marked';

const marked = new Marked({ gfm: true, breaks: false, async: false });

/** The Markdown text as HTML (a fragment), unsanitized. */
export function markdownToHtml(source: string): string {
  return (marked.parse(source, { async: false }) as string).replace(/<(\/?)h[12]\b/g, '<$1h3');
}
