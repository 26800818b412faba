/*
 * A lesson's Markdown, rendered and sanitized.  The course's own lessons
 * arrive rendered at build time (`html`), so only the sanitizer's chunk
 * (model/sanitize.ts) loads; a lesson from elsewhere is rendered here by
 * model/markdown.ts, loaded on demand too.  The one place the app sets HTML:
 * only what DOMPurify kept.
 */
import { useEffect, useState } from 'preact/hooks';
import s from './style.module.css';

async function render(source: string, html: string | undefined): Promise<string> {
  const [{ sanitizeHtml }, unsafe] = await Promise.all([
    import('../../model/sanitize'),
    html ?? import('../../model/markdown').then((m) => m.markdownToHtml(source)),
  ]);
  return sanitizeHtml(unsafe);
}

export function Markdown({
  source,
  html,
  lang,
  testId,
}: {
  /** the Markdown */
  source: string;
  /** the same, already rendered (not sanitized) */
  html?: string | undefined;
  lang?: string;
  testId?: string;
}) {
  const [shown, setShown] = useState<{ source: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    render(source, html).then(
      (h) => live && setShown({ source, html: h }),
      () => undefined, // a chunk that did not load: the text stays pending
    );
    return () => {
      live = false;
    };
  }, [source, html]);
  if (!shown || shown.source !== source)
    return <div class={`${s.prose} ${s.pending}`} lang={lang} data-testid={testId} aria-busy="true" />;
  return (
    <div class={s.prose} lang={lang} data-testid={testId} dangerouslySetInnerHTML={{ __html: shown.html }} />
  );
}
