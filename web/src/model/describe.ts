/*
 * What an actor is about to do, phrased as what it would change, and why it
 * cannot move, from the engine's structured data (so every language reads its
 * own words).  Each engine words its own objects, notes and reason codes (its
 * registry entry's `words` and `reasons`, engines/<engine>/); this file names
 * no engine.  What every engine shares is worded here: locks, the platform's
 * parkers ("sleep on parker (wait for unpark)", "wake B"), spins and yields,
 * and the machine's and the scheduling models' reasons (model/blocked.ts).
 * Also the engine actions inside the current operation ("step into").  Pure
 * functions, no DOM.
 */
import type { ActorState, Blocked, MachineState, PendingAction, Summary, TraceEvent } from '../bridge/types';
import { getLocale, t, type MessageKey } from '../i18n';
import { blockedReason, type ReasonArgs } from './blocked';
import { weakEffect } from './readWords';
import { loadedEngine, loadedEngines, type EngineWords } from '../engines';
import {
  actionEffect,
  actionText,
  formatValue,
  outcomeView,
  shortSite,
  type Narration,
  type OutcomeView,
} from './format';

/** The first engine whose hook `ask` answers (not undefined, and not null unless `nullAnswers`). */
function ask<R>(f: (w: EngineWords) => R | null | undefined, nullAnswers = false): R | null | undefined {
  for (const e of loadedEngines()) {
    if (!e.words) continue;
    const r = f(e.words);
    if (r !== undefined && (r !== null || nullAnswers)) return r;
  }
  return undefined;
}

/** The next action in words, engine-aware: "CAS state 01 → 11", "lock bucket lot[30]", "wake B". */
export function nextText(a: PendingAction, state: MachineState): string {
  const own = ask((w) => w.nextText?.(a, state));
  if (own !== undefined && own !== null) return own;
  switch (a.kind) {
    case 'prepare_park':
      return t('pl.action.prepare');
    case 'park':
      return t('pl.action.park');
    case 'unpark':
      return t('pl.action.unpark', { target: a.target ?? '?' });
    case 'spin':
      return a.count !== undefined ? t('pl.action.spin', { count: a.count }) : actionText(a);
  }
  return actionText(a);
}

/** What the next action would change, engine-aware; null when there is nothing to say. */
export function nextEffect(a: PendingAction, actor: ActorState, state: MachineState): string | null {
  const own = ask((w) => w.nextEffect?.(a, actor, state), true);
  if (own !== undefined) return weakEffect(a, actor, state, own);
  switch (a.kind) {
    case 'prepare_park':
      return t('pl.effect.prepare');
    case 'park':
      if (actor.status !== 'enabled') return null;
      return actor.parker ? t('pl.effect.parkToken') : t('pl.effect.park');
    case 'unpark':
      return t('pl.effect.unpark', { target: a.target ?? '?' });
    case 'yield':
      return t('pl.effect.yield');
  }
  return weakEffect(a, actor, state, actionEffect(a));
}

/**
 * Why an actor cannot move, in the UI's language, from `blocked`: the
 * engines' own words first (a parked thread's mutex, a semaphore's queue),
 * then the machine's and the models' codes, then the engine's reason code
 * (its Chinese from its own table; its English is C's own sentence unless the
 * table has one).  Without structured data the engine's English is quoted.
 * null when the actor can move.
 */
export function blockedText(actor: ActorState, state: MachineState): string | null {
  if (actor.status !== 'blocked' && actor.status !== 'stuck') return null;
  const b = actor.blocked;
  const own = b ? ask((w) => w.blockedText?.(actor, state)) : undefined;
  if (own) return own;
  if (b) {
    switch (b.why) {
      case 'lock': {
        const holder = b.holder && b.holder !== '?' ? b.holder : null;
        return holder
          ? t('blocked.lock', { object: b.object ?? '?', holder })
          : t('blocked.lockNobody', { object: b.object ?? '?' });
      }
      case 'parked': {
        const until = b.until !== undefined ? ` ${t('blocked.until', { until: b.until })}` : '';
        return t('blocked.parked') + until;
      }
      case 'sleep':
        return t('blocked.sleep', { until: b.until ?? '?' });
      case 'held':
        return t('blocked.held');
    }
    const said = blockedReason(b, getLocale()) ?? engineReason(b, actor.reason); /* every other code */
    if (said) return said;
  }
  return actor.reason ? t('engine.quote', { message: actor.reason }) : null;
}

/** An engine's reason code in the UI's language: its own table's words, or C's English; null: no engine's code. */
function engineReason(b: Blocked, english: string | undefined): string | null {
  const locale = getLocale();
  for (const e of loadedEngines()) {
    const say = e.reasons?.[b.why];
    if (!say) continue;
    const words = say[locale];
    return words ? words(b as unknown as ReasonArgs) : (english ?? null);
  }
  return null;
}

/** One engine action that happened, short and code-like: "CAS state 00 → 01 ✓", "lock bucket lot[30]". */
export function eventText(e: TraceEvent, state: MachineState): string {
  const own = ask((w) => w.eventText?.(e, state));
  if (own !== undefined && own !== null) return own;
  if (e.kind === 'note') return t('note.other', { label: e.label ?? '', value: formatValue(e.value) });
  switch (e.kind) {
    case 'park':
      return e.by ? t('pl.did.parkWoken', { by: e.by }) : t('pl.did.park');
    case 'finish':
      return t('pl.did.finish');
    case 'stuck':
      return t('pl.did.stuck');
    case 'cas':
      return e.ok
        ? t('did.casOk', { object: e.object ?? '', old: formatValue(e.old), new: formatValue(e.new) })
        : t('did.casFailed', {
            object: e.object ?? '',
            old: formatValue(e.old),
            expected: formatValue(e.expected),
          });
    case 'load':
      return t('did.load', { object: e.object ?? '', value: formatValue(e.new) });
    case 'store':
      return t('did.store', { object: e.object ?? '', old: formatValue(e.old), new: formatValue(e.new) });
    case 'flush':
      return t('did.flush', { object: e.object ?? '', old: formatValue(e.old), new: formatValue(e.new) });
  }
  const a: PendingAction = { ...e, kind: e.kind, value: e.old };
  return nextText(a, state);
}

