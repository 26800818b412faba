/*
 * The code a course author pastes to embed a lesson: an <iframe> of
 * embed.html, or the <lockstep-lesson> element with its one script tag.
 * Both carry the lesson, and the variant, schedule and step the learner is
 * at.  Pure functions, no DOM.
 */
import { formatPlace, type Place } from './params';

/** Text safe inside a double-quoted HTML attribute. */
export function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The address of the compact page for this place; `base` is the app's folder ("https://x.org/lockstep/"). */
export function embedUrl(base: string, place: Place): string {
  const dir = base.endsWith('/') ? base : `${base}/`;
  return `${dir}embed.html${formatPlace(place)}`;
}

export interface EmbedCode {
  iframe: string;
  element: string;
}

/** The iframe and the custom element for a lesson at this place. */
export function embedCode(base: string, place: Place, title: string): EmbedCode {
  const dir = base.endsWith('/') ? base : `${base}/`;
  const iframe =
    `<iframe src="${attr(embedUrl(dir, place))}" title="${attr(title)}"` +
    ` width="100%" height="640" style="border:0" loading="lazy"></iframe>`;
  const attrs: [string, string | undefined][] = [
    ['lesson', place.lesson],
    ['variant', place.variant],
    ['schedule', place.schedule],
    ['step', place.schedule && place.step !== undefined ? String(place.step) : undefined],
    ['lang', place.lang],
  ];
  const list = attrs
    .filter((a): a is [string, string] => a[1] !== undefined && a[1] !== '')
    .map(([k, v]) => ` ${k}="${attr(v)}"`)
    .join('');
  const element =
    `<script src="${attr(`${dir}lockstep-embed.js`)}" defer></script>\n` +
    `<lockstep-lesson${list}></lockstep-lesson>`;
  return { iframe, element };
}
