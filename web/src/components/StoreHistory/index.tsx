/*
 * Under a memory model that keeps every store (ra): each atomic cell the run
 * has touched, its stores in modification order (value, writer, step, memory
 * order), every actor's view marked on the oldest store it may still read,
 * the reads-from edge of the trace's last load to the store it read, the
 * stores placed before the end (which store each went before), and, for an
 * actor whose next load may read more than one store, a button per store,
 * for one whose next store may take more than one place, a button per
 * place.  Shown above the engine's own view, in the app and the embed
 * alike; nothing when the model keeps no histories (sc, tso).
 */
import type { ExtraChoice, MachineState, TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import { formatValue } from '../../model/format';
import { storeWho } from '../../model/readWords';
import { cellHistories, pickOptions, type ReadOption } from '../../model/storeHistory';
import { ActorBadge } from '../ActorBadge';
import { ReadButtons } from '../ReadButtons';
import s from './style.module.css';

export interface StoreHistoryProps {
  state: MachineState;
  trace: TraceEvent[];
  choices: readonly ExtraChoice[] | undefined;
  /** takes a read_from (actor `actor`'s next load reads `store`) or a place; absent: no buttons */
  onTake?: (kind: string, actor: number, store?: number) => void;
  busy?: boolean;
}

export function StoreHistory({ state, trace, choices, onTake, busy = false }: StoreHistoryProps) {
  const cells = cellHistories(state, choices, trace);
  if (!cells) return null;
  const indexOf = (name: string) => state.actors.findIndex((a) => a.name === name);
  // the store takes the newest (the end) as the actor's plain step (store.ts, read and place)
  const read = (actor: number, store: number, kind: ReadOption['kind']) =>
    onTake?.(kind === 'place' ? 'place' : 'read_from', actor, store);
  return (
    <section class={s.view} aria-labelledby="history-title" data-testid="store-history">
      <h3 class={s.title} id="history-title">
        {t('history.title')}
      </h3>
      <p class={s.hint}>{t('history.hint')}</p>
      {cells.length === 0 && <p class={s.hint}>{t('history.empty')}</p>}
      <ul class={s.cells}>
        {cells.map((c, cell) => (
          <li key={cell} class={s.cell} data-testid={`history-${c.name}`}>
            <code class={s.cellName}>{c.name}</code>
            {c.firstUse && <span class={s.firstUse}>{t('history.firstUse', { label: c.firstUse })}</span>}
            <ol
              class={s.stores}
              aria-label={t('history.of', { object: c.firstUse ? `${c.name} (${c.firstUse})` : c.name })}
            >
              {c.stores.map((st) => {
                const who = storeWho(st.by, st.step);
                const words = t('history.store', {
                  index: st.index,
                  object: c.name,
                  value: formatValue(st.value),
                  who,
                  order: st.order,
                });
                return (
                  <li
                    key={st.index}
                    class={s.store}
                    data-testid={`history-${c.name}-${st.index}`}
                    data-readable={st.readable.length ? st.readable.join(' ') : undefined}
                    data-read={st.readBy ? st.readBy.actor : undefined}
                    data-placed={st.placedBefore ? 'yes' : undefined}
                  >
                    <span class={s.box} title={words}>
                      <span class={s.index} aria-hidden="true">
                        {st.index}
                      </span>
                      <code class={s.value} aria-hidden="true">
                        {formatValue(st.value)}
                      </code>
                      <span class={s.who} aria-hidden="true">
                        {who}
                        {st.by && ` · ${st.order}`}
                      </span>
                      <span class="visually-hidden">{words}</span>
                    </span>
                    {st.views.length > 0 && (
                      <span class={s.views} data-testid="views">
                        {st.views.map((a) => (
                          <span key={a} class={s.view1} title={t('history.view', { actor: a })}>
                            <ActorBadge name={a} index={indexOf(a)} size="s" />
                            <span class="visually-hidden">{t('history.view', { actor: a })}</span>
                          </span>
                        ))}
                      </span>
                    )}
                    {st.placedBefore && (
                      <span class={s.placed} data-testid="placed-before">
                        {t('history.placedBefore', {
                          who: storeWho(st.placedBefore.by, st.placedBefore.step),
                        })}
                      </span>
                    )}
                    {st.readBy && (
                      <span class={s.edge} title={t('history.readBy', st.readBy)} data-testid="reads-from">
                        <span aria-hidden="true">↑ {t('history.readByShort', st.readBy)}</span>
                        <span class="visually-hidden">{t('history.readBy', st.readBy)}</span>
                      </span>
                    )}
                  </li>
                );
              })}
            </ol>
            {onTake &&
              state.actors.map((a, i) => {
                const options = pickOptions(state, choices, i).filter((o) => o.cell === cell);
                return options.length ? (
                  <ReadButtons
                    key={a.name}
                    actor={a.name}
                    index={i}
                    options={options}
                    onRead={read}
                    busy={busy}
                    place="panel"
                  />
                ) : null;
              })}
          </li>
        ))}
      </ul>
    </section>
  );
}
