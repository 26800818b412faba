/*
 * The bottom pane's sequence diagram: the trace drawn by Mermaid (loaded on
 * demand, draw.ts), one arrow per step, growing as the run goes and scrolled
 * to the latest arrow.  Hovering or focusing an arrow marks its step on the
 * timeline; clicking it (or Enter) goes there.  Exports: the Mermaid text
 * (copy, file) and the drawing (SVG), always of the whole run.
 *
 * Drawing is kept cheap: the text is rebuilt only when the trace changes,
 * Mermaid runs only when the text changed, a short debounce merges quick
 * steps, a drawing in progress is never thrown away (the newest text is drawn
 * after it), and only the last MAX_MESSAGES arrows are drawn.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { TraceEvent } from '../../engine/types';
import { t } from '../../i18n';
import { actorColour } from '../../model/format';
import { sequenceDiagram, type Diagram, type StepRange } from '../../model/mermaid';
import { ExportButtons, fileBase, saveFile } from '../ExportButtons';
import s from './style.module.css';

export const MAX_MESSAGES = 150;
const DEBOUNCE_MS = 40;

export interface SequenceDiagramProps {
  trace: TraceEvent[];
  actors: string[];
  objects: { name: string; type: string }[];
  /** names the exported files */
  scenarioId: string;
  onMark: (r: StepRange | null) => void;
  onGo: (step: number) => void;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Actors in their colours; an invisible, focusable band over each arrow. */
function decorate(svg: SVGSVGElement, d: Diagram, actorCount: number): void {
  for (let i = 0; i < actorCount; i++) {
    const colour = actorColour(i);
    svg.querySelectorAll(`rect.actor[name="p${i}"]`).forEach((r) => {
      (r as SVGElement).style.fill = `color-mix(in srgb, ${colour} 22%, white)`;
      (r as SVGElement).style.stroke = colour;
      (r as SVGElement).style.strokeWidth = '2';
    });
  }
  const texts = [...svg.querySelectorAll<SVGTextElement>('text.messageText')];
  const lines = [...svg.querySelectorAll<SVGGraphicsElement>('.messageLine0, .messageLine1')];
  if (texts.length !== d.messages.length) return; // not the drawing we expect: no bands, still a drawing
  const width = svg.viewBox.baseVal?.width || svg.getBBox().width;
  const x0 = svg.viewBox.baseVal?.x ?? 0;
  texts.forEach((text, i) => {
    const range = d.messages[i]!;
    const tb = text.getBBox();
    const lb = lines[i]?.getBBox();
    const top = tb.y - 3;
    const bottom = Math.max(tb.y + tb.height, lb ? lb.y + lb.height : 0) + 5;
    const band = document.createElementNS(SVG_NS, 'rect');
    band.setAttribute('x', String(x0));
    band.setAttribute('y', String(top));
    band.setAttribute('width', String(width));
    band.setAttribute('height', String(Math.max(8, bottom - top)));
    band.setAttribute('data-hit', String(i));
    band.setAttribute('tabindex', '0');
    band.setAttribute('role', 'button');
    const words = text.textContent ?? '';
    band.setAttribute(
      'aria-label',
      range.from === range.to
        ? t('diagram.messageLabel', { step: range.to, text: words })
        : t('diagram.messageRange', { from: range.from, to: range.to, text: words }),
    );
    text.setAttribute('data-msg', String(i));
    if (i === texts.length - 1) {
      text.setAttribute('data-latest', '');
      lines[i]?.setAttribute('data-latest', '');
    }
    svg.append(band);
  });
}

export function SequenceDiagram({ trace, actors, objects, scenarioId, onMark, onGo }: SequenceDiagramProps) {
  const shape = `${actors.join(',')}|${objects.map((o) => `${o.name}:${o.type}`).join(',')}`;
  // rebuilt when the trace or the cast changes, not on every render
  const diagram = useMemo(
    () => sequenceDiagram({ trace, actors, objects, maxMessages: MAX_MESSAGES }),
    [trace, shape],
  );
  const host = useRef<HTMLDivElement>(null);
  const shown = useRef<{ text: string; diagram: Diagram | null; svg: SVGSVGElement | null }>({
    text: '',
    diagram: null,
    svg: null,
  });
  const wanted = useRef(diagram);
  const drawing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [status, setStatus] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState('');
  const actorCount = actors.length;

  const pump = async () => {
    if (drawing.current) return;
    const d = wanted.current;
    if (d.text === shown.current.text) return;
    drawing.current = true;
    try {
      const { draw } = await import('./draw');
      const svg = await draw(d.text);
      const el = host.current;
      if (el) {
        el.replaceChildren(svg);
        decorate(svg, d, actorCount);
        shown.current = { text: d.text, diagram: d, svg };
        el.scrollTop = el.scrollHeight; // the latest arrow is at the bottom
        setStatus('ready');
      }
    } catch (e) {
      setStatus('failed');
      setError(e instanceof Error ? e.message : String(e));
      shown.current = { ...shown.current, text: d.text };
    } finally {
      drawing.current = false;
      if (wanted.current.text !== shown.current.text) timer.current = setTimeout(pump, DEBOUNCE_MS);
    }
  };

  useEffect(() => {
    wanted.current = diagram;
    clearTimeout(timer.current);
    timer.current = setTimeout(pump, shown.current.text ? DEBOUNCE_MS : 0);
    return () => clearTimeout(timer.current);
  }, [diagram]);
  useEffect(() => () => onMark(null), []);

  const rangeOf = (target: EventTarget | null): StepRange | null => {
    const hit = (target as Element | null)?.closest?.('[data-hit]');
    const i = hit ? Number(hit.getAttribute('data-hit')) : NaN;
    return shown.current.diagram?.messages[i] ?? null;
  };

  const full = () => sequenceDiagram({ trace, actors, objects }).text;
  const base = fileBase(scenarioId);
  const steps = trace.length ? trace[trace.length - 1]!.step : 0;

  return (
    <div class={s.wrap} data-testid="sequence-diagram" data-status={status}>
      <div class={s.toolbar}>
        <span class={s.summary} data-testid="diagram-summary">
          {t('diagram.summary', { messages: diagram.total, steps })}
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
                const text = full();
                const svg = text === shown.current.text && shown.current.svg ? shown.current.svg : await draw(text);
                saveFile(`${base}-step-${steps}.svg`, 'image/svg+xml', svgFile(svg));
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
        ref={host}
        class={s.host}
        data-testid="diagram-svg"
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
      />
    </div>
  );
}
