/*
 * One actor's lane: its program with the current operation marked, the next
 * action and what it would change, its status (with the reason when it cannot
 * move), "step into" (the engine actions inside the current operation so
 * far), and the buttons that step it: one step, on until it touches shared
 * state (Shift+N, shown while its next step touches nothing shared), to the
 * end of its operation, dropping its future, and (ra) picking which store
 * its next load reads or which place its next store takes.  Every key move
 * has its button here.
 */
import { useState } from 'preact/hooks';
import type {
  ActorState,
  ExtraChoice,
  MachineState,
  Outcome,
  ScenarioActor,
  TraceEvent,
} from '../../bridge/types';
import { t, tn } from '../../i18n';
import { blockedText, insideOperation, nextEffect, nextText, spinRoundOf } from '../../model/describe';
import { actorColour, actorInk, isLostUpdate, shortSite, statusView } from '../../model/format';
import { foldsNext } from '../../model/lesson';
import { currentOp, opDepth } from '../../model/program';
import { droppedAt } from '../../model/dropped';
import type { Matcher } from '../../bridge/lessonTypes';
import { ActorBadge } from '../ActorBadge';
import { ReadButtons } from '../ReadButtons';
import { pickOptions, type ReadOption } from '../../model/storeHistory';
import s from './style.module.css';

export interface LaneProps {
  index: number;
  actor: ScenarioActor;
  state: ActorState;
  outcome: Outcome;
  trace: TraceEvent[];
  /** will the next store lose an update? (engine view decides) */
  losesUpdate: boolean;
  /** the whole machine (for engine-aware wording); the lane reads only its own actor's parts */
  machine?: MachineState;
  /** the step after which the current operation began (step into) */
  opSince?: number;
  /**
   * a prediction is open: 'effects' hides what the next step would change,
   * 'next' (the actor the question is about) hides the next step altogether
   */
  secret?: 'effects' | 'next' | null;
  /** where this actor's run parts from the other variant's (after "Replay under …") */
  parting?: string | null;
  /** an interrupt handler not raised yet, whose raising is a choice now: its step raises it */
  raise?: boolean;
  /** an async task whose pending future may be dropped now (a cancellation the learner chooses) */
  drop?: boolean;
  /** its next step touches nothing shared: "until shared" (Shift+N) takes it and the like in one go */
  quiet?: boolean;
  onStep: (i: number) => void;
  onStepOver: (i: number) => void;
  onDrop?: (i: number) => void;
  onUntilShared?: (i: number) => void;
  /** the stores its next load may read, or the places its next store may take, when there is more than one (ra) */
  reads?: readonly ReadOption[];
  /** its next load reads store `store`, or its next store takes place `store` (the newest, the end: its plain step) */
  onRead?: (i: number, store: number, kind: ReadOption['kind']) => void;
  busy?: boolean;
}

/** "Thread A", "Task A", "Interrupt handler A": what the actor is; a name that already says it ("TaskA") stands alone. */
export function laneTitle(kind: string | undefined, name: string): string {
  if (/^(task|thread|isr|irq)/i.test(name)) return name;
  return t(kind === 'isr' ? 'lane.titleIsr' : kind === 'task' ? 'lane.titleTask' : 'lane.title', { name });
}

