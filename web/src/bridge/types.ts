/*
 * The shapes the wasm module and the scenario compiler hand back, as the UI
 * sees them.  They mirror core/sim/trace.c (state, trace events), wasm/api.c
 * (summary) and wasm/js/scenario.js (the compiled scenario's description).
 * Everything here is plain JSON, so it can cross a worker boundary unchanged.
 */
import type { LessonText } from './lessonTypes';

export type Outcome = 'running' | 'done' | 'stuck' | 'violation' | 'error';

export type ActionKind =
  | 'none'
  | 'load'
  | 'store'
  | 'cas'
  | 'swap'
  | 'fetch_add'
  | 'fetch_or'
  | 'fetch_and'
  | 'lock'
  | 'unlock'
  | 'prepare_park'
  | 'park'
  | 'unpark'
  | 'spin'
  | 'yield'
  | 'sleep'
  | 'work'
  | 'cs_enter'
  | 'cs_exit'
  | 'print'
  | 'assert'
  | 'irq_save'
  | 'irq_restore'
  | 'raise'
  | 'set_priority'
  | 'block'
  | 'fence';

/** What the machine says about the steps (core/sim/trace.c, event_name). */
export type MachineKind =
  'note' | 'finish' | 'clock' | 'violation' | 'stuck' | 'error' | 'tick' | 'raised' | 'dropped' | 'flush';

/** Every kind a trace event can have (wasm/js/trace.js, EVENT_KINDS). */
export type EventKind = ActionKind | MachineKind;

/** What an actor will do when it is stepped next (state().actors[i].next). */
export interface PendingAction {
  kind: ActionKind | string;
  object?: string;
  width?: number;
  /** the target cell's value now */
  value?: number;
  arg?: number;
  expected?: number;
  desired?: number;
  target?: string;
  deadline?: number;
  count?: number;
  text?: string;
  /** "engines/<engine>/<file>.c:19" */
  site?: string;
  /** "write value + 1" */
  label?: string;
  /** under a weak memory model: the access's memory order ("relaxed", "release", "seq_cst") */
  order?: string;
  /** ra: which cell of MemoryState.cells it touches (absent: a cell the run has not touched yet) */
  cell?: number;
}

/** dormant: an interrupt not raised, a task not spawned (neither stuck nor unfinished) */
export type ActorStatus = 'enabled' | 'blocked' | 'stuck' | 'finished' | 'dormant';

export interface ActorState {
  name: string;
  kind: 'thread' | 'task' | 'isr';
  priority: number;
  /** index of the operation (instruction) the actor is in; see ScenarioOp.index */
  op: number;
  status: ActorStatus;
  parker: number;
  /** the round of the repeat the actor is in (0 outside a repeat) */
  round?: number;
  next?: PendingAction;
  reason?: string;
  /** why it cannot move, as data (present when `reason` is) */
  blocked?: Blocked;
}

/** Why an actor cannot move: a reason code in `why` and its arguments (core/sim/blocked.h; said by model/blocked.ts). */
export interface Blocked {
  /** the reason code (core/sim/blocked.h; model/blocked.ts words each one); its arguments ride along */
  why: 'lock' | 'parked' | 'sleep' | 'dormant' | 'other' | string;
  /** the scheduling model holds back an actor the machine's rule would let move (core/sim/blocked.h) */
  held?: true;
  /** lock: the lock it waits for, e.g. "lot[30]" */
  object?: string;
  /** lock: who holds it */
  holder?: string;
  /** sleep, timed park: until this virtual time (µs) */
  until?: number;
}

export interface ObjectState {
  name: string;
  type: string;
  engine: string;
  address: number;
  fields: Record<string, number>;
  [more: string]: unknown;
}

export interface Violation {
  kind: string;
  /** the engine's explanation, for learners */
  message: string;
  /** what Java throws here, word for word ("java.lang.Error: Maximum permit count exceeded"): the aqs engine's misuse */
  java?: string;
  step: number;
  actor?: string;
  location?: string;
}

export interface StuckActor {
  actor: string;
  reason: string;
  location: string;
}

export interface MachineState {
  step: number;
  steps_recorded: number;
  time: number;
  variant: string;
  outcome: Outcome;
  actors: ActorState[];
  objects: ObjectState[];
  stuck: StuckActor[];
  violation: Violation | null;
  prints: string[];
  /** per-engine state beyond the objects, by engine (each engine's folder reads its own) */
  engines?: { [engine: string]: unknown };
  /** the memory model's own state, when it keeps one (core/sim/mem/; absent under sc) */
  memory?: MemoryState;
}

/** A store waiting in an actor's store buffer (core/sim/mem/tso.c, state_json). */
export interface BufferedStore {
  /** the cell's object, and its element for an array */
  object: string;
  elem?: number;
  /** the field that holds the cell, when its object has several (sim_region_name_cells) */
  field?: string;
  value: number;
  /** the step that stored it (a flush event's stored_at names it) */
  step: number;
}

/** One store in a cell's history under ra (core/sim/mem/ra.c, state_json). */
export interface HistoryStore {
  value: number;
  /** the step that stored it (0 for the initial value) */
  step: number;
  /** who stored it; null: the value the cell held when the run first touched it */
  by: string | null;
  order: string;
}

/** A cell's stores in modification order, oldest first, and each actor's view of it (the oldest it may still read). */
export interface CellHistory {
  object: string;
  elem?: number;
  /** the field that holds the cell, when its object has several (sim_region_name_cells) */
  field?: string;
  stores: HistoryStore[];
  views: Record<string, number>;
}

