/*
 * Turning machine data into words and marks for the screen: an actor's next
 * action ("store counter ← 1") and what it would change, its status, the
 * narration of a step from the trace, the outcome.  Pure functions, no DOM.
 */
import { t, type MessageKey } from '../i18n';
import type { ActorState, MachineState, PendingAction, Summary, TraceEvent } from '../bridge/types';
import { actorNoun } from './keys';
import { placedSentence, staleReadSentence } from './readWords';

/** Okabe-Ito, in the order actors get them (UX.md). */
export const ACTOR_COLOURS = [
  '#E69F00',
  '#56B4E9',
  '#009E73',
  '#D55E00',
  '#0072B2',
  '#CC79A7',
  '#F0E442',
] as const;

export function actorColour(index: number): string {
  return ACTOR_COLOURS[((index % ACTOR_COLOURS.length) + ACTOR_COLOURS.length) % ACTOR_COLOURS.length]!;
}

function luminance(hex: string): number {
  const n = parseInt(hex.slice(1), 16);
  const lin = (c: number) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p) as [number, number];
  return (x + 0.05) / (y + 0.05);
}

const INKS = new Map<string, string>();

/** Text colour on an actor's colour: near-black or white, whichever reads better. */
export function actorInk(index: number): string {
  const bg = actorColour(index);
  let ink = INKS.get(bg);
  if (!ink) {
    ink = contrast(bg, '#111111') >= contrast(bg, '#ffffff') ? '#111111' : '#ffffff';
    INKS.set(bg, ink);
  }
  return ink;
}

/** The text of an actor's badge: short names whole ("A", "T1"), longer ones by their first character. */
export function badgeText(name: string, peers: readonly string[] = []): string {
  if (name.length <= 2) return name;
  const chars = [...name];
  const first = chars[0] ?? '?';
  // the actors whose badge would read the same letter
  const clash = peers.filter((p) => p !== name && (p.length <= 2 ? p === first : [...p][0] === first));
  if (clash.length === 0) return first;
  // two characters: the first, and the first one where this name parts from all of those
  for (let k = 1; k < chars.length; k++)
    if (clash.every((p) => [...p][k] !== chars[k])) return first + chars[k];
  return first + chars[chars.length - 1];
}

/** Values as the learner reads them.  (Bit views for state bytes come with their engines.) */
export function formatValue(v: number | undefined): string {
  return v === undefined ? '?' : String(v);
}

/** Virtual time as the learner reads it: "2 ms", "1 s", "250 µs". */
export function formatTime(us: number): string {
  if (us >= 1_000_000 && us % 1000 === 0) return `${us / 1_000_000} s`;
  if (us >= 1000 && us % 1000 === 0) return `${us / 1000} ms`;
  return `${us} µs`;
}

/** "engines/<engine>/<file>.c:19" → "<file>.c:19" */
export function shortSite(site: string | undefined): string {
  if (!site) return '';
  const slash = site.lastIndexOf('/');
  return slash >= 0 ? site.slice(slash + 1) : site;
}

const ACTION_KEYS: Record<string, MessageKey> = {
  load: 'action.load',
  store: 'action.store',
  cas: 'action.cas',
  swap: 'action.swap',
  fetch_add: 'action.fetch_add',
  fetch_or: 'action.fetch_or',
  fetch_and: 'action.fetch_and',
  lock: 'action.lock',
  unlock: 'action.unlock',
  prepare_park: 'action.prepare_park',
  park: 'action.park',
  unpark: 'action.unpark',
  spin: 'action.spin',
  yield: 'action.yield',
  sleep: 'action.sleep',
  work: 'action.work',
  cs_enter: 'action.cs_enter',
  cs_exit: 'action.cs_exit',
  print: 'action.print',
  assert: 'action.assert',
};

/** The action in code-like words: "load counter", "store counter ← 1". */
export function actionText(a: PendingAction): string {
  const key = ACTION_KEYS[a.kind] ?? 'action.other';
  return t(key, {
    kind: a.kind,
    object: a.object ?? '',
    arg: formatValue(a.arg),
    expected: formatValue(a.expected),
    desired: formatValue(a.desired),
    target: a.target ?? '',
    deadline: a.deadline,
    text: a.text ?? '',
  }).trim();
}

/**
 * The value an update leaves.  The machine gives a signed cell's values with
 * their sign (-1 in an int16_t count), an unsigned cell's as they are: a sum
 * stays signed when either side is negative, else it wraps at the cell's width.
 */
