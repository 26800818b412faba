/*
 * Under a memory model with store buffers (tso): each actor's buffer, oldest
 * store first (which cell, which value, the step that stored it), the button
 * that lets its oldest store reach memory, and memory's value of each cell
 * the run has touched.  Shown above the engine's own view, in the app and the
 * embed alike; nothing when the model keeps no buffers (sc).
 *
 * Motion (../../motion): a buffered store and the memory value it becomes
 * share one identity (`store:<step>`), so a flush carries the entry out of
 * its buffer into memory; the layer stays still under reduced motion or when
 * the learner turned it off.
 */
import type { ExtraChoice, MachineState, TraceEvent } from '../../bridge/types';
import { t } from '../../i18n';
import { formatValue } from '../../model/format';
import { cellName, memoryCells, storeBuffers } from '../../model/memory';
import { motionScope, useMotion } from '../../motion';
import { ActorBadge } from '../ActorBadge';
import s from './style.module.css';

export interface StoreBuffersProps {
  state: MachineState;
  trace: TraceEvent[];
  choices: readonly ExtraChoice[] | undefined;
  /** takes a choice other than a step (the flush of actor `actor`'s oldest store); absent: buttons are not shown */
  onTake?: (kind: string, actor: number) => void;
  busy?: boolean;
}

export function StoreBuffers({ state, trace, choices, onTake, busy = false }: StoreBuffersProps) {
  const root = useMotion<HTMLElement>(state);
  const buffers = storeBuffers(state, choices);
  if (!buffers) return null;
  const cells = memoryCells(trace);
  return (
    <section
      ref={root}
      class={`${s.view} ${motionScope}`}
      aria-labelledby="buffers-title"
      data-testid="store-buffers"
    >
      <h3 class={s.title} id="buffers-title">
        {t('buffers.title')}
      </h3>
      <p class={s.hint}>{t('buffers.hint')}</p>
      <ul class={s.actors}>
        {buffers.map((b) => {
          const oldest = b.entries[0];
          return (
            <li key={b.actor} class={s.actor} data-testid={`buffer-${b.actor}`}>
              <ActorBadge name={b.actor} index={b.index} size="s" />
              <ol class={s.entries} aria-label={t('buffers.of', { actor: b.actor })}>
                {b.entries.length === 0 && <li class={s.empty}>{t('buffers.empty')}</li>}
                {b.entries.map((e) => (
                  <li
                    key={e.step}
                    class={s.entry}
                    data-motion={`store:${e.step}`}
                    title={t('buffers.entry', {
                      step: e.step,
                      object: cellName(e),
                      value: formatValue(e.value),
                    })}
                  >
                    <code>
                      {cellName(e)} = {formatValue(e.value)}
                    </code>
                    <span class="visually-hidden">
                      {t('buffers.entry', { step: e.step, object: cellName(e), value: formatValue(e.value) })}
                    </span>
                  </li>
                ))}
              </ol>
              {onTake && oldest && (
                <button
                  type="button"
                  class={s.flush}
                  disabled={busy || !b.canFlush}
                  onClick={() => onTake('flush', b.index)}
                  aria-label={t('buffers.flush', { actor: b.actor, object: cellName(oldest) })}
                  title={t('buffers.flush', { actor: b.actor, object: cellName(oldest) })}
                  data-testid={`flush-${b.actor}`}
                >
                  {t('buffers.flushShort')} <span aria-hidden="true">↓</span>
                </button>
              )}
            </li>
          );
        })}
      </ul>
      <h4 class={s.memoryTitle}>{t('buffers.memory')}</h4>
      {cells.length === 0 ? (
        <p class={s.hint}>{t('buffers.memoryEmpty')}</p>
      ) : (
        <ul class={s.cells} data-testid="memory-cells">
          {cells.map((c) => (
            <li key={c.object} class={s.cell} data-testid={`memory-${c.object}`}>
              <code class={s.cellName}>{c.object}</code>
              <output
                class={s.cellValue}
                aria-label={t('buffers.cell', { object: c.object, value: formatValue(c.value) })}
                data-motion={c.storedAt === undefined ? `initial:${c.object}` : `store:${c.storedAt}`}
                data-motion-v={String(c.value)}
              >
                {formatValue(c.value)}
              </output>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