/**
 * A memory model's state: its name and, under tso, every actor's buffer,
 * oldest first; under ra, every atomic cell's history of stores.
 */
export interface MemoryState {
  model: string;
  buffers?: Record<string, BufferedStore[]>;
  cells?: CellHistory[];
  [more: string]: unknown;
}

export interface Summary {
  outcome: Outcome;
  steps: number;
  /** readable, "v1: A B A" */
  schedule: string;
  /** base64url, "v1.AgMA…" */
  compact: string;
  virtual_time: number;
  stuck: StuckActor[];
  violation: Violation | null;
  prints: string[];
  end: 'finished' | 'limit' | 'waiting';
  message: string;
}

/** One trace event (one line of the JSON Lines trace). */
export interface TraceEvent {
  step: number;
  time: number;
  kind: EventKind;
  actor?: string;
  object?: string;
  width?: number;
  arg?: number;
  old?: number;
  new?: number;
  expected?: number;
  desired?: number;
  ok?: boolean;
  woken?: boolean;
  by?: string;
  target?: string;
  until?: number;
  count?: number;
  inside?: number;
  text?: string;
  value?: number;
  from?: number;
  check?: string;
  message?: string;
  /** a violation: what Java throws here, word for word (see Violation) */
  java?: string;
  site?: string;
  label?: string;
  /** under a weak memory model: the access's memory order ("relaxed", "seq_cst") */
  order?: string;
  /** a store that went into the actor's store buffer; a load that read its own buffered store */
  buffered?: boolean;
  /** a flush: the step whose store reached memory */
  stored_at?: number;
  /** a load that read its own buffered store: what memory holds meanwhile */
  memory?: number;
  /** ra: the store of its cell a load (or read-modify-write) read, by its place in modification order */
  read_store?: number;
  /** ra: how many stores the cell had when it was read (read_store < stores - 1: not the newest) */
  stores?: number;
  /** ra: who made the store it read (absent: the initial value) */
  stored_by?: string;
  /** ra: a store's (or read-modify-write's) place in its cell's modification order */
  store?: number;
  /** ra: a store placed before the end of its cell's order: the step of the store it went before */
  placed_before_at?: number;
  /** ra: who made the store it went before */
  placed_before_by?: string;
  /** ra: which cell of MemoryState.cells it touched (two cells of one object share its name) */
  cell?: number;
}

/** One line of an actor's program, as the scenario compiler describes it. */
export interface ScenarioOp {
  /** the instruction index; MachineState.actors[i].op refers to it */
  index: number;
  /** call, repeat, work, sleep, cs_enter, cs_exit, print, assert */
  kind?: string;
  /** "increment counter", "repeat 3" */
  text: string;
  /** line in the YAML file */
  line?: number;
  /** how many repeats it is nested in */
  depth?: number;
  /** call: the object's name */
  object?: string;
}

export interface ScenarioActor {
  name: string;
  kind?: string;
  priority?: number;
  line?: number;
  ops: ScenarioOp[];
}

/** The compiled scenario's description (compileScenario(...).scenario; wasm/js/scenario/compile.js). */
export interface ScenarioInfo {
  /** in both languages (a file that wrote one string has it in both) */
  title: LessonText;
  engine: string;
  actors: ScenarioActor[];
  file?: string;
  /** both '' when the file has none */
  description?: LessonText;
  variant?: string;
  variants?: string[];
  objects?: {
    name: string;
    type: string;
    params: Record<string, number>;
    address: number | null;
    line: number;
  }[];
  schedule?: string | null;
  /** the memory model a run uses unless told otherwise (memory:, else "sc") */
  memory?: string;
  /** final assertions */
  asserts?: { text: string; line: number }[];
  expect?: { outcome: string; violation?: string } | null;
}

/** A problem in a scenario file, as ScenarioError.problems lists them. */
export interface ScenarioProblem {
  file?: string;
  line?: number;
  column?: number;
  field?: string;
  message: string;
}

/**
 * A kind of choice, as the one table in C (core/sim/choice.c) says it: the
 * catalog's choice_kinds, read by wasm/js/trace.js (choiceKinds).  The UI
 * reads kinds from here rather than naming them, so a new kind needs no
 * change to these types.
 */
export interface ChoiceKindInfo {
  /** the name choices carry: "irq", "tick", "drop", ... */
  kind: string;
  /** what taking it means, in English */
  text: string;
  /** its form in a readable schedule: a word, or the sigil before an actor's name */
  schedule: string;
  /** whether a choice of this kind names an actor */
  actor: boolean;
}

/** A choice other than stepping an actor (wasm/api.c, ls_choices). */
export interface ExtraChoice {
  /** a kind's name in the catalog's choice_kinds */
  kind: string;
  /** for a kind that names an actor: which (irq: the handler; drop: the task whose pending future would be dropped) */
  actor?: number;
  /** read_from: which store of the cell the actor's next load reads (its place in modification order) */
  store?: number;
  /** place: the place in its cell's modification order the actor's next store takes (before the store there) */
  place?: number;
}

/** Everything the UI shows about a session at one moment. */

export interface Snapshot {
  state: MachineState;
  /** what else may happen now: raising a handler, the tick, dropping a future (absent: nothing) */
  choices?: ExtraChoice[];
  summary: Summary;
  /** the whole trace up to the current step */
  trace: TraceEvent[];
  /**
   * When the run is back before its last recorded step: the schedule of the
   * whole recorded run (summary only covers the steps up to the current one).
   */
  full?: { schedule: string; compact: string; steps: number };
  /** the run's memory model ("sc", "tso"; the catalog's memory_models) */
  memory?: string;
}
