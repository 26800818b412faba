/*
 * The one door between the UI and the wasm module.
 *
 * The UI never touches a Session: it sends requests and receives plain-JSON
 * results, all asynchronous.  Today the engine runs on the main thread
 * (local.ts, loaded lazily together with the wasm module and the scenario
 * compiler); moving it into a Web Worker means answering the same requests
 * from a worker, and nothing in the UI changes.
 */
import wasmUrl from '@wasm/lockstep-web.wasm?url';
import type { ScenarioInfo, ScenarioProblem, Snapshot } from './types';

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
  /** shown in error messages, e.g. "basic/racy-counter.yaml" */
  file: string;
}

export interface OpenOptions {
  variant?: string;
  /** a schedule to replay on opening (either form); the run then waits for the learner */
  schedule?: string;
  /** after replaying, go to this step */
  step?: number;
}

export interface Opened {
  scenario: ScenarioInfo;
  snapshot: Snapshot;
  /** why the schedule could not be replayed (the session is then at step 0) */
  scheduleError?: string;
  /** a remark about the replay, e.g. unused schedule entries */
  scheduleNote?: string;
}

export interface EngineBridge {
  /** Compiles a scenario and starts a session on it (replacing any previous one). */
  open(source: ScenarioSource, options?: OpenOptions): Promise<Opened>;
  /** One step of actor `actor` (0-based). */
  step(actor: number): Promise<Snapshot>;
  /** Steps the actor to the end of its current operation. */
  stepOver(actor: number): Promise<Snapshot>;
  /** Back or forward along the recorded history. */
  goto(step: number): Promise<Snapshot>;
  /** Back to step 0, forgetting the history. */
  reset(): Promise<Snapshot>;
}

let engine: Promise<EngineBridge> | null = null;

/** Starts fetching the .wasm at once, while the engine's JavaScript still loads. */
function preloadWasm(): void {
  if (typeof document === 'undefined') return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'fetch';
  link.crossOrigin = 'anonymous'; // matches load.ts's fetch, so the response is reused
  link.href = wasmUrl;
  document.head.append(link);
}

/** The engine, loaded on first use (the wasm module and compiler are a separate chunk). */
export function connect(): Promise<EngineBridge> {
  if (!engine) preloadWasm();
  engine ??= import('./local').then((m) => m.createLocalEngine());
  engine.catch(() => (engine = null));
  return engine;
}
