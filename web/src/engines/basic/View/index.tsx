/*
 * Inside the `basic` engine: each shared counter's value, which pulses when a
 * step changes it, and each thread's private copy (counter.c's `mine`): what
 * it read and will write back plus one.
 *
 * Motion (../../motion): a load carries the counter's value into the thread's
 * private copy, a store carries the copy plus one back into the counter; a
 * store that loses an update knocks the other thread's increment off the
 * counter, where it stays, struck out, for that step.
 */
import type { MachineState, ObjectState, TraceEvent } from '../../../bridge/types';
import { t } from '../../../i18n';
import { actorColour, checkVerdict, isLostUpdate } from '../../../model/format';
import { privateCopy } from '../model';
import { motionScope, MotionSwitch, useMotion } from '../../../motion';
import { ActorBadge } from '../../../components/ActorBadge';
import s from './style.module.css';

export interface BasicViewProps {
  state: MachineState;
  trace: TraceEvent[];
  changed: ReadonlySet<string>;
  /** final checks of the scenario, e.g. ["counter == 6"], when known */
  checks: string[];
}

/** What this step did to the shared objects: who stored into which, who loaded from which, and an update it lost. */
interface StepMoves {
  storedBy: Map<string, string>;
  loadedFrom: Map<string, string>;
  /** per object: the increment the store overwrote, and whose it was */
  lost: Map<string, { value: number; by: string | null }>;
}

function stepMoves(trace: TraceEvent[], step: number): StepMoves {
  const out: StepMoves = { storedBy: new Map(), loadedFrom: new Map(), lost: new Map() };
  for (let i = trace.length - 1; i >= 0 && trace[i]!.step >= step; i--) {
    const e = trace[i]!;
    if (e.step !== step || !e.actor || !e.object) continue;
    if (e.kind === 'load') out.loadedFrom.set(e.actor, e.object);
    if (e.kind !== 'store') continue;
    out.storedBy.set(e.object, e.actor);
    if (isLostUpdate(e, new Set([e.object])) && e.old !== undefined) {
      // whose increment it was: the last earlier store into the same object
      let by: string | null = null;
      for (let j = i - 1; j >= 0; j--) {
        const p = trace[j]!;
        if (p.kind === 'store' && p.object === e.object) {
          by = p.actor ?? null;
          break;
        }
      }
      out.lost.set(e.object, { value: e.old, by });
    }
  }
  return out;
}

function ObjectCard({
  o,
  changed,
  step,
  tally,
  moves,
  actorIndex,
}: {
  o: ObjectState;
  changed: boolean;
  step: number;
  tally: Tally | null;
  moves: StepMoves;
  actorIndex: (n: string) => number;
}) {
  const storer = moves.storedBy.get(o.name);
  const lost = moves.lost.get(o.name);
  const fields = Object.entries(o.fields);
  return (
    <figure class={s.object} data-object={o.name}>
      <figcaption class={s.caption}>
        <code class={s.objName}>{o.name}</code>
        {o.type !== o.name && <span class={s.type}>{o.type}</span>}
      </figcaption>
      {fields.map(([name, value]) => (
        // keyed by step so the pulse animation restarts on every change
        <div key={changed ? `${name}-${step}` : name} class={changed ? `${s.cell} ${s.pulse}` : s.cell}>
          <span class={s.field}>{name === 'value' ? t('inside.value') : name}</span>
          <output
            class={s.value}
            data-testid={`value-${o.name}`}
            aria-label={`${o.name}.${name}`}
            data-motion={`value:${o.name}.${name}`}
            data-motion-v={String(value)}
            data-motion-from={storer ? `mine:${storer}` : undefined}
          >
            {value}
          </output>
          {lost && name === 'value' && (
            <span
              class={s.overwritten}
              style={{ '--actor': lost.by ? actorColour(Math.max(0, actorIndex(lost.by))) : undefined }}
              data-testid={`overwritten-${o.name}`}
              data-motion={`overwritten:${o.name}`}
              data-motion-from={`value:${o.name}.value`}
              title={t('inside.overwrote', { actor: lost.by ?? '?', value: lost.value })}
            >
              <span aria-hidden="true">{lost.value}</span>
              <span class="visually-hidden">
                {t('inside.overwrote', { actor: lost.by ?? '?', value: lost.value })}
              </span>
            </span>
          )}
          {changed && <span class="visually-hidden">({t('inside.changed')})</span>}
        </div>
      ))}
      {tally && (
        <p class={s.tally} data-testid={`tally-${o.name}`}>
          {t('inside.written', { n: tally.written })}
          {tally.lost > 0 && (
            <>
              {' · '}
              <span class={s.lostCount}>{t('inside.lost', { n: tally.lost })}</span>
            </>
          )}
        </p>
      )}
    </figure>
  );
}

