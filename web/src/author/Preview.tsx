/*
 * The live preview: the document played by the app's own pages, as learners
 * will see it (a lesson in embed.html, a scenario in index.html), in a
 * same-origin iframe under the same Content Security Policy.  Each new
 * version reaches the frame as a new #src= fragment without reloading it;
 * the frame reopens the document at the step it was on, as far as the new
 * version still allows (share/open.ts).
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { documentKind } from '@lockstep/link.js';
import type { Locale } from '../i18n';
import { encodeDocument } from '../share/codec';
import { appFolder } from '../share/links';
import { previewLink } from './AuthorApp';
import { say } from './messages';
import s from './style.module.css';

export function Preview({ text, locale, stale }: { text: string | null; locale: Locale; stale: boolean }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [page, setPage] = useState<string | null>(null);

  useEffect(() => {
    if (text === null) return;
    let cancelled = false;
    void encodeDocument(text).then((payload) => {
      if (cancelled) return;
      const kind = documentKind(text);
      const url = new URL(previewLink(appFolder(location.href), kind, payload));
      url.search = `?lang=${locale}`;
      const base = `${url.origin}${url.pathname}${url.search}`;
      const f = frame.current;
      const win = f?.contentWindow;
      // the same page in the same language: only the fragment changes, the run stays
      if (f && win && page === base) win.location.replace(url.href);
      else {
        setPage(base);
        if (f) f.src = url.href;
      }
    });
    return () => {
      cancelled = true;
    };
  }, [text, locale]);

  return (
    <div class={s.preview}>
      {text === null && <p class={s.loading}>{say('preview.waiting')}</p>}
      {stale && <p class={s.stale}>{say('preview.stale')}</p>}
      <iframe
        ref={frame}
        class={s.frame}
        title={say('preview.frame')}
        data-testid="author-preview"
        hidden={text === null}
      />
    </div>
  );
}
