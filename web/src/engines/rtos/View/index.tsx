/*
 * Inside the `rtos` engine: a timeline of the last steps (one row per
 * context: handlers on top, then tasks by priority; running drawn solid, ready
 * but waiting for the processor shaded, blocked hatched; a tick is a mark on
 * the ruler), the tasks with base and effective priority (an arrow and a name
 * when one is inherited), the ready and delayed lists, each semaphore's count
 * with what its sign means and its wait mask as 16 lamps, each mutex's holder,
 * the interrupt-mask depth of each context, and the LEDs.
 *
 * Motion (../../motion): each context is one token, `task:NAME`, drawn in
 * exactly one place (places.ts: the processor, the ready list, the wait set
 * of what it blocks on, the delayed list, done), so a switch or a post
 * carries it from one place to the other; a wait-mask lamp flashes as it
 * lights or goes dark (`lamp:OBJECT:BIT`); a count and an effective priority
 * pop when they change; an inherited priority comes from the donor's own
 * (`prio:LOW` from `base:HIGH`).  The timeline's cells are keyed by step
 * (`cell:NAME:STEP`, `step:STEP`), so the newest step fades in at the right
 * and, once the window is full, the older ones slide left.  Under the rows, a
 * step axis; the column of the step the learner stands at is outlined.
 */
import type { MachineState, TraceEvent } from '../../../bridge/types';
import { t, tn } from '../../../i18n';
import { motionScope, MotionSwitch, useMotion } from '../../../motion';
import { rtosView, type RtosSem } from '../model';
import { rtosPlaces } from '../places';
import { ActorBadge } from '../../../components/ActorBadge';
import { taskWord } from '../words';
import s from './style.module.css';

/** The step axis numbers every this many steps (and always the step the learner stands at). */
const AXIS_EVERY = 5;

export interface RtosViewProps {
  state: MachineState;
  trace: TraceEvent[];
}

function Lamps({ name, lamps, label }: { name: string; lamps: boolean[]; label: string }) {
  return (
    <div class={s.lamps} role="img" aria-label={label}>
      {lamps.map((on, i) => (
        <span
          key={i}
          class={on ? `${s.lamp} ${s.on}` : s.lamp}
          title={t('rtos.bit', { n: i })}
          data-motion={`lamp:${name}:${i}`}
          data-motion-fx="flash"
          data-motion-v={on ? '1' : '0'}
        />
      ))}
    </div>
  );
}

/** A context's token: its badge and name, keyed by the name wherever it is drawn. */
function Token({ name, index }: { name: string; index: number }) {
  return (
    <span class={s.token} data-motion={`task:${name}`} data-testid={`token-${name}`}>
      <ActorBadge name={name} index={index} size="s" />
      <span class={s.tokenName}>{name}</span>
    </span>
  );
}

/** A row of tokens, or a dash for none. */
function Tokens({ names, index }: { names: string[]; index: (n: string) => number }) {
  if (names.length === 0) return <span class={s.none}>—</span>;
  return (
    <span class={s.tokens}>
      {names.map((n) => (
        <Token key={n} name={n} index={index(n)} />
      ))}
    </span>
  );
}

function countText(x: RtosSem): string {
  if (x.meaning === 'free') return tn('rtos.count.free', x.count);
  if (x.meaning === 'waiting') return tn('rtos.count.waiting', -x.count);
  return t('rtos.count.none');
}

