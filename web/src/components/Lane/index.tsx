/*
 * One actor's lane: its program with the current operation marked, the next
 * action and what it would change, its status, and the buttons that step it.
 */
import type { ActorState, Outcome, ScenarioActor, TraceEvent } from '../../engine/types';
import { t } from '../../i18n';
import { actionEffect, actionText, actorColour, actorInk, shortSite, statusView } from '../../model/format';
import { currentOp, opDepth } from '../../model/program';
import { ActorBadge } from '../ActorBadge';
import s from './style.module.css';

export interface LaneProps {
  index: number;
  actor: ScenarioActor;
  state: ActorState;
  outcome: Outcome;
  trace: TraceEvent[];
  /** will the next store lose an update? (engine view decides) */
  losesUpdate: boolean;
  onStep: (i: number) => void;
  onStepOver: (i: number) => void;
}

export function Lane({ index, actor, state, outcome, losesUpdate, onStep, onStepOver }: LaneProps) {
  const status = statusView(state);
  const cur = currentOp(actor, state);
  const running = outcome === 'running';
  const canStep = running && state.status === 'enabled';
  const next = state.next;
  const action = next ? actionText(next) : '';
  const effect = next ? actionEffect(next) : null;
  const key = index < 9 ? String(index + 1) : null;
  const titleId = `lane-${index}-title`;

  return (
    <section
      class={s.lane}
      style={{ '--actor': actorColour(index), '--actor-ink': actorInk(index) }}
      aria-labelledby={titleId}
      data-actor={actor.name}
      data-status={state.status}
    >
      <header class={s.head}>
        <ActorBadge name={actor.name} index={index} size="l" />
        <h3 id={titleId} class={s.name}>
          {t('lane.title', { name: actor.name })}
        </h3>
        <span class={s.status} data-tone={status.tone} data-testid="status">
          <span aria-hidden="true">{status.glyph}</span> {status.label}
        </span>
      </header>

      <div class={s.grow}>
        <h4 class={s.label}>{t('lane.program')}</h4>
        <ol class={s.program}>
          {actor.ops.map((op, k) => (
            <li
              key={op.index}
              class={k === cur ? `${s.op} ${s.current}` : s.op}
              style={{ '--depth': opDepth(op) }}
              aria-current={k === cur ? 'step' : undefined}
              data-op={op.index}
            >
              <span class={s.marker} aria-hidden="true">
                {k === cur ? '▶' : ''}
              </span>
              <code>{op.text}</code>
              {k === cur && <span class="visually-hidden"> ({t('lane.current')})</span>}
            </li>
          ))}
        </ol>
      </div>

      <div class={state.status === 'finished' ? `${s.next} ${s.idle}` : s.next} data-testid="next">
        <h4 class={s.label}>{t('lane.next')}</h4>
        {next && state.status !== 'finished' ? (
          <>
            <p class={s.action}>
              <code data-testid="action">{action}</code>
            </p>
            {effect && (
              <p class={losesUpdate ? `${s.effect} ${s.warn}` : s.effect} data-testid="effect">
                {losesUpdate && <span aria-hidden="true">⚠ </span>}
                {effect}
                {losesUpdate && <span class={s.note}>{t('effect.loses')}</span>}
              </p>
            )}
            {status.reason && <p class={s.reason}>{status.reason}</p>}
            {next.site && (
              <p class={s.site}>
                <code>{shortSite(next.site)}</code>
                {next.label && <span> · {next.label}</span>}
              </p>
            )}
          </>
        ) : (
          <p class={s.finished}>
            <span aria-hidden="true">✓ </span>
            {t('lane.done')}
          </p>
        )}
      </div>

      <div class={s.buttons}>
        <button
          type="button"
          class={s.step}
          disabled={!canStep}
          onClick={() => onStep(index)}
          aria-label={canStep ? t('lane.stepLabel', { actor: actor.name, action }) : undefined}
          aria-keyshortcuts={key ?? undefined}
          data-testid="step"
        >
          {t('lane.step', { actor: actor.name })}
          {key && <kbd class={s.kbd}>{key}</kbd>}
        </button>
        <button
          type="button"
          class={s.over}
          disabled={!canStep}
          onClick={() => onStepOver(index)}
          aria-label={t('lane.stepOverLabel', { actor: actor.name })}
          aria-keyshortcuts={key ? `Shift+${key}` : undefined}
          title={t('lane.stepOverLabel', { actor: actor.name })}
          data-testid="step-over"
        >
          {t('lane.stepOver')}
        </button>
      </div>
    </section>
  );
}
