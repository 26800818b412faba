/*
 * What memory holds under a weak memory model, read from the trace and the
 * model's state: each actor's store buffer (the machine's state, oldest
 * first) and each cell's value in memory, which the trace alone determines.
 *
 * Invariant: memory changes only where the trace says so (a flush, a
 * read-modify-write, an unbuffered store), and the first event on a cell
 * shows what memory held before it (a store's or read-modify-write's `old`,
 * a load from memory's value), so replaying the events in order gives every
 * cell's value at every step without asking the engine.  The trace names a
 * cell by its object (an array's by its element), so an object made of
 * several cells (a lock's flags and turn) is one name: memoryCells keeps only
 * the objects the state shows with one field, and leaves the others to the
 * engine's own view, which reads each field from memory.  Pure functions, no
 * DOM; nothing here names a model: a model's state says what it has.
 */
import type { BufferedStore, ExtraChoice, MachineState, TraceEvent } from '../bridge/types';

/** The read-modify-writes: they work on memory itself under every model. */
const RMW = new Set(['swap', 'fetch_add', 'fetch_or', 'fetch_and', 'cas']);

/**
 * The cell a buffered store or a history names: its object as the trace names it ("x",
 * "flags[1]"), and the field that holds it when the object has several ("m.turn").
 */
export function cellName(s: Pick<BufferedStore, 'object' | 'elem' | 'field'>): string {
  const object = s.elem === undefined ? s.object : `${s.object}[${s.elem}]`;
  return s.field === undefined ? object : `${object}.${s.field}`;
}

/** A cell in memory: its value and the store that put it there (its step; undefined: the initial value). */
export interface MemoryCell {
  object: string;
  value: number;
  storedAt?: number;
}

function isAccess(e: TraceEvent): boolean {
  return e.kind === 'load' || e.kind === 'store' || e.kind === 'flush' || RMW.has(e.kind);
}

/** Applies one event to the cells (keyed by name, in order of first appearance). */
function apply(cells: Map<string, MemoryCell>, e: TraceEvent): void {
  if (e.object === undefined || !isAccess(e)) return;
  let cell = cells.get(e.object);
  if (!cell) {
    // the first event on the cell: what memory held before it
    const before = e.kind === 'load' && !e.buffered ? e.new : e.old;
    if (before === undefined) return;
    cell = { object: e.object, value: before };
    cells.set(e.object, cell);
  }
  if (e.kind === 'flush' && e.new !== undefined) {
    cell.value = e.new;
    cell.storedAt = e.stored_at;
  } else if ((RMW.has(e.kind) || (e.kind === 'store' && !e.buffered)) && e.new !== undefined) {
    cell.value = e.new;
    cell.storedAt = e.step;
  }
}

/** Whether `object` names one cell: not an object the state shows with several fields. */
export function oneCell(state: MachineState, object: string): boolean {
  const o = state.objects.find((x) => x.name === object);
  return !o || Object.keys(o.fields).length <= 1;
}

/** Every one-cell object the run has accessed, with its value in memory after the trace's last event. */
export function memoryCells(trace: readonly TraceEvent[], state: MachineState): MemoryCell[] {
  const cells = new Map<string, MemoryCell>();
  for (const e of trace) apply(cells, e);
  return [...cells.values()].filter((c) => oneCell(state, c.object));
}

/** The engine's words for the store that put a buffered entry there (its label), for a cell of a bigger object. */
export function storeLabel(trace: readonly TraceEvent[], entry: BufferedStore): string | undefined {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.step < entry.step) break;
    if (e.step === entry.step && e.kind === 'store') return e.label;
  }
  return undefined;
}

/** One actor's store buffer, oldest first, and whether a flush of it is offered now. */
export interface ActorBuffer {
  actor: string;
  /** the actor's index (what bridge.take names) */
  index: number;
  entries: BufferedStore[];
  canFlush: boolean;
}

/** Every actor's store buffer, in the actors' order; null when the model keeps none (sc). */
export function storeBuffers(
  state: MachineState,
  choices: readonly ExtraChoice[] | undefined,
): ActorBuffer[] | null {
  const buffers = state.memory?.buffers;
  if (!buffers) return null;
  return state.actors.map((a, index) => ({
    actor: a.name,
    index,
    entries: buffers[a.name] ?? [],
    canFlush:
      state.outcome === 'running' && (choices ?? []).some((c) => c.kind === 'flush' && c.actor === index),
  }));
}

/**
 * Whether the header offers the memory model: always in the sandbox; in a
 * lesson only when it is about memory (its scenario names a model other than
 * the first, sc) or the run is under another model, so the lessons on locks
 * stay as plain as they were.
 */
export function memorySwitchShown(
  lesson: unknown,
  scenario: { memory?: string } | null | undefined,
  memory: string | undefined,
): boolean {
  if (!lesson) return true;
  const own = scenario?.memory ?? 'sc';
  return own !== 'sc' || (memory !== undefined && memory !== own);
}
