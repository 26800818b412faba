/*
 * The bottom pane's sequence diagram: the trace drawn by Mermaid (loaded on
 * demand, draw.ts), one arrow per step, growing as the run goes and scrolled
 * to the latest arrow.  Hovering or focusing an arrow marks its step on the
 * timeline; clicking it (or Enter) goes there.  Exports: the Mermaid text
 * (copy, file) and the drawing (SVG), always of the whole run.
 *
 * Drawing is kept cheap: the diagram is cut into pages of PAGE_SIZE arrows
 * (model/mermaid.ts, diagramPages), each drawn by Mermaid on its own and kept,
 * so a step redraws only the last page; the pages are stacked and cropped so
 * they read as one diagram.  A drawing in progress is never thrown away (the
 * newest text is drawn after it), and only the last MAX_PAGES pages are shown.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import { useLocale } from '../../i18n/useLocale';
import { actorColour } from '../../model/format';
import {
  diagramPages,
  sequenceDiagram,
  type DiagramPage,
  type PagedDiagram,
  type StepRange,
} from '../../model/mermaid';
import { ExportButtons, fileBase, saveFile } from '../ExportButtons';
import s from './style.module.css';

export const PAGE_SIZE = 16;
export const MAX_PAGES = 10;

export interface SequenceDiagramProps {
  /** the run's engine (its part of the diagram) */
  engine: string | undefined;
  trace: TraceEvent[];
  actors: string[];
  objects: { name: string; type: string; bucket?: unknown }[];
  /** names the exported files */
  scenarioId: string;
  onMark: (r: StepRange | null) => void;
  onGo: (step: number) => void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

const num = (el: Element | null | undefined, attr: string) => Number(el?.getAttribute(attr) ?? NaN);

/** Where an arrow is drawn: a line's y, or the top of a self-message's loop. */
function arrowY(el: Element): { top: number; bottom: number } {
  if (el.localName === 'line') {
    const y = Math.max(num(el, 'y1'), num(el, 'y2'));
    return { top: y, bottom: y };
  }
  const ys =
    (el.getAttribute('d') ?? '')
      .match(/-?\d+(\.\d+)?/g)
      ?.map(Number)
      .filter((_, i) => i % 2 === 1) ?? [];
  return ys.length ? { top: Math.min(...ys), bottom: Math.max(...ys) } : { top: NaN, bottom: NaN };
}

