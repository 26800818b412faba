/*
 * Opening the document a link carries (index.html#src=… or embed.html#src=…)
 * in the app or the embed: decoded (codec.ts), then opened as a lesson or a
 * scenario from its text, like a file hosted elsewhere; nothing in it runs
 * (its Markdown is sanitised like any lesson's).  A link that cannot be read
 * says why in the page and opens `fallback` instead, so nothing is lost.
 * Its own chunk: the app's first load does not carry it.
 */
import { LinkError, documentKind, payloadOf } from '@lockstep/link.js';
import type { OpenOptions } from '../bridge/bridge';
import type { Store } from '../store/store';
import { carriesDocument } from '../model/params';
import { decodeDocument } from './codec';
import { linkProblem, say } from './messages';

/** A scenario's own `schedule:` (a one-line value), which a shared scenario opens by. */
function ownSchedule(text: string): string | undefined {
  return /^schedule:[ \t]*["']?([^"'\n#]*?)["']?[ \t]*$/m.exec(text)?.[1] || undefined;
}

/** The schedule of the document opened last: a new version replays its schedule only when it changed. */
let lastOwn: string | undefined;

/**
 * Opens the document of `href`; on a bad link, notifies and runs `fallback`.
 * Returns the document's text, or null.
 */
export async function openShared(
  store: Store,
  href: string,
  at: OpenOptions,
  fallback: () => Promise<void>,
): Promise<string | null> {
  let text: string;
  try {
    text = await decodeDocument(payloadOf(href));
  } catch (e) {
    if (!(e instanceof LinkError)) throw e;
    store.notify('error', linkProblem(e.problem), say('opened.kept'));
    await fallback();
    return null;
  }
  if (documentKind(text) === 'lesson') await store.openLessonText(text, 'link.md', at);
  else {
    // a shared scenario opens where its author's schedule leads (a new one when it was edited)
    const own = ownSchedule(text);
    const where =
      own !== undefined && own !== lastOwn ? { variant: at.variant, schedule: own, keepPrefix: true } : at;
    lastOwn = own;
    await store.openFile(text, 'link.yaml', where);
  }
  return text;
}

/**
 * Where the open run is, to reopen an edited document there: the variant,
 * the whole recorded run and the step, kept as far as the new document
 * still allows (keepPrefix).
 */
export function hereOf(store: Store): OpenOptions {
  const { snap } = store.get();
  if (!snap) return {};
  const whole = snap.full ?? snap.summary;
  return {
    variant: snap.state.variant,
    schedule: whole.steps > 0 ? whole.compact : undefined,
    step: snap.state.step,
    keepPrefix: true,
  };
}

/**
 * Follows the address's document: when its fragment changes (the author
 * page's preview sends every edit this way), the new document opens where
 * the run was.  A bad link leaves the open run as it is.
 */
export function followShared(store: Store): void {
  window.addEventListener('hashchange', () => {
    if (!carriesDocument(location.hash)) return;
    void openShared(store, location.href, hereOf(store), async () => undefined);
  });
}
