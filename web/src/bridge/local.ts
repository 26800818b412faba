/*
 * The engine on the main thread: one Session over the wasm module of the
 * open scenario's engine.  Loaded lazily by bridge.ts; each engine's module
 * (its emscripten glue and .wasm, load.ts) loads the first time a scenario of
 * that engine opens.  The course's lessons and scenarios come compiled
 * (BuiltSource); any other text is compiled by compile.ts, whose chunk (the
 * YAML reader, the schema validator, the compiler, every engine's catalog)
 * loads the first time one is opened.
 */
import { Session, catalog, sources } from '@lockstep/lockstep.js';
import { choiceKinds, memoryModels } from '@lockstep/trace.js';
import type { EmscriptenModule } from '@lockstep/lockstep.js';
import {
  EngineError,
  type BuiltSource,
  type EngineBridge,
  type EngineSource,
  type OpenOptions,
  type Opened,
  type ScenarioSource,
} from './bridge';
import type { Compiled } from './compile';
import { explore, type ExploreOptions, type ExploreProgress, type Rehearsal } from './explorer';
import { prove, warmProve } from './prove';
import { loadModule } from './load';
import type { ExtraChoice, MachineState, ScenarioProblem, Snapshot, Summary, TraceEvent } from './types';

function message(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

/** A ScenarioError (or anything else the compiler throws) as an EngineError. */
export function scenarioError(e: unknown, file: string): EngineError {
  const raw = (e as { problems?: unknown })?.problems;
  const problems: ScenarioProblem[] = Array.isArray(raw)
    ? raw.map((p: Record<string, unknown>) => ({
        file: typeof p.file === 'string' ? p.file : file,
        line: typeof p.line === 'number' ? p.line : undefined,
        column: typeof p.column === 'number' ? p.column : undefined,
        field: typeof p.field === 'string' ? p.field : undefined,
        message: typeof p.message === 'string' ? p.message : String(p.message),
      }))
    : [{ file, message: message(e) }];
  return new EngineError('scenario', message(e), problems);
}

/** The module of `engine`, or an EngineError of kind 'load'. */
async function moduleOf(engine: string): Promise<EmscriptenModule> {
  try {
    return await loadModule(engine);
  } catch (e) {
    throw new EngineError('load', message(e));
  }
}

class LocalEngine implements EngineBridge {
  #session: Session | null = null;
  /** the open scenario, compiled (the explorer's worker gets a copy), and its engine */
  #bytecode: Uint8Array | null = null;
  #engine = '';
  /** the open run's memory model */
  #memory = 'sc';

  #get(): Session {
    if (!this.#session) throw new EngineError('engine', 'no scenario is open');
    return this.#session;
  }

  /** the schedule of the whole recorded run, once known (forgotten when the history changes) */
  #full: { schedule: string; compact: string; steps: number } | null = null;

  #snapshot(): Snapshot {
    const s = this.#get();
    const snap: Snapshot = {
      state: s.state() as MachineState,
      summary: s.summary() as Summary,
      trace: s.trace(0) as TraceEvent[],
      memory: this.#memory,
    };
    const choices = s.choices() as ExtraChoice[];
    if (choices.length > 0) snap.choices = choices;
    const { step, steps_recorded: recorded } = snap.state;
    const { schedule, compact, steps } = snap.summary;
    if (step >= recorded) this.#full = { schedule, compact, steps };
    else {
      if (!this.#full || this.#full.steps !== recorded) {
        // back before the end of a history this engine has not seen whole: look
        try {
          s.goto(recorded);
          const end = s.summary() as Summary;
          this.#full = { schedule: end.schedule, compact: end.compact, steps: end.steps };
        } catch {
          this.#full = null;
        } finally {
          s.goto(step);
        }
      }
      if (this.#full) snap.full = { ...this.#full };
    }
    return snap;
  }

  #do(f: (s: Session) => void): Snapshot {
    try {
      f(this.#get());
    } catch (e) {
      if (e instanceof EngineError) throw e;
      throw new EngineError('engine', message(e));
    }
    return this.#snapshot();
  }

  async open(source: ScenarioSource | BuiltSource, options: OpenOptions = {}): Promise<Opened> {
    let compiled: Compiled;
    if (source.kind === 'built') {
      compiled = { bytecode: fromBase64(source.bytecode), scenario: source.scenario };
      if (source.lesson) compiled.lesson = structuredClone(source.lesson);
    } else {
      let compiler: typeof import('./compile');
      try {
        compiler = await import('./compile');
      } catch (e) {
        throw new EngineError('load', message(e));
      }
      try {
        compiled = compiler.compile(source);
      } catch (e) {
        throw scenarioError(e, source.file);
      }
    }
    const lesson = compiled.lesson;
    const M = await moduleOf(compiled.scenario.engine);
    this.#session?.free();
    this.#session = null;
    this.#full = null;
    // the scenario's own variant unless the learner picked another it allows
    const allowed = compiled.scenario.variants ?? [];
    const asked = options.variant;
    const variant = asked && allowed.includes(asked) ? asked : (compiled.scenario.variant ?? 'correct');
    // the scenario's own memory model unless the learner picked another the module knows
    const models = memoryModels(catalog(M));
    const memory =
      options.memory && models.includes(options.memory) ? options.memory : (compiled.scenario.memory ?? 'sc');
    try {
      this.#session = new Session(M, compiled.bytecode, { variant, memory });
      this.#bytecode = compiled.bytecode;
      this.#engine = compiled.scenario.engine;
      this.#memory = memory;
      warmWhenIdle(this.#engine, { bytecode: compiled.bytecode, variant, memory });
    } catch (e) {
      throw new EngineError('engine', message(e));
    }
    // structuredClone: the answer is plain data, as it would be from a worker
    const opened: Opened = {
      scenario: structuredClone(compiled.scenario),
      snapshot: this.#snapshot(),
      choiceKinds: choiceKinds(catalog(M)),
      memoryModels: models,
    };
    if (options.variant && options.variant !== variant) opened.badVariant = options.variant;
    if (options.memory && options.memory !== memory) opened.badMemory = options.memory;
    if (lesson) {
      // where the starting schedule ends: the lesson's beats are said after it
      if (lesson.start) {
        try {
          this.#session.run({ policy: 'manual', schedule: lesson.start, maxSteps: 100000 });
          lesson.startSteps = (this.#session.state() as MachineState).step;
        } catch {
          // a start that does not apply in this variant: the learner starts at step 0
        }
        this.#session.reset();
      }
      opened.lesson = lesson;
    }
    const schedule = options.schedule ?? lesson?.start ?? undefined;
    if (schedule) {
      const s = this.#session;
      try {
        const summary = s.run({ policy: 'manual', schedule, maxSteps: 100000 });
        if (summary.message) opened.scheduleNote = summary.message;
        if (options.step !== undefined && options.step < summary.steps) s.goto(options.step);
      } catch (e) {
        const at = /schedule diverged at step (\d+)/.exec(message(e));
        if (options.keepPrefix && at) {
          // the steps before the divergence stand; the run goes on from there
          opened.diverged = { step: Number(at[1]), message: message(e) };
          s.goto((s.state() as MachineState).step);
        } else {
          opened.scheduleError = message(e);
          s.reset();
        }
      }
      opened.snapshot = this.#snapshot();
    }
    return opened;
  }

  async step(actor: number) {
    return this.#do((s) => {
      // a handler not raised yet: the learner's step raises it
      const raise = s.choices().some((c) => c.kind === 'irq' && c.actor === actor);
      if (raise && (s.state() as MachineState).actors[actor]?.status === 'dormant') s.take('irq', actor);
      else s.step(actor);
    });
  }

  async take(kind: string, actor = -1, store = 0) {
    return this.#do((s) => s.take(kind, actor, store));
  }

  async stepOver(actor: number) {
    return this.#do((s) => s.stepOver(actor));
  }

  async goto(step: number) {
    return this.#do((s) => s.goto(step));
  }

  async reset() {
    this.#full = null;
    return this.#do((s) => s.reset());
  }

  async replay(schedule: string, step?: number) {
    const s = this.#get();
    const now = this.#snapshot();
    // the whole recorded run, to put back if this schedule is refused
    const was = {
      compact: now.full?.compact ?? now.summary.compact,
      steps: now.full?.steps ?? now.summary.steps,
      step: now.state.step,
    };
    let note: string | undefined;
    this.#full = null;
    try {
      s.reset();
      const summary = s.run({ policy: 'manual', schedule, maxSteps: 100000 });
      if (summary.message) note = summary.message;
      if (step !== undefined && step < summary.steps) s.goto(step);
    } catch (e) {
      // put the run back as it was: its schedule, at its step
      try {
        s.reset();
        if (was.steps > 0) {
          s.run({ policy: 'manual', schedule: was.compact, maxSteps: 100000 });
          s.goto(was.step);
        }
      } catch {
        // the run stays at step 0
      }
      throw new EngineError('engine', message(e));
    }
    return note === undefined ? { snapshot: this.#snapshot() } : { snapshot: this.#snapshot(), note };
  }

  async explore(options: ExploreOptions, onProgress: (p: ExploreProgress) => void) {
    const s = this.#get();
    if (!this.#bytecode) throw new EngineError('engine', 'no scenario is open');
    const variant = options.variant ?? (s.state() as MachineState).variant;
    return explore(this.#engine, this.#bytecode, variant, { ...options, memory: this.#memory }, onProgress);
  }

  async prove(options: ExploreOptions, onProgress: (p: ExploreProgress) => void) {
    const s = this.#get();
    if (!this.#bytecode) throw new EngineError('engine', 'no scenario is open');
    return prove(
      this.#engine,
      this.#bytecode,
      (s.state() as MachineState).variant,
      { ...options, memory: this.#memory },
      onProgress,
    );
  }

  #sources: EngineSource[] | null = null;

  async sources(engine: string) {
    const M = await moduleOf(engine);
    // the browser's modules leave the sources out (wasm/no-sources.c): fetched the first time
    this.#sources ??= sources(M);
    if (this.#sources.length === 0) this.#sources = (await import('@wasm/engine-sources.json')).default;
    // the module's catalog lists its own engine (and its files, in reading order)
    const engines = (catalog(M) as { engines?: Record<string, { sources?: string[] }> }).engines ?? {};
    return { listed: [...(engines[engine]?.sources ?? [])], files: structuredClone(this.#sources) };
  }
}

/** How long after a scenario opens the proof's workers start warming (the page's own load first). */
const WARM_AFTER_MS = 2000;
let warming: ReturnType<typeof setTimeout> | undefined;

/** "Prove it"'s workers for `engine`, readied while the page is idle (prove.ts), rehearsing the
 * proof of the scenario open on the page. */
function warmWhenIdle(engine: string, rehearse: Rehearsal): void {
  if (typeof Worker === 'undefined') return;
  clearTimeout(warming);
  warming = setTimeout(() => {
    const go = () => warmProve(engine, rehearse);
    if (typeof requestIdleCallback === 'function') requestIdleCallback(go, { timeout: 5000 });
    else go();
  }, WARM_AFTER_MS);
}

function fromBase64(text: string): Uint8Array {
  return Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
}

/** The engine; the module of each scenario's engine loads when that scenario opens. */
export function createLocalEngine(): EngineBridge {
  return new LocalEngine();
}
