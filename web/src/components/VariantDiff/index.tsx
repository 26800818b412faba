/*
 * After a variant switch: from which step the two variants' runs differ, what
 * each did there, and the first engine decision that came out differently
 * (for the lost wakeup: validate passed under validate_outside, failed under
 * correct).  A button goes to that step.
 */
import type { MachineState, TraceEvent } from '../../bridge/types';
import { t, tn } from '../../i18n';
import { decisionText, eventText, nextText } from '../../model/describe';
import type { VariantDiff as Diff } from '../../store/store';
import { ActorBadge } from '../ActorBadge';
import s from './style.module.css';

export interface VariantDiffProps {
  diff: Diff;
  state: MachineState;
  onGo: (step: number) => void;
  onDismiss: () => void;
}

function Events({ events, state }: { events: TraceEvent[]; state: MachineState }) {
  const shown = events.filter((e) => e.kind !== 'finish' && e.kind !== 'clock');
  if (shown.length === 0) return <span class={s.none}>{t('variantDiff.nothing')}</span>;
  const names = state.actors.map((a) => a.name);
  const actor = shown[0]!.actor;
  return (
    <span class={s.events}>
      {actor && names.includes(actor) && <ActorBadge name={actor} index={names.indexOf(actor)} size="s" />}
      <span>{shown.map((e) => eventText(e, state)).join(' · ')}</span>
    </span>
  );
}

export function VariantDiff({ diff, state, onGo, onDismiss }: VariantDiffProps) {
  if (diff.same) {
    return (
      <section class={s.banner} data-tone="same" data-testid="variant-diff" aria-live="polite">
        <span class={s.icon} aria-hidden="true">
          =
        </span>
        <div class={s.body}>
          <p class={s.title}>
            {tn('variantDiff.same', diff.compared, { from: diff.from, to: diff.to, steps: diff.compared })}
          </p>
        </div>
        <button type="button" class={s.dismiss} onClick={onDismiss} aria-label={t('notice.dismiss')}>
          ×
        </button>
      </section>
    );
  }
  // where the schedule stopped applying: the new run waits before that step; say what it would do instead
  const stoppedActor =
    diff.stoppedAt !== undefined && diff.followed === undefined ? diff.oldEvents[0]?.actor : undefined;
  const instead = stoppedActor ? state.actors.find((a) => a.name === stoppedActor) : undefined;
  const d = diff.decision;
  return (
    <section class={s.banner} data-tone="differ" data-testid="variant-diff" aria-live="polite">
      <span class={s.icon} aria-hidden="true">
        ⇄
      </span>
      <div class={s.body}>
        <p class={s.title} data-testid="variant-diff-title">
          {t(diff.setting === 'memory' ? 'variantDiff.titleMemory' : 'variantDiff.title', {
            step: diff.step,
          })}
        </p>
        <dl class={s.rows}>
          <div class={s.row}>
            <dt>
              <code>{diff.from}</code>
            </dt>
            <dd>
              <Events events={diff.oldEvents} state={state} />
            </dd>
          </div>
          <div class={s.row}>
            <dt>
              <code>{diff.to}</code>
            </dt>
            <dd>
              {stoppedActor && instead?.next ? (
                <span class={s.events}>
                  <span>
                    {t('variantDiff.instead', { actor: instead.name, action: nextText(instead.next, state) })}
                  </span>
                </span>
              ) : (
                <Events events={diff.newEvents} state={state} />
              )}
            </dd>
          </div>
        </dl>
        {diff.followed !== undefined && (
          <p class={s.note} data-testid="variant-followed">
            {t('replay.following', { step: diff.followed })}
          </p>
        )}
        {diff.stoppedAt !== undefined && diff.followed === undefined && (
          <p class={s.note}>{t('variantDiff.stopped', { step: diff.stoppedAt, kept: diff.stoppedAt - 1 })}</p>
        )}
        {d && d.old && d.new && (
          <p class={s.decision} data-testid="variant-decision">
            {t('variantDiff.decision', {
              actor: d.actor,
              from: diff.from,
              to: diff.to,
              old: decisionText(d.old.label),
              new: decisionText(d.new.label),
              oldStep: d.old.step,
              newStep: d.new.step,
            })}
          </p>
        )}
      </div>
      <div class={s.actions}>
        {diff.step <= state.steps_recorded && (
          <button type="button" class={s.go} onClick={() => onGo(diff.step)} data-testid="variant-diff-go">
            {t('variantDiff.go', { step: diff.step })}
          </button>
        )}
        <button type="button" class={s.dismiss} onClick={onDismiss} aria-label={t('notice.dismiss')}>
          ×
        </button>
      </div>
    </section>
  );
}
