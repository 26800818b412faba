/*
 * What a lesson means at this moment of the run: whether its goal is reached,
 * the beats said so far, the hint stage and the next actor on the lesson's
 * solution, the predict-the-next-step question and its reveal, and which
 * actors are spinning (so the page can offer to finish it).  Pure functions
 * of the lesson and the snapshot; the answers come from wasm/js/lesson/play.js,
 * the functions `lockstep check` uses, so the player shows what was proven.
 */
import {
  beatsAt,
  beatsNeedState,
  foldsStep,
  goalReached,
  goalStepOfRun,
  hintStage,
  nextOnSolution,
  questionDue,
} from '@lockstep/lesson/play.js';
import type { LessonHint, LessonInfo, LessonQuestion, LessonText, Matcher } from '../bridge/lessonTypes';
import type { MachineState, Snapshot, TraceEvent } from '../bridge/types';
import type { Locale } from '../i18n';
import { spinRoundOf } from './describe';

/** A lesson text in the learner's language (English when the other is missing). */
export function inLocale(text: LessonText | null | undefined, locale: Locale): string {
  if (!text) return '';
  return text[locale] || text.en;
}

/** Is the lesson's goal reached at this moment? */
export function isGoalReached(lesson: LessonInfo, snap: Snapshot): boolean {
  return goalReached(lesson.goal, { events: snap.trace, state: snap.state, variant: snap.state.variant });
}

export interface SaidBeat {
  /** the step it was said at */
  step: number;
  /** the beat's index in the lesson */
  index: number;
  say: LessonText;
}

/**
 * The beats said so far, oldest first: each at the step its event happened,
 * counting only steps after the starting schedule (the lesson's setup).
 */
export function saidBeats(lesson: LessonInfo, snap: Snapshot): SaidBeat[] {
  const out: SaidBeat[] = [];
  const variant = snap.state.variant;
  const stateAt = beatsNeedState(lesson.beats) ? statesOf(lesson, snap) : null;
  for (let step = lesson.startSteps + 1; step <= snap.state.step; step++)
    for (const b of beatsAt(lesson.beats, snap.trace, step, variant, stateAt?.(step)))
      out.push({ step, index: b.index, say: b.beat.say });
  return out;
}

/**
 * The step at which this run reached the goal, as `lockstep check` counts it
 * (play.js, goalStepOfRun): the first step a state goal held at, the step of
 * an order's last event, else the run's end.  Steps whose state the page never
 * saw count as not holding; null while the goal is not reached.
 */
export function goalStep(lesson: LessonInfo, snap: Snapshot): number | null {
  if (!isGoalReached(lesson, snap)) return null;
  const stateAt = statesOf(lesson, snap);
  const states = Array.from({ length: snap.state.step + 1 }, (_, k) =>
    k === snap.state.step ? snap.state : k > lesson.startSteps ? stateAt(k) : undefined,
  );
  const k = goalStepOfRun(lesson.goal, snap.trace, states, snap.state.variant);
  return k >= 0 ? k : snap.state.step;
}

/*
 * A beat with an `if:` is said only if its conditions held after its step, so
 * the page needs the state of past steps.  The snapshot carries only the
 * state now; the states seen while the learner stepped are remembered here,
 * keyed by the lesson, the variant and the trace up to that step (a run is
 * deterministic, so the same trace means the same state).  A step never seen
 * (jumped over by a replay) has no state, and its conditional beats are not
 * said, as lockstep check's players also do without a state.
 */
const seenStates = new Map<string, MachineState>();
const MAX_SEEN_STATES = 4000;

function statesOf(lesson: LessonInfo, snap: Snapshot): (step: number) => MachineState | undefined {
  const keys = new Map<number, string>();
  let hash = 2166136261;
  const prefix = `${lesson.id}|${snap.state.variant}|`;
  let i = 0;
  for (let step = 0; step <= snap.state.step; step++) {
    for (; i < snap.trace.length && Number(snap.trace[i]!.step) <= step; i++) {
      const text = JSON.stringify(snap.trace[i]);
      for (let c = 0; c < text.length; c++) hash = Math.imul(hash ^ text.charCodeAt(c), 16777619) >>> 0;
    }
    keys.set(step, `${prefix}${step}|${hash}`);
  }
  const now = keys.get(snap.state.step)!;
  if (!seenStates.has(now)) {
    if (seenStates.size >= MAX_SEEN_STATES) seenStates.clear();
    seenStates.set(now, snap.state);
  }
  return (step) => seenStates.get(keys.get(step) ?? '');
}

export interface HintNow {
  /** the stage that applies (-1: none) */
  stage: number;
  hint: LessonHint | null;
  /** the next actor on the lesson's solution, or null when the learner has left its path (or it is used up) */
  solutionNext: string | null;
  /** the learner's choices so far still follow the solution */
  onPath: boolean;
}

export function hintNow(lesson: LessonInfo, snap: Snapshot): HintNow {
  const stage = hintStage(lesson.hints, snap.trace, snap.state.variant, snap.state);
  const solution = lesson.solution?.schedule ?? null;
  const solutionNext = solution ? nextOnSolution(solution, snap.summary.schedule) : null;
  return {
    stage,
    hint: stage >= 0 ? (lesson.hints[stage] ?? null) : null,
    solutionNext,
    onPath: !solution || solutionNext !== null || snap.state.outcome !== 'running',
  };
}

/** How many hint levels there are: nudge, direction, the exact next actor. */
export const HINT_LEVELS = 3;

// ---- spinning --------------------------------------------------------------------

/** The actor's last engine action (notes left out), or null. */
function lastAction(trace: readonly TraceEvent[], actor: string): TraceEvent | null {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.actor === actor && e.kind !== 'note') return e;
  }
  return null;
}

