/*
 * What the learner sees of a memory model that keeps every store (ra): each
 * cell's stores in modification order with every actor's view marked on
 * them, the stores an actor's next load may read, the places its next store
 * may take, which store a load of the trace read, with the newer one it did
 * not, and which stores were placed before the end.
 *
 * Invariant: everything here is read from the model's state (the cells'
 * histories and views, core/sim/mem/ra.c), the machine's choices (a
 * read_from names each older store a load may read, a place each earlier
 * place a store may take; the newest, the end, is the plain step) and the
 * trace (a load says which store it read and how many its cell had, a store
 * placed before the end which store it went before), never worked out
 * again, so the panel, the lanes, the narration and the diagram cannot
 * disagree with the machine.  Pure functions, no DOM; nothing names a
 * model: a state without histories shows none.
 */
import type { CellHistory, ExtraChoice, MachineState, TraceEvent } from '../bridge/types';
import { cellName } from './memory';

/** One store of a cell's history, as the panel and the lanes show it. */
export interface StoreMark {
  /** its place in the cell's modification order (0: the initial value) */
  index: number;
  value: number;
  /** who stored it; null: the initial value */
  by: string | null;
  step: number;
  order: string;
  /** the actors whose view of the cell is this store (the oldest they may still read) */
  views: string[];
  /** the actors whose next load of the cell may read it */
  readable: string[];
  /** the last load of the trace read it: who, at which step */
  readBy?: { actor: string; step: number };
  /** it was placed before the end: who made the store it went before (null: none), at which step */
  placedBefore?: { by: string | null; step: number };
}

/** A cell's history for the panel. */
export interface CellView {
  /** as the trace names it ("x", "flags[1]") */
  name: string;
  /**
   * when another cell has the same name (two atomic fields of one object): the engine's label
   * of the run's first access to this one ("init: write the value"), to tell them apart
   */
  firstUse?: string;
  stores: StoreMark[];
}

/**
 * One store an actor's next load may read, or one place its next store may
 * take (a button in its lane and in the panel).
 */
export interface ReadOption {
  /** read: which store the load reads; place: where the store goes */
  kind: 'read' | 'place';
  /** the cell's name */
  object: string;
  /** which cell of the model's state (MemoryState.cells) */
  cell: number;
  /** read: the store's number; place: the place's (the store now there moves up one) */
  store: number;
  /** read: the store's value, writer and step; place: those of the store it goes before (at the end: of the newest, which it goes after) */
  value: number;
  by: string | null;
  step: number;
  /** read: the newest store of the cell; place: the end; the plain step takes it */
  newest: boolean;
}

/** The actor's next load (store) and the cell it touches (its index in MemoryState.cells), or null. */
function pendingCell(
  state: MachineState,
  actor: number,
  kind: 'load' | 'store' = 'load',
): { cell: CellHistory; index: number } | null {
  const next = state.actors[actor]?.next;
  if (next?.kind !== kind || next.cell === undefined) return null;
  const cell = state.memory?.cells?.[next.cell];
  return cell ? { cell, index: next.cell } : null;
}

/** Whether trace event `e` touched cell `index` of the model's state. */
function touches(e: TraceEvent, index: number): boolean {
  return e.cell === index;
}

/**
 * The options of one kind the machine offers actor `actor` for its next
 * access, in the cell's order; empty when it has no choice (the plain step
 * is all there is, or its next step is no such access).
 * - `read`: the stores its next load may read, oldest first: the older ones
 *   the machine offers as read_from choices, and the newest.
 * - `place`: the places its next store may take, earliest first: the
 *   earlier ones the machine offers as place choices, and the end.  A
 *   place's value, writer and step are the store it goes before (the end:
 *   the newest, which it goes after).
 */
export function accessOptions(
  state: MachineState,
  choices: readonly ExtraChoice[] | undefined,
  actor: number,
  kind: ReadOption['kind'],
): ReadOption[] {
  const pending = pendingCell(state, actor, kind === 'read' ? 'load' : 'store');
  if (!pending || state.outcome !== 'running') return [];
  const { cell, index } = pending;
  const offered = (choices ?? [])
    .filter((c) => c.actor === actor && (kind === 'read' ? c.kind === 'read_from' : c.kind === 'place'))
    .map((c) => (kind === 'read' ? c.store : c.place))
    .filter((k) => k !== undefined);
  if (offered.length === 0) return [];
  // the plain step: a load reads the newest store, a store goes at the end (after the newest)
  const plain = kind === 'read' ? cell.stores.length - 1 : cell.stores.length;
  return [...new Set([...offered, plain])]
    .sort((a, b) => a - b)
    .map((k) => {
      const st = cell.stores[Math.min(k, cell.stores.length - 1)]!;
      return {
        kind,
        object: cellName(cell),
        cell: index,
        store: k,
        value: st.value,
        by: st.by,
        step: st.step,
        newest: k === plain,
      };
    });
}

