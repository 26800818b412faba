/*
 * The one door between the UI and the wasm module.
 *
 * The UI never touches a Session: it sends requests and receives plain-JSON
 * results, all asynchronous.  Today the engine runs on the main thread
 * (local.ts, loaded lazily together with the wasm module and the scenario
 * compiler); moving it into a Web Worker means answering the same requests
 * from a worker, and nothing in the UI changes.
 */
import type { ChoiceKindInfo, ScenarioInfo, ScenarioProblem, Snapshot } from './types';
import type { ExploreJob, ExploreOptions, ExploreProgress } from './explorer';
import type { LessonInfo } from './lessonTypes';

export type EngineErrorKind = 'load' | 'scenario' | 'engine';

/** Every failure crossing the bridge: what went wrong, and for a scenario, where. */
export class EngineError extends Error {
  readonly kind: EngineErrorKind;
  readonly problems: ScenarioProblem[];
  constructor(kind: EngineErrorKind, message: string, problems: ScenarioProblem[] = []) {
    super(message);
    this.name = 'EngineError';
    this.kind = kind;
    this.problems = problems;
  }
}

export interface ScenarioSource {
  /** YAML text */
  text: string;
  /** shown in error messages, e.g. "<engine>/<scenario>.yaml" */
  file: string;
  /**
   * 'lesson': a lesson file (lessons/README.md), parsed by parseLesson; its
   * starting schedule is replayed when no schedule is given.
   */
  kind?: 'scenario' | 'lesson';
}

/**
 * A scenario or lesson that ships with the app, compiled when the app was
 * built (web/plugins/): opened without the compiler.  Plain JSON.
 */
export interface BuiltSource {
  kind: 'built';
  /** "<engine>/<scenario>.yaml", "lessons/<engine>/<NN>-<lesson>.md" */
  file: string;
  scenario: ScenarioInfo;
  /** the compiled scenario, base64 */
  bytecode: string;
  /** a lesson: the lesson (startSteps 0, bodyHtml set) */
  lesson?: LessonInfo;
}

export interface OpenOptions {
  variant?: string;
  /** the memory model (one of Opened.memoryModels); default: the scenario's memory: */
  memory?: string;
  /** a schedule to replay on opening (either form); the run then waits for the learner */
  schedule?: string;
  /** after replaying, go to this step */
  step?: number;
  /**
   * When the schedule stops applying ("schedule diverged at step N"), keep
   * the steps before N instead of starting over (switching variants).
   */
  keepPrefix?: boolean;
}

export interface Opened {
  scenario: ScenarioInfo;
  snapshot: Snapshot;
  /** why the schedule could not be replayed (the session is then at step 0) */
  scheduleError?: string;
  /** a remark about the replay, e.g. unused schedule entries */
  scheduleNote?: string;
  /** with keepPrefix: where the schedule stopped applying, and the engine's words */
  diverged?: { step: number; message: string };
  /** the variant asked for is not one the scenario allows (its own variant opened instead) */
  badVariant?: string;
  /** the memory model asked for is not one the module knows (the scenario's own opened instead) */
  badMemory?: string;
  /** the memory models the module knows, sc first (the catalog's memory_models) */
  memoryModels: string[];
  /** a lesson: the lesson itself (kind 'lesson') */
  lesson?: LessonInfo;
  /** the kinds of choice the machine knows (the catalog's choice_kinds) */
  choiceKinds: ChoiceKindInfo[];
}

/** One of the engine's C source files, as embedded in the module. */
export interface EngineSource {
  /** "engines/<engine>/<file>.c" */
  path: string;
  text: string;
}

export interface EngineBridge {
  /** Compiles a scenario and starts a session on it (replacing any previous one). */
  open(source: ScenarioSource | BuiltSource, options?: OpenOptions): Promise<Opened>;
  /**
   * One step of actor `actor` (0-based); for an interrupt handler not raised
   * yet (snapshot.choices offers it), raising it.
   */
  step(actor: number): Promise<Snapshot>;
  /**
   * Takes a choice other than a step that snapshot.choices offers: its kind's
   * name and, for a kind that names one, the actor (the tick falls; task
   * `actor`'s pending future is dropped, cancelling it; ...) and, for
   * read_from, which store of the cell actor `actor`'s next load reads.
   */
  take(kind: string, actor?: number, store?: number): Promise<Snapshot>;
  /** Steps the actor to the end of its current operation. */
  stepOver(actor: number): Promise<Snapshot>;
  /** Back or forward along the recorded history. */
  goto(step: number): Promise<Snapshot>;
  /** Back to step 0, forgetting the history. */
  reset(): Promise<Snapshot>;
  /** The C sources of an engine (catalog order), and any other embedded file its sites name. */
  sources(engine: string): Promise<{ listed: string[]; files: EngineSource[] }>;
  /**
   * Replays `schedule` (either form) from step 0, then goes to `step` (default:
   * where the replay ended).  A schedule that does not fit the scenario is
   * refused with the engine's words, and the run stays as it was.
   */
  replay(schedule: string, step?: number): Promise<Replayed>;
  /** Searches the open scenario's schedules in a Web Worker (explorer.ts); the session is untouched. */
  explore(options: ExploreOptions, onProgress: (p: ExploreProgress) => void): Promise<ExploreJob>;
  /** The complete search of the open scenario, split over Web Workers (prove.ts). */
  prove(options: ExploreOptions, onProgress: (p: ExploreProgress) => void): Promise<ExploreJob>;
}

export interface Replayed {
  snapshot: Snapshot;
  /** a remark about the replay, e.g. unused schedule entries */
  note?: string;
}

let engine: Promise<EngineBridge> | null = null;

/** The engine, loaded on first use (local.ts and each engine's wasm module are separate chunks). */
export function connect(): Promise<EngineBridge> {
  engine ??= import('./local').then((m) => m.createLocalEngine());
  engine.catch(() => (engine = null));
  return engine;
}
