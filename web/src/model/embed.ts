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

/** The height an embedded lesson starts at, before its first height message. */
export const EMBED_START_HEIGHT = 760;

/**
 * The iframe and the custom element for a lesson at this place.  The iframe
 * comes with the few lines that fit it to the lesson: the lesson posts its
 * height ({source: 'lockstep', type: 'height', height}) whenever it changes.
 */
export function embedCode(base: string, place: Place, title: string): EmbedCode {
  const dir = base.endsWith('/') ? base : `${base}/`;
  const id = `lockstep-${(place.lesson ?? 'lesson').replace(/[^a-z0-9-]/gi, '')}`;
  const attrs: [string, string | undefined][] = [
    ['lesson', place.lesson],
    ['variant', place.variant],
    ['schedule', place.schedule],
    ['step', place.schedule && place.step !== undefined ? String(place.step) : undefined],
    ['lang', place.lang],
  ];
  return { iframe: iframeCode(id, embedUrl(dir, place), title), element: elementCode(dir, attrs) };
}

/** An iframe of `url` with the few lines that fit it to the lesson's height. */
export function iframeCode(id: string, url: string, title: string): string {
  return (
    `<iframe id="${attr(id)}" src="${attr(url)}" title="${attr(title)}"` +
    ` width="100%" height="${EMBED_START_HEIGHT}" style="border:0" loading="lazy"></iframe>\n` +
    `<script>\n` +
    `  // fits the frame to the lesson whenever the lesson's height changes\n` +
    `  addEventListener('message', function (e) {\n` +
    `    var f = document.getElementById('${id}');\n` +
    `    if (f && e.source === f.contentWindow && e.data && e.data.source === 'lockstep' && e.data.type === 'height')\n` +
    `      f.style.height = e.data.height + 'px';\n` +
    `  });\n` +
    `</script>`
  );
}

/** The <lockstep-lesson> element with these attributes (empty ones left out) and its script. */
export function elementCode(dir: string, attrs: [string, string | undefined][]): string {
  const list = attrs
    .filter((a): a is [string, string] => a[1] !== undefined && a[1] !== '')
    .map(([k, v]) => ` ${k}="${attr(v)}"`)
    .join('');
  return (
    `<script src="${attr(`${dir}lockstep-embed.js`)}" defer></script>\n` +
    `<lockstep-lesson${list}></lockstep-lesson>`
  );
}