/** What actor `actor` may pick now: the stores its next load may read, or the places its next store may take. */
export function pickOptions(
  state: MachineState,
  choices: readonly ExtraChoice[] | undefined,
  actor: number,
): ReadOption[] {
  const reads = accessOptions(state, choices, actor, 'read');
  return reads.length ? reads : accessOptions(state, choices, actor, 'place');
}

/** The last load of the trace that says which store it read, or undefined. */
export function lastRead(trace: readonly TraceEvent[]): TraceEvent | undefined {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (e.kind === 'load' && e.read_store !== undefined) return e;
  }
  return undefined;
}

/** Every cell's history, in the order the run touched them; null when the model keeps none. */
export function cellHistories(
  state: MachineState,
  choices: readonly ExtraChoice[] | undefined,
  trace: readonly TraceEvent[],
): CellView[] | null {
  const cells = state.memory?.cells;
  if (!cells) return null;
  const last = lastRead(trace);
  const readable = state.actors.map((_, i) => accessOptions(state, choices, i, 'read'));
  const placed = trace.filter((e) => e.placed_before_at !== undefined);
  const names = cells.map(cellName);
  return cells.map((c, cell) => {
    const name = names[cell]!;
    const shared = names.filter((n) => n === name).length > 1;
    return {
      name,
      firstUse: shared ? trace.find((e) => touches(e, cell))?.label : undefined,
      stores: c.stores.map((st, index) => ({
        index,
        value: st.value,
        by: st.by,
        step: st.step,
        order: st.order,
        views: state.actors.filter((a) => c.views[a.name] === index).map((a) => a.name),
        readable: state.actors
          .filter((_, i) => readable[i]!.some((o) => o.cell === cell && o.store === index))
          .map((a) => a.name),
        readBy:
          last && touches(last, cell) && last.read_store === index && last.actor !== undefined
            ? { actor: last.actor, step: last.step }
            : undefined,
        placedBefore: placedBefore(placed, cell, st.by, st.step),
      })),
    };
  });
}

/** A store of cell `cell` made at `step` by `by`, if it was placed before the end: the store it went before. */
function placedBefore(
  placed: readonly TraceEvent[],
  cell: number,
  by: string | null,
  step: number,
): StoreMark['placedBefore'] {
  const e = by ? placed.find((p) => touches(p, cell) && p.step === step && p.actor === by) : undefined;
  return e ? { by: e.placed_before_by ?? null, step: e.placed_before_at! } : undefined;
}

/** A load that read a store older than its cell's newest: what it read and the newest it did not. */
export interface StaleRead {
  /** who made the store it read (null: the initial value) and when */
  by: string | null;
  at: number;
  /** the newest store of the cell when it read: its value, writer and step */
  newest: { value: number; by: string; step: number };
}

/**
 * Whether trace event `index` is a load that read an older store than the
 * newest, and which newer store it passed over (the trace event that made it:
 * the cell's last store before the load that went at the end, since one
 * placed before the end is never the newest); null otherwise.
 */
export function staleRead(trace: readonly TraceEvent[], index: number): StaleRead | null {
  const e = trace[index];
  if (!e || e.kind !== 'load' || e.read_store === undefined || e.stores === undefined) return null;
  if (e.read_store >= e.stores - 1) return null;
  for (let i = index - 1; i >= 0; i--) {
    const w = trace[i]!;
    if (
      w.cell === e.cell &&
      w.store !== undefined &&
      w.placed_before_at === undefined &&
      w.actor !== undefined &&
      w.new !== undefined
    )
      return {
        by: e.stored_by ?? null,
        at: e.stored_at ?? 0,
        newest: { value: w.new, by: w.actor, step: w.step },
      };
  }
  return null;
}

/** The trace's last load that read an older store than its cell's newest (ra), as an index; -1 if none. */
export function lastStaleRead(trace: readonly TraceEvent[]): number {
  for (let i = trace.length - 1; i >= 0; i--) {
    const e = trace[i]!;
    if (
      e.kind === 'load' &&
      e.read_store !== undefined &&
      e.stores !== undefined &&
      e.read_store < e.stores - 1
    )
      return i;
  }
  return -1;
}
