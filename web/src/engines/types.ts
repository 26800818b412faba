/*
 * What an engine brings to the web app: a card per engine folder
 * (engines/<engine>/index.ts, listed by mk/engines.mk through
 * plugins/engines.ts), always loaded and tiny, and its parts (parts.ts: view,
 * words, reasons, diagram, messages), loaded when the engine is first shown.
 * The app's generic parts (the stage, the lanes, the narration, the diagram,
 * the variant comparison) ask these objects; none of them names an engine.
 */
import type { ComponentType } from 'preact';
import type { ActorState, MachineState, PendingAction, TraceEvent } from '../bridge/types';
import type { SayReason } from '../model/blocked';

/** A text in each language of the UI. */
export interface Localized {
  en: string;
  'zh-CN': string;
}

/** A message table: key to sentence with {placeholders}. */
export type MessageTable = Record<string, string>;

/** What every engine view is given; a view reads what it needs. */
export interface EngineViewProps {
  state: MachineState;
  trace: TraceEvent[];
  /** objects whose fields changed in the last move */
  changed: ReadonlySet<string>;
  /** the scenario's final checks ("counter == 6") */
  checks: string[];
}

/**
 * The engine's own words for what its actors do.  Every hook is asked for
 * every state; it answers only for what is its own (its objects, its notes)
 * and returns null (or undefined where null means "nothing to say") otherwise,
 * so the generic wording in model/describe.ts takes over.
 */
export interface EngineWords {
  /** the next action ("CAS state 01 → 11") */
  nextText?(a: PendingAction, state: MachineState): string | null;
  /** what the next action would change; undefined: not this engine's, null: nothing to say */
  nextEffect?(a: PendingAction, actor: ActorState, state: MachineState): string | null | undefined;
  /** why the actor cannot move */
  blockedText?(actor: ActorState, state: MachineState): string | null;
  /** one action that happened, short ("CAS state 00 → 01 ✓") */
  eventText?(e: TraceEvent, state: MachineState): string | null;
  /** the narration's sentence for an event; undefined: the generic one, null: none at all */
  narrate?(e: TraceEvent, state: MachineState): string | null | undefined;
  /**
   * a step's label (the C source's AT("…")) in the learner's language, said
   * first in the generic narration; null: the label is quoted as it is
   */
  label?(label: string): string | null;
  /** an engine decision (a note's label, "validate failed") in words, for the variant comparison */
  decision?(label: string): string | null;
  /** whether a note says an attempt of the engine failed (a validate), worth a second look */
  failedNote?(e: TraceEvent): boolean;
  /** the round of the spin loop the actor is in (a SpinWait), null when it is in none */
  spinRound?(trace: readonly TraceEvent[], actor: string): number | null;
}

/**
 * The engine's own reason codes (each defined next to its binding in C): its
 * Chinese, and its English where C's own sentence (the state's `reason`)
 * would not do.
 */
export type EngineReasons = Readonly<Record<string, { en?: SayReason; 'zh-CN': SayReason }>>;

/** A wake as an engine draws it: its words, and whether it evicted a waker (a dotted arrow). */
export interface DiagramWake {
  text: string;
  evicts?: boolean;
}

/** The column an engine draws an object in: objects with the same key share it. */
export interface DiagramColumn {
  key: string;
  /** what people read at its head ("bucket 30") */
  label: string;
}

/** The engine's part of the sequence diagram (model/mermaid.ts). */
export interface EngineDiagram {
  /** object types whose values are written in binary, with their width ("mini_mutex": 2) */
  bits?: Readonly<Record<string, number>>;
  /** the column an object is drawn in when it is not its own (a bucket's lock "lot[30]": the bucket) */
  drawnAs?(object: string): DiagramColumn | undefined;
  /** columns an object brings before it is used (a mutex's bucket) */
  columns?(object: { name: string; type: string; [more: string]: unknown }): string[];
  /** a note's words beside its step's message; null: it needs none; undefined: not this engine's */
  note?(e: TraceEvent): string | null | undefined;
  /** a load that the step's notes explain (a validate, a spin round); null: not this engine's */
  load?(
    notes: readonly TraceEvent[],
    value: string,
  ): { text: string; spin?: { round?: number | undefined } } | null;
  /**
   * its wakes in its own words, by step (who registered the waker, where);
   * the trace says who woke whom but not why, so the engine reads it from its
   * own events until C puts the wake's reason and slot into the unpark event
   */
  wakes?(trace: readonly TraceEvent[], actors: readonly string[]): ReadonlyMap<number, DiagramWake>;
  /**
   * its `block` events are an async task's poll returning Pending (the executor
   * model); until the catalog says each engine's scheduling model, the engine says it
   */
  polls?: boolean;
  /**
   * its reason codes whose actor waits in a park, so a stuck one "sleeps
   * forever" (the machine's `parked` and `sleep` are known already); until a
   * stuck event carries the actor's pending action, the engine says which
   */
  asleep?: readonly string[];
}

/**
 * What the app knows of an engine before any of its code loads (its
 * index.ts): enough for the pickers, the headings and the tick button.  The
 * rest sits behind `load()`, which the app awaits the first time a scenario
 * of the engine opens, so a page carries only the engines it shows.
 */
export interface EngineCard {
  /** the engine's name in the catalog (mk/engines.mk) */
  id: string;
  /** its place in pickers and indexes */
  order: number;
  /** its name for people ("Parking lot") */
  title: Localized;
  /** the heading of its view ("Inside the lock") */
  inside: Localized;
  /**
   * the scenario of its own (tests/scenarios/<engine>/<opening>.yaml) the
   * sandbox opens when the address names none: the first engine's that has one
   */
  opening?: string;
  /** what the tick does under its scheduling model, said beside the tick button (models that offer one) */
  tick?: Localized;
  /**
   * object types whose increment is a load then a store, so a store may lose
   * an update (the racy counter): the lanes, the narration and the diagram
   * say so (model/format.ts, isLostUpdate)
   */
  racy?: readonly string[];
  /** the rest of the engine (its parts.ts), its own chunk */
  load(): Promise<EngineParts>;
}

/** An engine's code: its view, its hooks and its words (engines/<engine>/parts.ts). */
export interface EngineParts<M extends MessageTable = MessageTable> {
  View: ComponentType<EngineViewProps>;
  words?: EngineWords;
  /** why its actors cannot move, by its own reason codes */
  reasons?: EngineReasons;
  diagram?: EngineDiagram;
  /** the UI strings only this engine uses (given to i18n when it loads); Chinese has the same keys */
  messages: { en: M; 'zh-CN': Record<keyof M, string> };
}

/** An engine whose parts have loaded: its card and its parts. */
export type EngineEntry = EngineCard & EngineParts;