export function RtosView({ state, trace }: RtosViewProps) {
  const root = useMotion<HTMLDivElement>(state);
  const v = rtosView(state, trace);
  const places = rtosPlaces(state, v);
  const names = state.actors.map((a) => a.name);
  const index = (n: string) => Math.max(0, names.indexOf(n));
  return (
    <div ref={root} class={`${s.view} ${motionScope}`} data-testid="rtos-view">
      <section aria-label={t('rtos.timeline')}>
        <h3 class={s.heading}>{t('rtos.timeline')}</h3>
        <table class={s.timeline}>
          <tbody>
            <tr>
              <th />
              {v.ticks.map((tick, i) => (
                <td
                  key={v.window.first + i}
                  class={tick ? `${s.ruler} ${s.tick}` : s.ruler}
                  title={tick ? t('rtos.tick') : undefined}
                  data-motion={`step:${v.window.first + i}`}
                />
              ))}
            </tr>
            {v.timeline.map((row) => (
              <tr key={row.actor} data-row={row.actor}>
                <th class={row.kind === 'isr' ? s.isr : undefined}>{row.actor}</th>
                {row.cells.map((c, i) => (
                  <td
                    key={v.window.first + i}
                    class={
                      v.window.first + i === v.window.last
                        ? `${s.cell} ${s[c]} ${s.now}`
                        : `${s.cell} ${s[c]}`
                    }
                    data-cell={c}
                    data-motion={`cell:${row.actor}:${v.window.first + i}`}
                  />
                ))}
              </tr>
            ))}
            {/* the step axis: a number every AXIS_EVERY steps, and the step the learner stands at */}
            <tr class={s.axis} data-testid="rtos-axis">
              <th>{t('rtos.axis')}</th>
              {v.ticks.map((_, i) => {
                const step = v.window.first + i;
                const now = step === v.window.last;
                return (
                  <td key={step} data-step={step} data-now={now ? '1' : undefined}>
                    {(now || (step % AXIS_EVERY === 0 && v.window.last - step >= 3)) && (
                      <span class={now ? `${s.axisLabel} ${s.axisNow}` : s.axisLabel}>{step}</span>
                    )}
                  </td>
                );
              })}
            </tr>
          </tbody>
        </table>
        <p class={s.small} data-testid="rtos-timeline-how">
          {t('rtos.timelineHow', { step: v.window.last })}
        </p>
        <p class={s.legend}>
          {(['running', 'ready', 'blocked'] as const).map((c) => (
            <span key={c}>
              <span class={`${s.cell} ${s[c]} ${s.swatch}`} aria-hidden="true" /> {t(`rtos.cell.${c}`)}
            </span>
          ))}
        </p>
      </section>
      <section aria-label={t('rtos.processor')} class={s.places} data-testid="rtos-places">
        <div class={s.place} data-place="running">
          <span class={s.placeName}>{t('rtos.running')}</span>
          <Tokens names={places.running ? [places.running] : []} index={index} />
        </div>
        <div class={s.place} data-place="ready">
          <span class={s.placeName}>{t('rtos.readyList')}</span>
          <Tokens names={places.ready} index={index} />
        </div>
        <div class={s.place} data-place="delayed">
          <span class={s.placeName}>{t('rtos.delayedList')}</span>
          {places.delayed.length === 0 ? (
            <span class={s.none}>—</span>
          ) : (
            <span class={s.tokens}>
              {places.delayed.map((d) => (
                <span key={d.actor} class={s.delayed}>
                  <Token name={d.actor} index={index(d.actor)} />
                  <span class={s.small}>{t('rtos.untilTick', { tick: d.tick })}</span>
                </span>
              ))}
            </span>
          )}
        </div>
        {places.blocked.length > 0 && (
          <div class={s.place} data-place="blocked">
            <span class={s.placeName}>{t('status.blocked')}</span>
            <Tokens names={places.blocked} index={index} />
          </div>
        )}
        {places.done.length > 0 && (
          <div class={s.place} data-place="done">
            <span class={s.placeName}>{t('status.finished')}</span>
            <Tokens names={places.done} index={index} />
          </div>
        )}
      </section>
      <section aria-label={t('rtos.tasks')}>
        <h3 class={s.heading}>{t('rtos.tasks')}</h3>
        <ul class={s.list}>
          {v.tasks.map((task) => (
            <li key={task.actor} data-task={task.actor}>
              <strong>{task.actor}</strong>{' '}
              <span data-motion={`base:${task.actor}`}>{t('rtos.priority', { p: task.priority })}</span>
              {task.effective !== task.priority && (
                <span
                  class={s.inherit}
                  data-motion={`prio:${task.actor}`}
                  data-motion-fx="pop"
                  data-motion-v={String(task.effective)}
                  data-motion-from={task.inheritedFrom ? `base:${task.inheritedFrom}` : undefined}
                  data-testid={`inherited-${task.actor}`}
                >
                  {' → '}
                  {t('rtos.inherited', { p: task.effective, from: task.inheritedFrom ?? '?' })}
                </span>
              )}{' '}
              <span class={s.state} data-testid={`task-state-${task.actor}`}>
                {taskWord(task, state)}
              </span>
            </li>
          ))}
        </ul>
      </section>
      {v.sems.map((x) => (
        <section key={x.name} class={s.object} data-object={x.name}>
          <h3 class={s.heading}>
            <code>{x.name}</code>
          </h3>
          <p>
            count{' '}
            <output
              data-testid={`count-${x.name}`}
              data-motion={`count:${x.name}`}
              data-motion-fx="pop"
              data-motion-v={String(x.count)}
            >
              {x.count}
            </output>
            : {countText(x)}
          </p>
          <Lamps
            name={x.name}
            lamps={x.lamps}
            label={t('rtos.mask', { names: x.waiting.join(', ') || '—' })}
          />
          <p class={s.waitSet}>
            <span class={s.small}>{t('rtos.waitSet')}</span>{' '}
            <Tokens names={places.waiting.get(x.name) ?? []} index={index} />
          </p>
        </section>
      ))}
      {v.mutexes.map((m) => (
        <section key={m.name} class={s.object} data-object={m.name}>
          <h3 class={s.heading}>
            <code>{m.name}</code>
          </h3>
          <p>{t('rtos.holder', { holder: m.holder ?? t('rtos.nobody') })}</p>
          <Lamps
            name={m.name}
            lamps={m.lamps}
            label={t('rtos.mask', { names: m.waiting.join(', ') || '—' })}
          />
          <p class={s.waitSet}>
            <span class={s.small}>{t('rtos.waitSet')}</span>{' '}
            <Tokens names={places.waiting.get(m.name) ?? []} index={index} />
          </p>
        </section>
      ))}
      <section aria-label={t('rtos.interrupts')}>
        <h3 class={s.heading}>{t('rtos.interrupts')}</h3>
        {v.masks.length === 0 && <p class={s.small}>{t('rtos.noneMasked')}</p>}
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
      <MotionSwitch />
    </div>
  );
}
