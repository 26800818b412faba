/*
 * Inside the `rtos` engine: a timeline of the last steps (one row per
 * context: handlers on top, then tasks by priority; running drawn solid, ready
 * but waiting for the processor shaded, blocked hatched; a tick is a mark on
 * the ruler), the tasks with base and effective priority (an arrow and a name
 * when one is inherited), the ready and delayed lists, each semaphore's count
 * with what its sign means and its wait mask as 16 lamps, each mutex's holder,
 * the interrupt-mask depth of each context, and the LEDs.
 */
import type { MachineState, TraceEvent } from '../../engine/types';
import { t } from '../../i18n';
import { rtosView, type RtosSem } from '../../model/rtos';
import s from './style.module.css';

export interface RtosViewProps {
  state: MachineState;
  trace: TraceEvent[];
}

function Lamps({ lamps, label }: { lamps: boolean[]; label: string }) {
  return (
    <div class={s.lamps} role="img" aria-label={label}>
      {lamps.map((on, i) => (
        <span key={i} class={on ? `${s.lamp} ${s.on}` : s.lamp} title={t('rtos.bit', { n: i })} />
      ))}
    </div>
  );
}

function countText(x: RtosSem): string {
  if (x.meaning === 'free') return t('rtos.count.free', { n: x.count });
  if (x.meaning === 'waiting') return t('rtos.count.waiting', { n: -x.count });
  return t('rtos.count.none');
}

export function RtosView({ state, trace }: RtosViewProps) {
  const v = rtosView(state, trace);
  return (
    <div class={s.view} data-testid="rtos-view">
      <section aria-label={t('rtos.timeline')}>
        <h3 class={s.heading}>{t('rtos.timeline')}</h3>
        <table class={s.timeline}>
          <tbody>
            <tr>
              <th />
              {v.ticks.map((tick, i) => (
                <td
                  key={i}
                  class={tick ? `${s.ruler} ${s.tick}` : s.ruler}
                  title={tick ? t('rtos.tick') : undefined}
                />
              ))}
            </tr>
            {v.timeline.map((row) => (
              <tr key={row.actor} data-row={row.actor}>
                <th class={row.kind === 'isr' ? s.isr : undefined}>{row.actor}</th>
                {row.cells.map((c, i) => (
                  <td key={i} class={`${s.cell} ${s[c]}`} data-cell={c} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
        <p class={s.legend}>
          {(['running', 'ready', 'blocked'] as const).map((c) => (
            <span key={c}>
              <span class={`${s.cell} ${s[c]} ${s.swatch}`} aria-hidden="true" /> {t(`rtos.cell.${c}`)}
            </span>
          ))}
        </p>
      </section>
      <section aria-label={t('rtos.tasks')}>
        <h3 class={s.heading}>{t('rtos.tasks')}</h3>
        <ul class={s.list}>
          {v.tasks.map((task) => (
            <li key={task.actor} data-task={task.actor}>
              <strong>{task.actor}</strong> {t('rtos.priority', { p: task.priority })}
              {task.effective !== task.priority && (
                <span class={s.inherit}>
                  {' → '}
                  {t('rtos.inherited', { p: task.effective, from: task.inheritedFrom ?? '?' })}
                </span>
              )}{' '}
              <span class={s.state}>{t(`rtos.state.${task.state}`)}</span>
            </li>
          ))}
        </ul>
        <p class={s.small}>
          {t('rtos.readyList')}: {v.ready.join(', ') || '—'} · {t('rtos.delayedList')}:{' '}
          {v.delayed.map((d) => t('rtos.until', { actor: d.actor, tick: d.tick })).join(', ') || '—'}
        </p>
      </section>
      {v.sems.map((x) => (
        <section key={x.name} class={s.object} data-object={x.name}>
          <h3 class={s.heading}>
            <code>{x.name}</code>
          </h3>
          <p>
            count <output data-testid={`count-${x.name}`}>{x.count}</output>: {countText(x)}
          </p>
          <Lamps lamps={x.lamps} label={t('rtos.mask', { names: x.waiting.join(', ') || '—' })} />
          <p class={s.small}>{t('rtos.waiting', { names: x.waiting.join(', ') || '—' })}</p>
        </section>
      ))}
      {v.mutexes.map((m) => (
        <section key={m.name} class={s.object} data-object={m.name}>
          <h3 class={s.heading}>
            <code>{m.name}</code>
          </h3>
          <p>{t('rtos.holder', { holder: m.holder ?? t('rtos.nobody') })}</p>
          <Lamps lamps={m.lamps} label={t('rtos.mask', { names: m.waiting.join(', ') || '—' })} />
        </section>
      ))}
      <section aria-label={t('rtos.interrupts')}>
        <h3 class={s.heading}>{t('rtos.interrupts')}</h3>
        <ul class={s.list}>
          {v.masks.map((x) => (
            <li key={x.actor}>
              {x.actor}: {x.depth > 0 ? t('rtos.masked', { n: x.depth }) : t('rtos.enabled')}
            </li>
          ))}
        </ul>
      </section>
      {v.leds && (
        <section aria-label="LEDs">
          <div class={s.leds}>
            {v.leds.map((on, i) => (
              <span key={i} class={on ? `${s.led} ${s.ledOn}` : s.led}>
                LED{i + 1}
              </span>
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