/** An actor's colour, lightened for a box's background (as a plain hex, for any SVG viewer). */
function tint(hex: string, amount = 0.22): string {
  const n = parseInt(hex.slice(1), 16);
  const mix = (c: number) => Math.round(c * amount + 255 * (1 - amount));
  return `#${[mix((n >> 16) & 255), mix((n >> 8) & 255), mix(n & 255)].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}

/** Actors in their colours (with their letters, as ever), trouble notes in the colours of trouble. */
export function paint(svg: SVGSVGElement, actorCount: number): SVGSVGElement {
  for (let i = 0; i < actorCount; i++) {
    const colour = actorColour(i);
    svg.querySelectorAll<SVGElement>(`rect.actor[name="p${i}"]`).forEach((r) => {
      r.style.fill = tint(colour);
      r.style.stroke = colour;
      r.style.strokeWidth = '2';
    });
  }
  svg.querySelectorAll<SVGTextElement>('text.noteText').forEach((text) => {
    if (!(text.textContent ?? '').startsWith('⚠')) return;
    text.style.fill = '#8a2c00';
    text.style.fontWeight = '700';
    const rect = text.parentElement?.querySelector<SVGRectElement>('rect.note');
    if (rect) {
      rect.style.fill = '#fbeee6';
      rect.style.stroke = '#b03a00';
    }
  });
  return svg;
}

/**
 * Once per drawn page: its colours, a focusable band over each arrow (with
 * its step range), and the numbers needed to stack the pages (kept in data-
 * attributes).
 */
function prepare(svg: SVGSVGElement, page: DiagramPage, actorCount: number): void {
  paint(svg, actorCount);
  const vb = svg.viewBox.baseVal;
  const top = Math.max(
    ...[...svg.querySelectorAll('rect.actor-top')].map((r) => num(r, 'y') + num(r, 'height')),
  );
  const bottom = Math.min(...[...svg.querySelectorAll('rect.actor-bottom')].map((r) => num(r, 'y')));
  const first = svg.querySelector('rect.actor-top[name="p0"]');
  svg.dataset.x = String(vb.x);
  svg.dataset.y = String(vb.y);
  svg.dataset.w = String(vb.width);
  svg.dataset.h = String(vb.height);
  svg.dataset.top = String(Number.isFinite(top) ? top + 1 : vb.y);
  svg.dataset.bottom = String(Number.isFinite(bottom) ? bottom - 1 : vb.y + vb.height);
  svg.dataset.left = String((first ? num(first, 'x') : 0) - vb.x);

  const arrows = [...svg.querySelectorAll('.messageLine0, .messageLine1')];
  if (arrows.length !== page.messages.length) return; // not the drawing we expect: no bands, still a drawing
  const texts = [...svg.querySelectorAll<SVGTextElement>('text.messageText')].map((el) => ({
    el,
    y: num(el, 'y'),
  }));
  let prev = Number(svg.dataset.top);
  arrows.forEach((arrow, i) => {
    const range = page.messages[i]!;
    const a = arrowY(arrow);
    const mine = texts.filter((x) => x.y > prev && x.y <= a.top + 2);
    const band = document.createElementNS(SVG_NS, 'rect');
    const from = mine.length ? Math.min(...mine.map((x) => x.y)) - 16 : a.top - 22;
    band.setAttribute('x', String(vb.x));
    band.setAttribute('y', String(from));
    band.setAttribute('width', String(vb.width));
    band.setAttribute('height', String(Math.max(10, a.bottom + 6 - from)));
    band.setAttribute('data-hit', `${range.from}-${range.to}`);
    band.setAttribute('tabindex', '0');
    band.setAttribute('role', 'button');
    const words = mine.map((x) => x.el.textContent ?? '').join(' ');
    band.setAttribute('data-text', words); // the arrow's words, its wrapped lines joined
    band.setAttribute(
      'aria-label',
      range.from === range.to
        ? t('diagram.messageLabel', { step: range.to, text: words })
        : t('diagram.messageRange', { from: range.from, to: range.to, text: words }),
    );
    if (i === arrows.length - 1) {
      arrow.setAttribute('data-last', '');
      for (const x of mine) x.el.setAttribute('data-last', '');
    }
    svg.append(band);
    prev = a.bottom;
  });
}

/** Stacks the pages: the first keeps the participants on top, the last at the bottom; lifelines aligned. */
function place(pages: SVGSVGElement[]): void {
  const lefts = pages.map((p) => Number(p.dataset.left));
  const most = Math.max(0, ...lefts);
  pages.forEach((svg, i) => {
    const d = svg.dataset;
    const x = Number(d.x);
    const w = Number(d.w);
    const top = i === 0 ? Number(d.y) : Number(d.top);
    const bottom = i === pages.length - 1 ? Number(d.y) + Number(d.h) : Number(d.bottom);
    const h = Math.max(1, bottom - top);
    svg.setAttribute('viewBox', `${x} ${top} ${w} ${h}`);
    svg.setAttribute('width', String(w));
    svg.setAttribute('height', String(h));
    svg.style.maxWidth = 'none';
    svg.style.marginLeft = `${most - (lefts[i] ?? 0)}px`;
    const latest = i === pages.length - 1;
    svg.querySelectorAll('[data-last]').forEach((el) => el.toggleAttribute('data-latest', latest));
  });
}

export function SequenceDiagram({
  engine,
  trace,
  actors,
  objects,
  scenarioId,
  onMark,
  onGo,
}: SequenceDiagramProps) {
  const shape = `${actors.join(',')}|${objects.map((o) => `${o.name}:${o.type}:${String(o.bucket ?? '')}`).join(',')}`;
  // rebuilt when the trace or the cast changes, not on every render
  const locale = useLocale(); // the arrows are worded in the page's language
  const model = useMemo(
    () => diagramPages({ engine, trace, actors, objects }, PAGE_SIZE, MAX_PAGES),
    [engine, trace, shape, locale],
  );
  const host = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  /** drawn pages by their Mermaid text (a page whose text did not change is not drawn again) */
  const cache = useRef(new Map<string, SVGSVGElement>());
  const shown = useRef<PagedDiagram | null>(null);
  const wanted = useRef(model);
  const drawing = useRef(false);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState('');
  const actorCount = actors.length;

  const same = (a: PagedDiagram | null, b: PagedDiagram) =>
    !!a && a.pages.length === b.pages.length && a.pages.every((p, i) => p.text === b.pages[i]!.text);

  const pump = async () => {
    if (drawing.current) return;
    const want = wanted.current;
    if (same(shown.current, want)) return;
    drawing.current = true;
    try {
      const { draw } = await import('./draw');
      const els: SVGSVGElement[] = [];
      // the newest page first (it is the one in view), then any others missing
      const order = want.pages.map((_, i) => i).reverse();
      const byIndex = new Map<number, SVGSVGElement>();
      for (const i of order) {
        const page = want.pages[i]!;
        let el = cache.current.get(page.text);
        if (!el) {
          el = await draw(page.text);
          // measure-free preparation: attributes only, the drawing is not in the page yet
          prepare(el, page, actorCount);
          cache.current.set(page.text, el);
        }
        byIndex.set(i, el);
      }
      for (let i = 0; i < want.pages.length; i++) els.push(byIndex.get(i)!);
      place(els);
      host.current?.replaceChildren(...els);
      const box = scroller.current;
      if (box) box.scrollTop = box.scrollHeight; // the latest arrow is at the bottom
      const keep = new Set(want.pages.map((p) => p.text));
      for (const k of [...cache.current.keys()]) if (!keep.has(k)) cache.current.delete(k);
      shown.current = want;
      setStatus('ready');
    } catch (e) {
      setStatus('failed');
      setError(e instanceof Error ? e.message : String(e));
      shown.current = want;
    } finally {
      drawing.current = false;
      if (!same(shown.current, wanted.current)) void pump();
    }
  };

  useEffect(() => {
    wanted.current = model;
    void pump();
  }, [model]);
  useEffect(() => () => onMark(null), []);

  const rangeOf = (target: EventTarget | null): StepRange | null => {
    const hit = (target as Element | null)?.closest?.('[data-hit]')?.getAttribute('data-hit');
    const m = hit ? /^(\d+)-(\d+)$/.exec(hit) : null;
    return m ? { from: Number(m[1]), to: Number(m[2]) } : null;
  };

  const full = () => sequenceDiagram({ engine, trace, actors, objects }).text;
  const base = fileBase(scenarioId);
  const steps = trace.length ? trace[trace.length - 1]!.step : 0;

  return (
    <div class={s.wrap} data-testid="sequence-diagram" data-status={status}>
      <div class={s.toolbar}>
        <span class={s.summary} data-testid="diagram-summary">
          {t('diagram.summary', { messages: model.total, steps })}
        </span>
        <span class={s.hint}>{t('diagram.hint')}</span>
        <ExportButtons
          label={t('diagram.export')}
          items={[
            {
              id: 'mermaid-copy',
              label: t('diagram.copy'),
              done: t('diagram.copied'),
              run: () => navigator.clipboard.writeText(full()),
            },
            {
              id: 'mermaid-file',
              label: t('diagram.downloadText'),
              run: () => saveFile(`${base}-step-${steps}.mmd`, 'text/plain;charset=utf-8', full()),
            },
            {
              id: 'svg',
              label: t('diagram.downloadSvg'),
              run: async () => {
                const { draw, svgFile } = await import('./draw');
                saveFile(
                  `${base}-step-${steps}.svg`,
                  'image/svg+xml',
                  svgFile(paint(await draw(full()), actorCount)),
                );
              },
            },
          ]}
        />
      </div>
      {status === 'loading' && <p class={s.note}>{t('diagram.loading')}</p>}
      {status === 'failed' && (
        <p class={`${s.note} ${s.bad}`} role="alert">
          {t('diagram.failed', { message: error })}
        </p>
      )}
      {trace.length === 0 && status === 'ready' && <p class={s.note}>{t('diagram.empty')}</p>}
      <div
        class={s.scroll}
        onMouseOver={(e) => onMark(rangeOf(e.target))}
        onMouseLeave={() => onMark(null)}
        onFocusIn={(e) => onMark(rangeOf(e.target))}
        onFocusOut={() => onMark(null)}
        onClick={(e) => {
          const r = rangeOf(e.target);
          if (r) onGo(r.to);
        }}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          const r = rangeOf(e.target);
          if (r) {
            e.preventDefault();
            onGo(r.to);
          }
        }}
        ref={scroller}
      >
        {model.omitted > 0 && status === 'ready' && (
          <p class={s.omitted} data-testid="diagram-omitted">
            {t('seq.omitted', { n: model.omitted })}
          </p>
        )}
        <div ref={host} data-testid="diagram-svg" />
      </div>
    </div>
  );
}