/** The round of the spin loop the actor is in, by its engine's count (a SpinWait); null: it spins in none. */
export function spinRoundOf(trace: readonly TraceEvent[], actor: string): number | null {
  return ask((w) => w.spinRound?.(trace, actor)) ?? null;
}

/** An engine decision's note ("validate failed") in the learner's words; else its label. */
export function decisionText(label: string): string {
  return ask((w) => w.decision?.(label)) ?? label;
}

/** Whether an engine says a note of its own is a failed attempt (a validate that failed). */
function failedNote(e: TraceEvent): boolean {
  return loadedEngines().some((x) => x.words?.failedNote?.(e) === true);
}

export interface InsideEvent {
  step: number;
  kind: string;
  text: string;
  /** the C source's own words for this point (AT("…")), e.g. "set PARKED" */
  label?: string;
  site?: string;
  /** a failed CAS, a failed validate: worth a second look */
  failed: boolean;
}

/**
 * The engine actions an actor performed inside its current operation: its
 * events after step `since` (the step before the operation began).
 */
export function insideOperation(
  trace: TraceEvent[],
  actor: string,
  since: number,
  state: MachineState,
): InsideEvent[] {
  const out: InsideEvent[] = [];
  for (const e of trace) {
    if (e.actor !== actor || e.step <= since) continue;
    if (e.kind === 'finish' || e.kind === 'clock') continue;
    out.push({
      step: e.step,
      kind: e.kind,
      text: eventText(e, state),
      label: e.kind === 'note' ? undefined : e.label,
      site: e.site,
      failed: (e.kind === 'cas' && e.ok === false) || (e.kind === 'note' && failedNote(e)),
    });
  }
  return out;
}

/** Operations that are one event each: a trace event of this kind is a whole operation. */
const WHOLE_OPS = new Set(['cs_enter', 'cs_exit', 'work', 'print', 'assert', 'sleep', 'finish']);

/**
 * The step before the actor's current operation began, guessed from the trace
 * alone (for runs the page did not watch step by step): just after the actor's
 * latest whole-operation event (cs_enter, work, …).  0 when there is none.
 */
export function guessOpStart(trace: TraceEvent[], actor: string, nextKind?: string): number {
  // `work N` is one operation of N work steps: while the next is work too, its work so far is inside
  let inWork = nextKind === 'work';
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.actor !== actor) continue;
    if (inWork && e.kind === 'work') continue;
    inWork = false;
    if (WHOLE_OPS.has(e.kind)) return e.step;
  }
  return 0;
}

/** The engine's part in the narration for format.ts (narrateSteps' `narration`): its sentences and its labels' words. */
export function engineWords(engine: string | undefined, state: MachineState): Narration | undefined {
  const words = loadedEngine(engine)?.words;
  if (!words) return undefined;
  const { narrate, label } = words;
  return {
    narrate: narrate ? (e) => narrate(e, state) : undefined,
    label: label ? (l) => label(l) : undefined,
  };
}

const VIOLATION_TITLES: Record<string, MessageKey> = {
  assertion: 'outcome.violation',
  overlap: 'outcome.overlap',
  misuse: 'outcome.misuse',
  drift: 'outcome.drift',
};

/**
 * The end-of-run banner from structured data where the engine gives it (who
 * is stuck and why, the kind of violation), so every language reads its own
 * words; the engine's English sentence comes along as a quotation.
 */
export function outcomeFor(state: MachineState, summary: Summary): OutcomeView | null {
  const v = outcomeView(state, summary);
  if (!v) return v;
  if (v.tone === 'stuck') {
    const stuck = state.stuck
      .map((x) => ({ x, a: state.actors.find((a) => a.name === x.actor) }))
      .filter((y) => y.a);
    const sleepers = stuck.filter((y) => y.a!.next?.kind === 'park').map((y) => y.x.actor);
    const title =
      sleepers.length === stuck.length && sleepers.length > 0
        ? t(sleepers.length === 1 ? 'outcome.sleepsForever' : 'outcome.sleepForever', {
            actors: sleepers.join(', '),
          })
        : t('outcome.stuckWho', { actors: stuck.map((y) => y.x.actor).join(', ') || '?' });
    const details = stuck.map(({ x, a }) =>
      t('outcome.stuckLine', {
        actor: x.actor,
        why: blockedText(a!, state) ?? t('blocked.unknown'),
        where: shortSite(x.location),
      }),
    );
    const quote = state.stuck.map((x) => x.reason).find((r) => r && r.length > 0);
    return { ...v, title, details, quote };
  }
  if (v.tone === 'violation' && state.violation) {
    const key = VIOLATION_TITLES[state.violation.kind];
    const title = key ? t(key) : t('outcome.violationKind', { kind: state.violation.kind });
    // What Java would throw, word for word, beside the engine's explanation.
    const java = state.violation.java;
    return {
      ...v,
      title,
      details: java ? [t('outcome.javaThrows', { thrown: java })] : [],
      quote: state.violation.message,
    };
  }
  if (v.tone === 'error') {
    const msg = v.details[0] ?? '';
    return { ...v, details: [], quote: msg || undefined };
  }
  return v;
}