export function Lane({
  index,
  actor,
  state,
  outcome,
  trace,
  losesUpdate,
  machine,
  opSince,
  secret,
  parting,
  raise = false,
  drop = false,
  quiet = false,
  onStep,
  onStepOver,
  onDrop,
  onUntilShared,
  reads = [],
  onRead,
  busy = false,
}: LaneProps) {
  const [inside, setInside] = useState(false);
  const m: MachineState = machine ?? {
    step: 0,
    steps_recorded: 0,
    time: 0,
    variant: '',
    outcome,
    actors: [state],
    objects: [],
    stuck: [],
    violation: null,
    prints: [],
  };
  const round = state.status === 'enabled' ? spinRoundOf(trace, state.name) : null;
  const status = statusView(state, round !== null);
  const reason = blockedText(state, m) ?? status.reason;
  const cur = currentOp(actor, state);
  const running = outcome === 'running';
  const canStep = running && (state.status === 'enabled' || raise);
  const canStepOver = running && state.status === 'enabled';
  const next = state.next;
  const action = next ? nextText(next, m) : '';
  const effect = next && !secret ? nextEffect(next, state, m) : null;
  const events = cur >= 0 ? insideOperation(trace, state.name, opSince ?? 0, m) : [];
  const insideId = `lane-${index}-inside`;
  const key = index < 9 ? String(index + 1) : null;
  const titleId = `lane-${index}-title`;
  const dropped = droppedAt(trace, state.name);

  return (
    <section
      class={s.lane}
      style={{ '--actor': actorColour(index), '--actor-ink': actorInk(index) }}
      aria-labelledby={titleId}
      data-actor={actor.name}
      data-status={state.status}
    >
      <header class={s.head}>
        <ActorBadge name={actor.name} index={index} size="m" />
        <h3 id={titleId} class={s.name}>
          {laneTitle(state.kind, actor.name)}
        </h3>
        <span class={s.status} data-tone={status.tone} data-testid="status">
          <span aria-hidden="true">{status.glyph}</span> {status.label}
        </span>
      </header>

      {dropped !== null && (
        <p class={s.parting} data-testid="lane-dropped">
          <span aria-hidden="true">✂ </span>
          {t('lane.dropped', { actor: actor.name, step: dropped })}
        </p>
      )}
      {parting && (
        <p class={s.parting} data-testid="lane-parting">
          <span aria-hidden="true">⇄ </span>
          {parting}
        </p>
      )}
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
        {next && state.status !== 'finished' && secret === 'next' ? (
          <p class={s.reason} data-testid="next-hidden">
            <span aria-hidden="true">? </span>
            {t('lesson.predict.hidden', { actor: actor.name })}
          </p>
        ) : next && state.status !== 'finished' ? (
          <>
            <p class={s.action}>
              <code id={`lane-${index}-action`} data-testid="action">
                {action}
              </code>
            </p>
            {effect && (
              <p class={losesUpdate ? `${s.effect} ${s.warn}` : s.effect} data-testid="effect">
                {losesUpdate && <span aria-hidden="true">⚠ </span>}
                {effect}
                {losesUpdate && <span class={s.note}>{t('effect.loses')}</span>}
              </p>
            )}
            {reason && (
              <p class={s.reason} data-testid="reason">
                {reason}
              </p>
            )}
            {onRead && running && !secret && (
              <ReadButtons
                actor={actor.name}
                index={index}
                options={reads}
                onRead={onRead}
                busy={busy}
                place="lane"
              />
            )}
            {next.site && (
              <p class={s.site}>
                <code>{shortSite(next.site)}</code>
                {next.label && !secret && <code class={s.comment}> // {next.label}</code>}
              </p>
            )}
          </>
        ) : state.status === 'dormant' ? (
          <p class={s.reason} data-testid="dormant">
            {t(raise ? 'lane.notRaised' : 'lane.notRaisedHeld')}
          </p>
        ) : (
          <p class={s.finished}>
            <span aria-hidden="true">✓ </span>
            {t(state.kind === 'isr' ? 'lane.doneIsr' : state.kind === 'task' ? 'lane.doneTask' : 'lane.done')}
          </p>
        )}
      </div>

      {cur >= 0 && (
        <div class={s.inside}>
          <button
            type="button"
            class={s.into}
            aria-expanded={inside}
            aria-controls={insideId}
            onClick={() => setInside((o) => !o)}
            data-testid="step-into"
          >
            <span class={s.chevron} aria-hidden="true">
              {inside ? '▾' : '▸'}
            </span>
            {t('lane.stepInto')}
            {events.length > 0 && <span class={s.intoCount}>{tn('lane.stepIntoCount', events.length)}</span>}
          </button>
          {inside && (
            <ol id={insideId} class={s.events} data-testid="inside">
              {events.length === 0 ? (
                <li class={s.noEvents}>{t('lane.stepIntoNone')}</li>
              ) : (
                events.map((e, k) => (
                  <li key={k} class={e.failed ? `${s.event} ${s.failed}` : s.event} data-kind={e.kind}>
                    <span class={s.eventStep}>{e.step}</span>
                    <span class={s.eventBody}>
                      <span class={e.kind === 'note' ? s.noteText : s.eventText}>{e.text}</span>
                      {e.label && <code class={s.comment}> // {e.label}</code>}
                    </span>
                  </li>
                ))
              )}
            </ol>
          )}
        </div>
      )}

      <div class={s.buttons}>
        <button
          type="button"
          class={s.step}
          disabled={!canStep}
          onClick={() => onStep(index)}
          aria-describedby={canStep && secret !== 'next' && next ? `lane-${index}-action` : undefined}
          aria-keyshortcuts={key ?? undefined}
          data-testid="step"
        >
          {t(raise ? 'lane.raise' : 'lane.step', { actor: actor.name })}
          {key && <kbd class={s.kbd}>{key}</kbd>}
        </button>
        {quiet && onUntilShared && canStepOver && (
          <button
            type="button"
            class={`${s.over} ${s.untilShared}`}
            onClick={() => onUntilShared(index)}
            title={t('lane.untilSharedLabel', { actor: actor.name })}
            aria-label={t('lane.untilSharedLabel', { actor: actor.name })}
            aria-keyshortcuts={key ? `Shift+${key}` : undefined}
            data-testid="until-shared"
          >
            <span aria-hidden="true">⇥ </span>
            {t('lane.untilShared')}
          </button>
        )}
        <button
          type="button"
          class={s.over}
          disabled={!canStepOver}
          onClick={() => onStepOver(index)}
          title={t('lane.stepOverLabel', { actor: actor.name })}
          data-testid="step-over"
        >
          <span aria-hidden="true">» </span>
          <span class={s.overWords}>{t('lane.stepOver')}</span>
        </button>
        {drop && onDrop && running && (
          <button
            type="button"
            class={`${s.over} ${s.drop}`}
            onClick={() => onDrop(index)}
            title={t('lane.dropWhy', { actor: actor.name })}
            data-testid="drop"
          >
            {t('lane.drop', { actor: actor.name })}
            {key && ' '}
            {key && <kbd class={s.kbd}>d {key}</kbd>}
          </button>
        )}
      </div>
    </section>
  );
}

/** Every actor's lane, as the app and an embedded lesson both show them. */
export function Lanes({
  actors,
  machine,
  trace,
  counters,
  opSince,
  asking,
  parting,
  choices,
  fold,
  onStep,
  onStepOver,
  onDrop,
  onUntilShared,
  onRead,
  busy,
}: {
  actors: ScenarioActor[];
  machine: MachineState;
  trace: TraceEvent[];
  /** the racy counters, whose next store may lose an update */
  counters: Set<string>;
  opSince: (number | undefined)[];
  /** a prediction about this actor's next step is open (nothing may give its answer away) */
  asking?: string | null;
  /** the actor whose run parts from the other variant's there, and the words for it */
  parting?: { actor: string; text: string } | null;
  /** the choices other than a step (raising a handler, the tick, dropping a future) that exist now */
  choices?: ExtraChoice[];
  /** the lesson's own list of what "until shared" takes in one go (null: the app's default) */
  fold?: Matcher[] | null;
  onStep: (i: number) => void;
  onStepOver: (i: number) => void;
  onDrop?: (i: number) => void;
  onUntilShared?: (i: number) => void;
  onRead?: (i: number, store: number, kind: ReadOption['kind']) => void;
  busy?: boolean;
}) {
  return (
    <>
      {actors.map((a, i) => {
        const st = machine.actors[i];
        if (!st) return null;
        const next = st.next;
        const losesUpdate =
          !!next &&
          next.kind === 'store' &&
          isLostUpdate(
            { step: 0, time: 0, kind: 'store', object: next.object, arg: next.arg, old: next.value },
            counters,
          );
        return (
          <Lane
            key={a.name}
            index={i}
            actor={a}
            state={st}
            outcome={machine.outcome}
            trace={trace}
            losesUpdate={losesUpdate}
            machine={machine}
            opSince={opSince[i]}
            secret={asking ? (asking === a.name ? 'next' : 'effects') : null}
            parting={parting?.actor === a.name ? parting.text : null}
            raise={st.status === 'dormant' && !!choices?.some((c) => c.kind === 'irq' && c.actor === i)}
            drop={!!choices?.some((c) => c.kind === 'drop' && c.actor === i)}
            quiet={asking !== a.name && foldsNext(machine, trace, i, fold)}
            onStep={onStep}
            onStepOver={onStepOver}
            onDrop={onDrop}
            onUntilShared={onUntilShared}
            reads={pickOptions(machine, choices, i)}
            onRead={onRead}
            busy={busy}
          />
        );
      })}
    </>
  );
}
