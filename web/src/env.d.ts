/// <reference types="vite/client" />
/*
 * Types of the modules the app imports from outside web/.  They are declared
 * here, not read from the JavaScript (whose own `@ts-check` settings differ
 * from the app's): only what the app uses, kept in step with wasm/js/.
 */

// Every engine's catalog, for the scenario compiler (build/wasm/catalog.json, made by `make wasm`).
declare module '@wasm/catalog.json' {
  const catalog: unknown;
  export default catalog;
}

// wasm/js/lockstep.js
/** The engine sources learners are shown (wasm/embed-sources.mjs), fetched when first shown. */
declare module '@wasm/engine-sources.json' {
  const files: { path: string; text: string }[];
  export default files;
}

declare module '@lockstep/lockstep.js' {
  export interface EmscriptenModule {
    HEAPU8: Uint8Array;
    [name: string]: unknown;
  }
  export class LockstepError extends Error {}
  /** What a search found (the engine's explore_result_json). */
  export interface ExploreFound {
    found: boolean;
    kind: string | null;
    schedule: string | null;
    steps: number;
    preemptions: number;
    executions: number;
    pruned: number;
    bound: number;
    complete: boolean;
    reason: string;
    message: string;
    /** steps every run took, cut runs included */
    total_steps?: number;
    /** a complete search: the share of its tree searched, 0 to 1 (core/sim/estimate.c) */
    done?: number;
    /** every run was made: complete unless some reached the step limit */
    searched_all?: boolean;
    /** runs that reached the step limit */
    step_limit_hits?: number;
    /** the stateful search: states remembered */
    states?: number;
    /** which search this is (a proof says which proved it) */
    search?: 'stateful' | 'dpor' | 'bounded' | 'random' | 'pct';
  }
  export interface ExploreStatus {
    finished: boolean;
    /** the units a complete search went on as (1: it ended alone; core/sim/complete.c) */
    parts: number;
    /** started with aloneOnly: it ended where it would go on as units */
    needs_units: boolean;
    result: ExploreFound;
    summary: string;
  }
  export function catalog(M: EmscriptenModule): unknown;
  export function sources(M: EmscriptenModule): { path: string; text: string }[];
  export class Session {
    constructor(
      M: EmscriptenModule,
      bytecode: Uint8Array,
      options?: { variant?: string; seed?: number; trace?: boolean; memory?: string },
    );
    step(index: number): void;
    stepOver(index: number): void;
    take(kind: string, index?: number, store?: number): void;
    choices(): { kind: string; actor?: number; store?: number }[];
    run(o?: {
      policy?: 'manual' | 'round-robin' | 'random';
      schedule?: string;
      seed?: number;
      maxSteps?: number;
    }): import('./bridge/types').Summary;
    goto(step: number): void;
    reset(): void;
    state(): unknown;
    summary(): unknown;
    traceText(afterStep?: number): string;
    trace(afterStep?: number): unknown[];
    exploreStart(o?: {
      strategy?: 'dfs' | 'random' | 'pct';
      bound?: number;
      maxExecutions?: number;
      maxSteps?: number;
      maxTotalSteps?: number;
      seed?: number;
      prune?: boolean;
      /** the stateful search; 'fits': where it remembers states, else DPOR (bound none) */
      stateful?: boolean | 'fits';
      /** a complete search's steps alone before it goes on as units (core/sim/complete.c) */
      aloneSteps?: number;
      /** end there instead, for workers to share the units (prove.ts) */
      aloneOnly?: boolean;
    }): void;
    explorePlan(want?: number, probes?: number): import('./bridge/explorer').PlanUnit[];
    exploreUnit(unit: number[]): void;
    exploreStep(budget?: number): ExploreStatus;
    exploreStatus(): ExploreStatus;
    exploreFinish(): void;
    free(): void;
  }
}

// wasm/js/scenario.js
declare module '@lockstep/scenario.js' {
  export class ScenarioError extends Error {
    problems: import('./bridge/types').ScenarioProblem[];
  }
  export function compileScenario(
    text: string,
    options: { file?: string; catalog: unknown },
  ): { bytecode: Uint8Array; scenario: import('./bridge/types').ScenarioInfo };
}

// wasm/js/node.js (the node build of the module: unit tests that play lessons on the real engine)
declare module '@lockstep/node.js' {
  export function loadModule(): Promise<import('@lockstep/lockstep.js').EmscriptenModule>;
}