interface Tally {
  written: number;
  lost: number;
}

/** For a racy counter: how many increments were written back, and how many of those overwrote another. */
function tallyOf(o: ObjectState, trace: TraceEvent[]): Tally | null {
  if (o.type !== 'counter') return null;
  const only = new Set([o.name]);
  let written = 0;
  let lost = 0;
  for (const e of trace) {
    if (e.kind !== 'store' || e.object !== o.name) continue;
    written++;
    if (isLostUpdate(e, only)) lost++;
  }
  return { written, lost };
}

export function BasicView({ state, trace, changed, checks }: BasicViewProps) {
  const root = useMotion<HTMLDivElement>(state);
  const copies = state.actors.map((a) => privateCopy(trace, a));
  const moves = stepMoves(trace, state.step);
  const names = state.actors.map((a) => a.name);
  const hasCounter = state.objects.some((o) => o.type === 'counter');
  return (
    <div ref={root} class={`${s.view} ${motionScope}`} data-testid="basic-view">
      <div class={s.objects}>
        {state.objects.map((o) => (
          <ObjectCard
            key={o.name}
            o={o}
            changed={changed.has(o.name)}
            step={state.step}
            tally={tallyOf(o, trace)}
            moves={moves}
            actorIndex={(n) => names.indexOf(n)}
          />
        ))}
      </div>

      {hasCounter && (
        <div class={s.copies}>
          <h3 class={s.sub}>{t('inside.copies')}</h3>
          <p class={s.hint}>{t('inside.copiesHint')}</p>
          <ul class={s.copyList}>
            {state.actors.map((a, i) => (
              <li key={a.name} class={s.copy} data-actor={a.name}>
                <ActorBadge name={a.name} index={i} size="s" />
                <code class={s.mine}>
                  mine ={' '}
                  <span
                    class={s.mineValue}
                    data-testid={`mine-${a.name}`}
                    data-motion={`mine:${a.name}`}
                    data-motion-v={String(copies[i] ?? '—')}
                    data-motion-from={
                      moves.loadedFrom.has(a.name) ? `value:${moves.loadedFrom.get(a.name)}.value` : undefined
                    }
                  >
                    {copies[i] ?? '—'}
                  </span>
                </code>
                {copies[i] === null && (
                  <span class="visually-hidden">
                    {t(a.status === 'finished' ? 'lane.mineDone' : 'lane.mineNone')}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}

      {checks.length > 0 && (
        <div class={s.checks}>
          <h3 class={s.sub}>{t('inside.check')}</h3>
          <ul class={s.checkList}>
            {checks.map((c) => {
              const verdict = checkVerdict(c, state);
              return (
                <li key={c} class={s.check} data-verdict={verdict ?? 'open'}>
                  <code>{c}</code>
                  {verdict && (
                    <span class={s.verdict}>
                      <span aria-hidden="true">{verdict === 'held' ? '✓ ' : '✗ '}</span>
                      {t(verdict === 'held' ? 'inside.held' : 'inside.failed')}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <MotionSwitch />
    </div>
  );
}
