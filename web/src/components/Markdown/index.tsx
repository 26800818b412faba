/*
 * A lesson's Markdown, rendered and sanitized (model/markdown.ts, loaded on
 * demand).  The one place the app sets HTML: only what DOMPurify kept.
 */
import { useEffect, useState } from 'preact/hooks';
import s from './style.module.css';

let renderer: Promise<typeof import('../../model/markdown')> | null = null;

export function Markdown({ source, lang, testId }: { source: string; lang?: string; testId?: string }) {
  const [html, setHtml] = useState<{ source: string; html: string } | null>(null);
  useEffect(() => {
    let live = true;
    renderer ??= import('../../model/markdown');
    renderer.then(
      (m) => live && setHtml({ source, html: m.renderMarkdown(source) }),
      () => {
        renderer = null;
      },
    );
    return () => {
      live = false;
    };
  }, [source]);
  if (!html || html.source !== source)
    return <div class={`${s.prose} ${s.pending}`} lang={lang} data-testid={testId} aria-busy="true" />;
  return (
    <div class={s.prose} lang={lang} data-testid={testId} dangerouslySetInnerHTML={{ __html: html.html }} />
  );
}