function applyRmw(kind: string, old: number, arg: number, width = 4): number | undefined {
  const wrap = (v: number) => (old < 0 || arg < 0 ? v : width >= 4 ? v >>> 0 : v % 2 ** (8 * width));
  switch (kind) {
    case 'store':
    case 'swap':
      return arg;
    case 'fetch_add':
      return wrap(old + arg);
    case 'fetch_or':
      return wrap(old | arg);
    case 'fetch_and':
      return wrap(old & arg);
    default:
      return undefined;
  }
}

/** What the action would do to memory, in prose: "reads 0", "counter: 2 → 1". */
export function actionEffect(a: PendingAction): string | null {
  if (a.value === undefined || !a.object) return null;
  if (a.kind === 'load') return t('effect.reads', { value: formatValue(a.value) });
  if (a.kind === 'cas') {
    return a.value === a.expected
      ? t('effect.casOk', { object: a.object, value: formatValue(a.value) })
      : t('effect.casFails', {
          object: a.object,
          value: formatValue(a.value),
          expected: formatValue(a.expected),
        });
  }
  if (a.arg === undefined) return null;
  const next = applyRmw(a.kind, a.value, a.arg, a.width);
  if (next === undefined) return null;
  return t('effect.changes', { object: a.object, old: formatValue(a.value), new: formatValue(next) });
}

export type Tone = 'ready' | 'held' | 'waiting' | 'stuck' | 'finished';

export interface StatusView {
  /** shape as well as colour (UX.md): ▶ ready, ◌ held back by the scheduler, ● waiting, ⚠ stuck, ✓ finished */
  glyph: string;
  label: string;
  tone: Tone;
  reason?: string;
}

/**
 * The word for an actor the scheduling model holds back (C marks the reason
 * `held`, core/sim/blocked.h), or null when the lanes should call it waiting.
 * A held task waits for the processor (`status.held`: the views call it
 * ready) or, in an executor, for its turn in the run queue
 * (`executor.queued`); the executor's other held reasons (a timer fallen due,
 * another task being polled) are waits for a wake, said as waiting.
 */
function heldWord(a: ActorState): 'status.raised' | 'status.held' | 'status.queued' | null {
  const why = a.blocked?.why ?? '';
  if (a.kind === 'isr') return 'status.raised';
  if (why === 'executor.queued') return 'status.queued';
  if (why.startsWith('executor.')) return null;
  return 'status.held';
}

/** `spinning`: the actor is inside a SpinWait (it can move, but only to spin or yield). */
export function statusView(a: ActorState, spinning = false): StatusView {
  switch (a.status) {
    case 'enabled':
      return spinning
        ? { glyph: '↻', label: t('status.spinning'), tone: 'ready' }
        : {
            glyph: '▶',
            // a task or a handler moves only when its model picks it: then it is the one running
            label: t(a.kind === 'thread' ? 'status.enabled' : 'status.running'),
            tone: 'ready',
          };
    case 'finished':
      return { glyph: '✓', label: t('status.finished'), tone: 'finished' };
    case 'stuck':
      return { glyph: '⚠', label: t('status.stuck'), tone: 'stuck', reason: a.reason };
    case 'dormant':
      return { glyph: '○', label: t('status.dormant'), tone: 'finished' };
    default: {
      // Held back by the scheduling model, not by anything shared: the
      // engine's own views call it ready (waiting for the processor) or, in an
      // executor, scheduled (in the run queue); the lane uses the same word.
      const held = a.blocked?.held ? heldWord(a) : null;
      if (held) return { glyph: '◌', label: t(held), tone: 'held', reason: a.reason };
      const parked = a.next?.kind === 'park';
      return {
        glyph: parked ? '●' : '◌',
        label: t(parked ? 'status.parked' : 'status.blocked'),
        tone: 'waiting',
        reason: a.reason,
      };
    }
  }
}

/** Who stored into `object` last before event `at` (for naming a lost update's victim). */
function previousWriter(trace: TraceEvent[], at: number, object: string): string | undefined {
  for (let i = at - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.object === object && e.kind !== 'load' && e.new !== undefined) return e.actor;
  }
  return undefined;
}

/**
 * A store that does not build on the value it overwrites loses an update: an
 * increment stores what it read plus one, so storing `arg` over `old` with
 * arg - 1 ≠ old means someone else's store in between is gone.
 */
