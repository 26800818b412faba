/*
 * A lesson's Markdown, rendered and sanitized.  The course's own lessons
 * arrive rendered and sanitized at build time (`html`, web/plugins/
 * lessons.ts), so nothing more loads; a lesson from elsewhere is rendered
 * here by model/markdown.ts and sanitized by model/sanitize.ts, both loaded
 * on demand.  The one place the app sets HTML: only what DOMPurify kept.
 */
import { useEffect, useState } from 'preact/hooks';
import s from './style.module.css';

async function render(source: string, html: string | undefined): Promise<string> {
  if (html !== undefined) return html;
  const [{ sanitizeHtml }, unsafe] = await Promise.all([
    import('../../model/sanitize'),
    import('../../model/markdown').then((m) => m.markdownToHtml(source)),
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
  /** the same, already rendered and sanitized when the app was built (model/sanitize.ts's rule) */
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