// wasm/js/lesson.js (the lesson parser; engine chunk)
declare module '@lockstep/lesson.js' {
  export class LessonError extends Error {
    problems: import('./bridge/types').ScenarioProblem[];
  }
  export function parseLesson(
    text: string,
    options: { file?: string; catalog: unknown },
  ): Omit<import('./bridge/lessonTypes').LessonInfo, 'startSteps'> & {
    bytecode: Uint8Array;
    scenario: import('./bridge/types').ScenarioInfo;
    outcomes: unknown[];
    at: unknown;
  };
}

// wasm/js/lesson/play.js (what a lesson means while it is played; small, no YAML)
declare module '@lockstep/lesson/play.js' {
  type Matcher = import('./bridge/lessonTypes').Matcher;
  type Events = readonly import('./bridge/types').TraceEvent[];
  export function goalReached(
    goal: import('./bridge/lessonTypes').LessonGoal,
    now: { events: Events; state: import('./bridge/types').MachineState; variant: string },
  ): boolean;
  export function beatsAt(
    beats: readonly import('./bridge/lessonTypes').LessonBeat[],
    events: Events,
    step: number,
    variant: string,
    state?: import('./bridge/types').MachineState,
  ): {
    index: number;
    beat: import('./bridge/lessonTypes').LessonBeat;
    event: import('./bridge/types').TraceEvent;
  }[];
  export function hintStage(
    hints: readonly import('./bridge/lessonTypes').LessonHint[],
    events: Events,
    variant: string,
    state?: import('./bridge/types').MachineState,
  ): number;
  export function goalStepOfRun(
    goal: import('./bridge/lessonTypes').LessonGoal,
    events: Events,
    states: readonly (import('./bridge/types').MachineState | undefined)[],
    variant: string,
  ): number;
  export function beatsNeedState(beats: readonly import('./bridge/lessonTypes').LessonBeat[]): boolean;
  export function folds(
    fold: readonly Matcher[] | null | undefined,
    actor: string,
    next: Record<string, unknown> | undefined,
    variant: string,
  ): boolean;
  /** folds, or the next action changes nothing shared (what Shift+N takes along) */
  export const foldsStep: typeof folds;
  export function questionDue(
    q: import('./bridge/lessonTypes').LessonQuestion,
    state: import('./bridge/types').MachineState,
    events: Events,
    variant: string,
  ): string | null;
  export function nextOnSolution(solution: string | null, schedule: string): string | null;
  export function matchEvent(
    m: Matcher,
    event: import('./bridge/types').TraceEvent,
    variant: string,
  ): boolean;
  export function scheduleTokens(schedule: string): string[];
}

// web/plugins/: what the app ships compiled (builtIn.ts)
type LockstepBuiltItem = import('./engines/chunk').BuiltChunk;
declare module 'virtual:lockstep/lessons' {
  /** in course order; what the lesson pages' index knows of every lesson */
  export const summaries: import('./model/lessonList').LessonBrief[];
  /** id -> the lesson's own chunk */
  export const loaders: Record<string, () => Promise<BuiltLesson>>;
  type BuiltLesson = LockstepBuiltItem & { course?: import('./model/lessonList').LessonCourse | null };
}
declare module 'virtual:lockstep/lessons/first' {
  /** the first lesson's id ('' for a course without lessons) */
  export const first: string;
  /** its chunk */
  export const load: () => Promise<
    LockstepBuiltItem & { course?: import('./model/lessonList').LessonCourse | null }
  >;
}
declare module 'virtual:lockstep/lessons/summaries' {
  /** in course order; file: "lessons/<engine>/<NN>-<lesson>.md" */
  export const summaries: (import('./model/lessonList').LessonSummary & { file: string })[];
}
declare module 'virtual:lockstep/engines' {
  /** every engine's card (engines/<engine>/index.ts, each its own chunk), in the order of mk/engines.mk */
  export const entries: () => Promise<import('./engines/types').EngineCard[]>;
}
declare module 'virtual:lockstep/scenarios' {
  /** in id order */
  export const ids: string[];
  /** id ("<engine>/<scenario>") -> the scenario's own chunk */
  export const loaders: Record<string, () => Promise<LockstepBuiltItem>>;
}
declare module 'virtual:lockstep/scenarios/summaries' {
  /** in id order */
  export const summaries: import('./model/scenarioList').ScenarioSummary[];
}

// wasm/js/trace.js (what a trace event can be)
declare module '@lockstep/trace.js' {
  export const ACTION_KINDS: readonly string[];
  export const EVENT_KINDS: readonly string[];
  export function choiceKinds(catalog: unknown): import('./bridge/types').ChoiceKindInfo[];
  export function memoryModels(catalog: unknown): string[];
}