export function isLostUpdate(e: TraceEvent, counters: ReadonlySet<string>): boolean {
  return (
    e.kind === 'store' &&
    e.object !== undefined &&
    counters.has(e.object) &&
    e.arg !== undefined &&
    e.old !== undefined &&
    e.arg - 1 !== e.old
  );
}

/**
 * An engine's part in the narration (describe.ts, engineWords): its own
 * sentence for an event, and its step labels in the learner's words.
 */
export interface Narration {
  /** the engine's sentence; undefined: the generic one, null: none at all */
  narrate?(e: TraceEvent): string | null | undefined;
  /** the C source's label of a step (AT("…")) in the learner's language; null: quote the label itself */
  label?(label: string): string | null;
}

/** What the step means, in the engine's words: its label translated, else the C source's own, quoted as code. */
function labelWords(label: string, narration: Narration | undefined): string {
  return narration?.label?.(label) ?? t('event.codeLabel', { label });
}

/**
 * What an event did to memory, without its actor ("wrote 0 to s (it was 1)"),
 * for the sentence that says the step's label first; null: no memory action.
 */
function valueWords(
  trace: TraceEvent[],
  index: number,
  counters: ReadonlySet<string>,
  p: Params,
): string | null {
  const e = trace[index]!;
  switch (e.kind) {
    case 'load':
      if (!e.buffered) return staleReadSentence(trace, index, 'what') ?? t('what.load', p);
      return e.memory === undefined
        ? t('what.loadOwnSame', p)
        : t('what.loadOwn', { ...p, memory: formatValue(e.memory) });
    case 'store': {
      if (isLostUpdate(e, counters)) {
        const victim = previousWriter(trace, index, e.object!);
        return victim && victim !== e.actor
          ? t('what.storeLost', { ...p, victim })
          : t('what.storeLostAnon', p);
      }
      return placedSentence(trace, index, 'what') ?? t(e.buffered ? 'what.storeBuffered' : 'what.store', p);
    }
    case 'swap':
    case 'fetch_add':
    case 'fetch_or':
    case 'fetch_and':
      return t('what.rmw', p);
    case 'cas':
      return e.ok ? t('what.casOk', p) : t('what.casFailed', p);
  }
  return ACTION_KEYS[e.kind] ? actionText({ ...e, kind: e.kind, deadline: e.until }) : null;
}

type Params = Record<'actor' | 'object' | 'kind' | 'old' | 'new' | 'expected' | 'message', string>;

/**
 * One trace event in words, or null for events that need none.  A step the
 * engine labelled (AT("cancel: my slot = None")) says that label first, then
 * what it did to memory: "A, cancel: my slot = None — wrote 0 to s (it was 1)."
 */
export function narrateEvent(
  trace: TraceEvent[],
  index: number,
  counters: ReadonlySet<string>,
  narration?: Narration,
): string | null {
  const e = trace[index];
  if (!e) return null;
  const own = narration?.narrate?.(e);
  if (own !== undefined) return own;
  const p: Params = {
    actor: e.actor ?? '',
    object: e.object ?? '',
    kind: e.kind,
    old: formatValue(e.old),
    new: formatValue(e.new),
    expected: formatValue(e.expected),
    message: e.message ?? '',
  };
  if (e.label && e.actor && !MACHINE_WORDS.has(e.kind) && !BARE_LABEL.test(e.label)) {
    const label = labelWords(e.label, narration);
    const what = valueWords(trace, index, counters, p);
    return what === null
      ? t('event.labelOnly', { actor: p.actor, label })
      : t('event.labelled', { actor: p.actor, label, what });
  }
  switch (e.kind) {
    case 'load': {
      // ra: a load that read an older store than the newest says which, and which it passed over
      if (!e.buffered) return staleReadSentence(trace, index) ?? t('event.load', p);
      // a weak memory model: the actor saw its own store, which others cannot yet
      return e.memory === undefined
        ? t('event.loadOwnSame', p)
        : t('event.loadOwn', { ...p, memory: formatValue(e.memory) });
    }
    case 'flush':
      return t('event.flush', { ...p, stored: e.stored_at ?? '' });
    case 'store': {
      if (isLostUpdate(e, counters)) {
        const victim = previousWriter(trace, index, e.object!);
        return victim && victim !== e.actor
          ? t('event.storeLost', { ...p, victim })
          : t('event.storeLostAnon', p);
      }
      // ra: a store placed before the end of its cell's order says which store it went before
      return placedSentence(trace, index) ?? t(e.buffered ? 'event.storeBuffered' : 'event.store', p);
    }
    case 'swap':
    case 'fetch_add':
    case 'fetch_or':
    case 'fetch_and':
      return t('event.rmw', p);
    case 'cas':
      return e.ok ? t('event.casOk', p) : t('event.casFailed', p);
    case 'finish':
      return t('event.finish', p);
    case 'violation':
      return t('event.violation', p);
    case 'stuck':
      return t('event.stuck', p);
    case 'error':
      return t('event.error', p);
    case 'note':
    case 'clock':
      return null;
    /* the machine's choices: a sentence of their own, not an actor's action */
    case 'tick':
      return e.time > 0 ? t('event.tickAt', { time: formatTime(e.time) }) : t('event.tick');
    case 'raised':
      return t('event.raised', p);
    case 'dropped':
      return t('event.dropped', p);
    default:
      return t('event.other', {
        actor: p.actor,
        action: actionText({ ...e, kind: e.kind, deadline: e.until }),
      });
  }
}

