/*
 * Inside the `basic` engine: each shared counter's value, which pulses when a
 * step changes it, and each thread's private copy (counter.c's `mine`): what
 * it read and will write back plus one.
 */
import type { MachineState, ObjectState, TraceEvent } from '../../engine/types';
import { t } from '../../i18n';
import { checkVerdict, isLostUpdate } from '../../model/format';
import { privateCopy } from '../../model/program';
import { ActorBadge } from '../ActorBadge';
import s from './style.module.css';

export interface BasicViewProps {
  state: MachineState;
  trace: TraceEvent[];
  changed: ReadonlySet<string>;
  /** final checks of the scenario, e.g. ["counter == 6"], when known */
  checks: string[];
}

function ObjectCard({
  o,
  changed,
  step,
  tally,
}: {
  o: ObjectState;
  changed: boolean;
  step: number;
  tally: Tally | null;
}) {
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
          <output class={s.value} data-testid={`value-${o.name}`} aria-label={`${o.name}.${name}`}>
            {value}
          </output>
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
  const copies = state.actors.map((a) => privateCopy(trace, a));
  const hasCounter = state.objects.some((o) => o.type === 'counter');
  return (
    <div class={s.view}>
      <div class={s.objects}>
        {state.objects.map((o) => (
          <ObjectCard
            key={o.name}
            o={o}
            changed={changed.has(o.name)}
            step={state.step}
            tally={tallyOf(o, trace)}
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
                  mine = <span data-testid={`mine-${a.name}`}>{copies[i] ?? '—'}</span>
                </code>
                {copies[i] === null && <span class="visually-hidden">{t('lane.mineNone')}</span>}
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
    </div>
  );
}
