/*
 * The bottom pane's Trace tab: the engine's events (its JSON Lines trace) as
 * a readable table, newest at the bottom and kept in view; exportable as the
 * JSON Lines text itself.  Only the last rows are listed on long runs.
 */
import { useEffect, useMemo, useRef } from 'preact/hooks';
import type { TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import { jsonLines, traceRows } from '../../model/tracelist';
import { ActorBadge } from '../ActorBadge';
import { ExportButtons, fileBase, saveFile } from '../ExportButtons';
import s from './style.module.css';

export interface TraceListProps {
  trace: TraceEvent[];
  actors: string[];
  objects: { name: string; type: string }[];
  scenarioId: string;
  /** the steps the timeline marks (a hovered diagram arrow) */
  marked: { from: number; to: number } | null;
}

export function TraceList({ trace, actors, objects, scenarioId, marked }: TraceListProps) {
  const { rows, hidden } = useMemo(() => traceRows(trace, 400, objects), [trace]);
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [trace]);
  const steps = trace.length ? trace[trace.length - 1]!.step : 0;
  return (
    <div class={s.wrap} data-testid="trace-list">
      <div class={s.toolbar}>
        <span class={s.count}>{t('trace.count', { n: trace.length })}</span>
        <ExportButtons
          label={t('diagram.export')}
          items={[
            {
              id: 'jsonl-copy',
              label: t('trace.copy'),
              done: t('trace.copied'),
              run: () => navigator.clipboard.writeText(jsonLines(trace)),
            },
            {
              id: 'jsonl-file',
              label: t('trace.download'),
              run: () =>
                saveFile(
                  `${fileBase(scenarioId)}-step-${steps}.jsonl`,
                  'application/x-ndjson',
                  jsonLines(trace),
                ),
            },
          ]}
        />
      </div>
      <div class={s.scroll} ref={box} tabIndex={0} aria-label={t('trace.count', { n: trace.length })}>
        {hidden > 0 && <p class={s.hidden}>{t('trace.hidden', { n: hidden })}</p>}
        {rows.length === 0 ? (
          <p class={s.hidden}>{t('trace.empty')}</p>
        ) : (
          <table class={s.table}>
            <thead>
              <tr>
                <th scope="col">{t('trace.step')}</th>
                <th scope="col">{t('trace.actor')}</th>
                <th scope="col">{t('trace.kind')}</th>
                <th scope="col">{t('trace.object')}</th>
                <th scope="col">{t('trace.what')}</th>
                <th scope="col">{t('trace.site')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => {
                const i = actors.indexOf(r.actor);
                const lit = marked && r.step >= marked.from && r.step <= marked.to;
                return (
                  <tr
                    key={r.index}
                    data-tone={r.tone}
                    data-marked={lit ? '' : undefined}
                    data-testid="trace-row"
                  >
                    <td class={s.num}>{r.step}</td>
                    <td>
                      {r.actor &&
                        (i >= 0 ? (
                          <span class={s.actor}>
                            <ActorBadge name={r.actor} index={i} size="s" />
                            <span class="visually-hidden">{r.actor}</span>
                          </span>
                        ) : (
                          r.actor
                        ))}
                    </td>
                    <td class={s.kind}>{r.kind}</td>
                    <td class={s.mono}>{r.object}</td>
                    <td>{r.what}</td>
                    <td class={s.site}>{r.site}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
