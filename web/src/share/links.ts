/*
 * The links and snippets that carry a document (see @lockstep/link.js for
 * the payload): play it (index.html), edit it (author.html), frame it
 * (embed.html, as an iframe or the <lockstep-lesson doc=…> element).  A link
 * longer than LINK_NOTE_CHARS gets a note; one longer than MAX_LINK_CHARS is
 * refused, and the document goes by Download instead.  Pure functions.
 */
import { LINK_NOTE_CHARS, MAX_LINK_CHARS } from '@lockstep/link.js';
import { elementCode, iframeCode } from '../model/embed';

export type Page = 'index' | 'author' | 'embed';

/** The folder of the app ("https://x.org/lockstep/") from any of its pages' addresses. */
export function appFolder(href: string): string {
  const url = new URL(href);
  url.hash = '';
  url.search = '';
  return new URL('.', url).href;
}

/** The address of `page` carrying `payload`. */
export function linkTo(dir: string, page: Page, payload: string): string {
  return `${dir}${page}.html#src=${payload}`;
}

/** How a link of this length may travel: as is, with a note, or not at all. */
export function lengthVerdict(length: number): 'short' | 'long' | 'too-long' {
  if (length > MAX_LINK_CHARS) return 'too-long';
  return length > LINK_NOTE_CHARS ? 'long' : 'short';
}

export interface ShareCode {
  play: string;
  edit: string;
  iframe: string;
  element: string;
  /** the longest of them, which decides the verdict */
  longest: number;
}

/** Everything the Share panel offers for one document. */
export function shareCode(dir: string, payload: string, title: string): ShareCode {
  const play = linkTo(dir, 'index', payload);
  const edit = linkTo(dir, 'author', payload);
  const framed = linkTo(dir, 'embed', payload);
  return {
    play,
    edit,
    iframe: iframeCode('lockstep-shared', framed, title),
    element: elementCode(dir, [['doc', payload]]),
    longest: Math.max(play.length, edit.length, framed.length),
  };
}

/** The file name Download offers: the lesson's id or the scenario's title, as a safe slug. */
export function downloadName(kind: 'lesson' | 'scenario', name: string): string {
  const slug =
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || kind;
  return `${slug}.${kind === 'lesson' ? 'md' : 'yaml'}`;
}
