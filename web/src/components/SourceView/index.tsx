/*
 * The engine's real C source, as embedded in the wasm module: line numbers,
 * each actor's next line marked in its colour with its letter, a picker among
 * the engine's files.  It follows the actors (shows the file of the one that
 * moved last and scrolls to its line) until the learner picks a file.
 */
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { EngineSource } from '../../bridge/bridge';
import type { ActorState, TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import { actorColour, actorInk } from '../../model/format';
import {
  baseName,
  defaultFile,
  engineFiles,
  marksByLine,
  marksIn,
  parseSite,
  tokenizeC,
} from '../../model/source';
import { staleReadSentence } from '../../model/readWords';
import { lastStaleRead } from '../../model/storeHistory';
import { ActorBadge } from '../ActorBadge';
import s from './style.module.css';

export interface SourceViewProps {
  sources: { engine: string; listed: string[]; files: EngineSource[] } | null;
  actors: ActorState[];
  trace: TraceEvent[];
  /** asks for the sources (the store loads them once) */
  onNeed: () => void;
}

/**
 * The file to follow: where the last step's load read an older store (ra), else where the actor
 * that moved last will act next, else the default.
 */
function followed(files: EngineSource[], actors: ActorState[], trace: TraceEvent[]): string | null {
  const stale = lastStaleRead(trace);
  const read =
    stale >= 0 && trace[stale]!.step === trace[trace.length - 1]?.step ? parseSite(trace[stale]!.site) : null;
  if (read && files.some((f) => f.path === read.path)) return read.path;
  const last = trace[trace.length - 1]?.actor;
  const a = actors.find((x) => x.name === last && x.status !== 'finished');
  const site = parseSite(a?.next?.site);
  if (site && files.some((f) => f.path === site.path)) return site.path;
  return defaultFile(files, actors);
}

export function SourceView({ sources, actors, trace, onNeed }: SourceViewProps) {
  useEffect(() => {
    if (!sources) onNeed();
  }, [sources, onNeed]);
  const [picked, setPicked] = useState<string | null>(null);
  const files = useMemo(
    () => (sources ? engineFiles(sources.files, sources.listed, actors) : []),
    [sources, actors],
  );
  const follow = followed(files, actors, trace);
  const path = picked && files.some((f) => f.path === picked) ? picked : follow;
  const file = files.find((f) => f.path === path) ?? null;
  const lines = useMemo(() => (file ? tokenizeC(file.text) : []), [file]);
  const marks = useMemo(() => (path ? marksIn(path, actors) : []), [path, actors]);
  const byLine = useMemo(() => marksByLine(marks), [marks]);
  // ra: the line of the last load that read an older store, and which one it read
  const staleLine = useMemo(() => {
    const i = lastStaleRead(trace);
    const site = i >= 0 ? parseSite(trace[i]!.site) : null;
    return site && site.path === path ? { line: site.line, text: staleReadSentence(trace, i) } : null;
  }, [trace, path]);
  const scroller = useRef<HTMLDivElement>(null);

  // scroll to the mover's line (or the first mark, or a stale read's), centred, without moving the page
  const lastActor = trace[trace.length - 1]?.actor;
  const target = (marks.find((m) => m.actor === lastActor) ?? marks[0])?.line ?? staleLine?.line;
  useLayoutEffect(() => {
    const box = scroller.current;
    if (!box || target === undefined) return;
    const row = box.querySelector<HTMLElement>(`[data-line="${target}"]`);
    if (!row) return;
    const top = row.offsetTop - box.clientHeight / 2 + row.offsetHeight / 2;
    box.scrollTo({ top: Math.max(0, top), behavior: 'auto' });
  }, [path, target, trace.length]);

  if (!sources) {
    return (
      <p class={s.loading} aria-busy="true">
        {t('source.loading')}
      </p>
    );
  }
  if (files.length === 0) return <p class={s.loading}>{t('source.none')}</p>;

  const countIn = (p: string) => marksIn(p, actors);
  return (
    <div class={s.view} data-testid="source-view">
      <div class={s.bar}>
        <div class={s.files} role="group" aria-label={t('source.files')}>
          {files.map((f) => {
            const here = countIn(f.path);
            return (
              <button
                key={f.path}
                type="button"
                class={s.file}
                aria-pressed={f.path === path}
                onClick={() => setPicked(f.path)}
                title={f.path}
                data-testid="source-file"
                data-path={f.path}
              >
                <code>{baseName(f.path)}</code>
                {here.length > 0 && (
                  <span class={s.fileMarks} aria-hidden="true">
                    {here.map((m) => (
                      <span key={m.actor} class={s.dot} style={{ background: actorColour(m.index) }} />
                    ))}
                  </span>
                )}
              </button>
            );
          })}
        </div>
        <label class={s.follow}>
          <input
            type="checkbox"
            checked={picked === null}
            onChange={(e) => setPicked((e.target as HTMLInputElement).checked ? null : (path ?? null))}
            data-testid="source-follow"
          />
          {t('source.follow')}
        </label>
      </div>
      <p class={s.path}>
        <code>{path}</code>
        {marks.length > 0 ? (
          <span class={s.legend}>
            {marks.map((m) => (
              <span key={m.actor} class={s.legendItem}>
                <ActorBadge name={m.actor} index={m.index} size="s" />
                <span>{t('source.nextLine', { actor: m.actor, line: m.line })}</span>
              </span>
            ))}
          </span>
        ) : (
          <span class={s.legendNone}>{t('source.noneHere')}</span>
        )}
      </p>
      <div
        class={s.code}
        ref={scroller}
        tabIndex={0}
        aria-label={t('source.codeLabel', { file: path ?? '' })}
      >
        <table class={s.table} data-testid="source-code">
          <tbody>
            {lines.map((toks, k) => {
              const n = k + 1;
              const here = byLine.get(n);
              const first = here?.[0];
              return (
                <tr
                  key={n}
                  class={here ? s.marked : undefined}
                  data-line={n}
                  data-actors={here?.map((m) => m.actor).join(' ')}
                  style={
                    first
                      ? {
                          '--actor': actorColour(first.index),
                          '--actor-ink': actorInk(first.index),
                        }
                      : undefined
                  }
                >
                  <td class={s.gutter}>
                    {here?.map((m) => (
                      <span
                        key={m.actor}
                        class={s.tag}
                        style={{ background: actorColour(m.index), color: actorInk(m.index) }}
                        title={t('source.nextLine', { actor: m.actor, line: n })}
                      >
                        {m.actor}
                      </span>
                    ))}
                  </td>
                  <td class={s.num}>{n}</td>
                  <td class={s.line}>
                    {toks.length === 0
                      ? ' '
                      : toks.map((tok, j) =>
                          tok.kind === 'plain' ? (
                            tok.text
                          ) : (
                            <span key={j} class={s[tok.kind]}>
                              {tok.text}
                            </span>
                          ),
                        )}
                    {staleLine?.line === n && staleLine.text && (
                      <span class={s.readNote} data-testid="source-read">
                        {staleLine.text}
                      </span>
                    )}
                    {here && (
                      <span class="visually-hidden">
                        {' '}
                        ({here.map((m) => t('source.nextLine', { actor: m.actor, line: n })).join('; ')})
                      </span>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}