/** A label that only names its action and field ("load value", "read value") says nothing the value does not. */
const BARE_LABEL = /^(?:load|read|store|write|cas|swap|fetch_add|fetch_or|fetch_and) [\w.[\]]+$/;

/** Events the machine words itself (its choices, the run's end, notes): their label, if any, is not a step's meaning. */
const MACHINE_WORDS = new Set([
  'flush',
  'finish',
  'violation',
  'stuck',
  'error',
  'note',
  'clock',
  'tick',
  'raised',
  'dropped',
]);

export interface StepLine {
  step: number;
  actor?: string;
  text: string;
  lost: boolean;
}

/** The narration of each step so far, one line per step (events of a step joined). */
export function narrateSteps(
  trace: TraceEvent[],
  counters: ReadonlySet<string>,
  narration?: Narration,
): StepLine[] {
  const lines: StepLine[] = [];
  trace.forEach((e, i) => {
    const text = narrateEvent(trace, i, counters, narration);
    if (text === null) return;
    const last = lines[lines.length - 1];
    const lost = isLostUpdate(e, counters);
    if (last && last.step === e.step) {
      last.text += ' ' + text;
      last.lost ||= lost;
    } else {
      lines.push({ step: e.step, actor: e.actor, text, lost });
    }
  });
  return lines;
}

/** The narration of one step, if it said anything. */
export function stepLine(
  trace: TraceEvent[],
  step: number,
  counters: ReadonlySet<string>,
  narration?: Narration,
): StepLine | undefined {
  return narrateSteps(
    trace.filter((e) => e.step <= step),
    counters,
    narration,
  ).find((l) => l.step === step);
}

/** The narration of the current step (for the aria-live announcement). */
export function narrateStep(trace: TraceEvent[], step: number, counters: ReadonlySet<string>): string {
  const line = stepLine(trace, step, counters);
  return line ? t('event.step', { step, text: line.text }) : '';
}

/**
 * Whether a final check held: all did when the run is done; the one the
 * violation quotes failed.  null while the run goes on (or for other endings).
 */
export function checkVerdict(check: string, state: MachineState): 'held' | 'failed' | null {
  if (state.outcome === 'done') return 'held';
  if (state.outcome === 'violation' && state.violation?.message.includes(`'${check}'`)) return 'failed';
  return null;
}

export interface OutcomeView {
  tone: 'done' | 'violation' | 'stuck' | 'error';
  title: string;
  details: string[];
  step?: number;
  /** the engine's own sentence (English), shown as a quotation */
  quote?: string;
}

/** The banner for a finished run, or null while it runs. */
export function outcomeView(state: MachineState, summary: Summary): OutcomeView | null {
  switch (state.outcome) {
    case 'running':
      return null;
    case 'done':
      return {
        tone: 'done',
        title: t('outcome.done'),
        details: [t(actorNoun(state.actors) === 'task' ? 'outcome.doneDetailTasks' : 'outcome.doneDetail')],
      };
    case 'violation':
      return {
        tone: 'violation',
        title: t('outcome.violation'),
        details: [state.violation?.message ?? ''],
        step: state.violation?.step,
      };
    case 'stuck':
      return {
        tone: 'stuck',
        title: t('outcome.stuck'),
        details: state.stuck.map((s) => `${s.actor}: ${s.reason} (${shortSite(s.location)})`),
      };
    default:
      return {
        tone: 'error',
        title: t('outcome.error'),
        details: [state.violation?.message || summary.message || ''],
      };
  }
}