/**
 * Whether the actor is inside a spin loop and its next step continues it:
 * it spins or yields next, or it re-reads the lock right after spinning.  The
 * step that ends the loop (setting PARKED, taking the lock) is not part of it.
 */
export function keepsSpinning(state: MachineState, trace: readonly TraceEvent[], index: number): boolean {
  const a = state.actors[index];
  if (!a || state.outcome !== 'running' || a.status !== 'enabled' || !a.next) return false;
  if (spinRoundOf(trace, a.name) === null) return false;
  if (a.next.kind === 'spin' || a.next.kind === 'yield') return true;
  const last = lastAction(trace, a.name);
  return !!last && (last.kind === 'spin' || last.kind === 'yield');
}

/** The actors (indexes) that are spinning now. */
export function spinningActors(snap: Snapshot): number[] {
  return snap.state.actors.flatMap((_, i) => (keepsSpinning(snap.state, snap.trace, i) ? [i] : []));
}

/**
 * Whether the actor's next step can be folded into "until it touches shared
 * state" (Shift+N): it changes nothing shared (a read, spinning, yielding,
 * local work), it
 * continues a spin loop (the re-read of the lock after a spin round), or the
 * lesson lists its kind or label among the actions to fold.
 */
export function foldsNext(
  state: MachineState,
  trace: readonly TraceEvent[],
  index: number,
  fold?: Matcher[] | null,
): boolean {
  const a = state.actors[index];
  if (!a || state.outcome !== 'running' || a.status !== 'enabled' || !a.next) return false;
  if (foldsStep(fold ?? null, a.name, a.next as unknown as Record<string, unknown>, state.variant))
    return true;
  return keepsSpinning(state, trace, index);
}

/** At most this many steps are taken by one "finish spinning" (a spin that never ends stops there). */
export const MAX_SPIN_STEPS = 400;

// ---- the predict prompt ----------------------------------------------------------------

/** A question the page asked: at which step, about whose next step, and the learner's choice. */
export interface Asked {
  at: number;
  actor: string;
  choice: number | null;
}

export type AskedMap = Readonly<Record<number, Asked>>;

export type QuestionView =
  | { phase: 'ask'; index: number; question: LessonQuestion; actor: string; choice: number | null }
  | {
      phase: 'reveal';
      index: number;
      question: LessonQuestion;
      actor: string;
      choice: number | null;
      /** null: the learner did not answer */
      correct: boolean | null;
    };

/** Whether the asked question's actor took the step right after it was asked (then it is revealed). */
function answered(a: Asked, snap: Snapshot): boolean {
  return snap.state.step > a.at && snap.trace.some((e) => e.step === a.at + 1 && e.actor === a.actor);
}

/**
 * The question to show now: one that comes due (asked before the step), else
 * the latest one whose step the learner has taken (revealed, with the
 * explanation).  `asked` is what the page remembers of questions it asked.
 */
export function questionNow(lesson: LessonInfo, snap: Snapshot, asked: AskedMap): QuestionView | null {
  const variant = snap.state.variant;
  for (let i = 0; i < lesson.questions.length; i++) {
    const q = lesson.questions[i]!;
    const a = asked[i];
    if (a && answered(a, snap)) continue;
    const actor = questionDue(q, snap.state, snap.trace, variant);
    if (actor) return { phase: 'ask', index: i, question: q, actor, choice: a?.choice ?? null };
  }
  let latest: { i: number; a: Asked } | null = null;
  for (const [k, a] of Object.entries(asked)) {
    const i = Number(k);
    if (lesson.questions[i] && answered(a, snap) && (!latest || a.at > latest.a.at)) latest = { i, a };
  }
  if (!latest) return null;
  const question = lesson.questions[latest.i]!;
  const choice = latest.a.choice;
  return {
    phase: 'reveal',
    index: latest.i,
    question,
    actor: latest.a.actor,
    choice,
    correct: choice === null ? null : choice === question.answerIndex,
  };
}

/** The page's memory after showing `view` at this step (unchanged when there is nothing new to remember). */
export function remember(asked: AskedMap, view: QuestionView | null, step: number): AskedMap {
  if (!view || view.phase !== 'ask') return asked;
  const a = asked[view.index];
  if (a && a.at === step && a.actor === view.actor) return asked;
  return { ...asked, [view.index]: { at: step, actor: view.actor, choice: a?.choice ?? null } };
}

/** The learner picked answer `choice` for question `index`. */
export function choose(
  asked: AskedMap,
  index: number,
  choice: number,
  step: number,
  actor: string,
): AskedMap {
  return { ...asked, [index]: { at: asked[index]?.at ?? step, actor: asked[index]?.actor ?? actor, choice } };
}

// ---- where the learner is ------------------------------------------------------------------

/** Readable schedules compare equal whatever their spacing. */
function sameSchedule(a: string, b: string): boolean {
  const norm = (s: string) =>
    s
      .trim()
      .replace(/\s+/g, ' ')
      .replace(/\s*:\s*/, ': ');
  return norm(a) === norm(b);
}

/** The run is exactly the lesson's start (nothing of the learner's yet, and not back before its end). */
export function atStart(lesson: LessonInfo, snap: Snapshot): boolean {
  const whole = snap.full ?? snap.summary;
  if (whole.steps !== snap.state.step) return false;
  if (!lesson.start) return whole.steps === 0;
  return whole.steps === lesson.startSteps && sameSchedule(whole.schedule, lesson.start);
}

/** How many steps the learner has taken after the start (0 before it ends). */
export function learnerSteps(lesson: LessonInfo, snap: Snapshot): number {
  return Math.max(0, snap.state.step - lesson.startSteps);
}
