/*
 * The trace as a Mermaid `sequenceDiagram`: one participant per actor and per
 * shared object (or the column its engine draws it in, "bucket 30"), one
 * message per step phrased for people ("CAS 00→01 ✓", "set PARKED 01→11",
 * "wake B"), notes where a run ends badly ("sleeps forever").  What is one
 * engine's own (values in bits, notes, columns) comes from its registry entry
 * (engines/<engine>/, `diagram`).
 *
 * Everything that goes into the text is escaped: names and labels come from
 * scenario files and the engine, and Mermaid's own syntax (`;`, `#`, `%%`,
 * `<br>`, `:` in a name) must never be completed by them.  Participants get
 * generated ids (p0, p1, …); what people read is the alias after `as`.
 *
 * Pure: no DOM, no Mermaid.  The component renders the text.
 */
import { t } from '../i18n';
import type { TraceEvent } from '../bridge/types';
import { formatTime, isLostUpdate } from './format';
import { placedNote, staleReadNote } from './readWords';
import { ACTION_KINDS } from '@lockstep/trace.js';
import {
  loadedEngine,
  loadedEngines,
  racyObjects,
  type DiagramColumn,
  type DiagramWake,
  type EngineDiagram,
} from '../engines';

/** A step range a diagram item stands for (spin loops fold many steps into one message). */
export interface StepRange {
  from: number;
  to: number;
}

export interface DiagramInput {
  /** the run's engine, whose diagram part is asked (every engine's when absent) */
  engine?: string;
  trace: readonly TraceEvent[];
  /** the scenario's actors, in order (each gets a participant, even before it moves) */
  actors: readonly string[];
  /** the machine's objects (name, type, what an engine's diagram reads: a mutex's bucket) */
  objects?: readonly { name: string; type: string; [more: string]: unknown }[];
  /** keep only the last N messages (older ones are summarised in a note) */
  maxMessages?: number;
}

export interface Diagram {
  /** the Mermaid source */
  text: string;
  /** one range per message arrow, in the order Mermaid draws them */
  messages: StepRange[];
  /** one range per note, in order */
  notes: StepRange[];
  /** messages before the window was applied */
  total: number;
  /** messages left out at the top */
  omitted: number;
}

// ---- escaping -----------------------------------------------------------------------

// Kept as they are: ASCII letters and digits, space, punctuation that means
// nothing to Mermaid's sequence grammar, and anything outside ASCII (other
// scripts, arrows, ✓).  The rest of ASCII's punctuation (";" ends a
// statement, "#" starts a comment or an entity, "%%" a directive, "<" ">" "&"
// are markup, quotes, braces, "$$", backslash, backtick) is written as its
// full-width form, which reads the same and means nothing to Mermaid.  (Not
// as Mermaid's "#59;" entities: Mermaid wraps long labels by characters and
// can cut an entity in two.)
const SAFE_ASCII = /[A-Za-z0-9 .,:_\-+*/=?!()[\]'~^|@]/;
// In a participant's alias fewer characters are safe (the lexer stops at , : @).
const SAFE_ALIAS_ASCII = /[A-Za-z0-9 ._\-+*/=?!()[\]'~^|]/;
const MAX_TEXT = 120;

/** The full-width form of a printable ASCII character (U+FF01–U+FF5E). */
function fullWidth(ch: string): string {
  const c = ch.codePointAt(0)!;
  return c > 0x20 && c < 0x7f ? String.fromCodePoint(c - 0x21 + 0xff01) : ' ';
}

function escapeWith(raw: string, safe: RegExp, max: number): string {
  // control characters and line/paragraph separators are spaces; runs of spaces are one
  let s = raw
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029\ufeff]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...s];
  if (chars.length > max) s = chars.slice(0, max - 1).join('') + '…';
  let out = '';
  for (const ch of s) out += ch.codePointAt(0)! >= 0xa0 || safe.test(ch) ? ch : fullWidth(ch);
  // "wrap:" or "nowrap:" at the start would be read as a directive
  return out.replace(/^((?:no)?wrap):/i, '$1：');
}

/** Text safe to put after `:` in a Mermaid message or note. */
export function mermaidText(raw: string, max = MAX_TEXT): string {
  return escapeWith(raw, SAFE_ASCII, max);
}

/** Text safe as a participant's alias. */
export function mermaidAlias(raw: string): string {
  const s = escapeWith(raw, SAFE_ALIAS_ASCII, 40);
  return s === '' ? '\u00a0' : s;
}

// ---- participants -------------------------------------------------------------------

interface Participant {
  id: string;
  label: string;
  actor: boolean;
}

/** The platform's per-thread parker ("B.parker"): drawn as its thread. */
const PARKER = /^(.+)\.parker$/;

class Participants {
  readonly list: Participant[] = [];
  readonly #byKey = new Map<string, Participant>();
  /** an engine's own column for an object (a bucket's lock drawn as the bucket), if it has one */
  readonly #drawnAs: (object: string) => DiagramColumn | undefined;

  constructor(drawnAs: (object: string) => DiagramColumn | undefined) {
    this.#drawnAs = drawnAs;
  }

  add(key: string, label: string, actor: boolean): Participant {
    let p = this.#byKey.get(key);
    if (!p) {
      p = { id: `p${this.list.length}`, label, actor };
      this.list.push(p);
      this.#byKey.set(key, p);
    }
    return p;
  }

  actor(name: string): Participant {
    return this.add(`actor:${name}`, name, true);
  }

  /** The participant an object is drawn as: an engine's column (a bucket), the actor owning a parker, or itself. */
  object(name: string): Participant {
    const own = this.#drawnAs(name);
    if (own) return this.add(`column:${own.key}`, own.label, false);
    const parker = PARKER.exec(name);
    if (parker && this.#byKey.has(`actor:${parker[1]}`)) return this.actor(parker[1]!);
    return this.add(`object:${name}`, name, false);
  }
}

// ---- items --------------------------------------------------------------------------

type Item =
  | {
      kind: 'msg';
      from: Participant;
      to: Participant;
      text: string;
      /** solid, a failed attempt, or dotted: a wake that evicted a waker from its slot */
      arrow: '->>' | '-x' | '-->>';
      range: StepRange;
      actor: string;
      /** folds into a spin run */
      spin?: { round?: number; value?: string; object?: Participant };
      /** folds with the same actor's next work step */
      work?: number;
    }
  | { kind: 'note'; over: Participant[]; text: string; range: StepRange }
  | { kind: 'activate' | 'deactivate'; who: Participant };

/** Values as people read them: an engine's bit field in bits ("01"), anything else in decimal. */
export function valueFormatter(objects: readonly { name: string; type: string }[] | undefined) {
  const bits = new Map<string, number>();
  for (const o of objects ?? []) {
    const w = loadedEngines()
      .map((x) => x.diagram?.bits?.[o.type])
      .find((n) => n !== undefined);
    if (w) bits.set(o.name, w);
  }
  return (object: string | undefined, v: number | undefined): string => {
    if (v === undefined) return '?';
    const w = object ? bits.get(object) : undefined;
    return w ? (v >>> 0).toString(2).padStart(w, '0') : String(v);
  };
}

function groupBySteps(trace: readonly TraceEvent[]): TraceEvent[][] {
  const groups: TraceEvent[][] = [];
  for (const e of trace) {
    const last = groups[groups.length - 1];
    if (last && last[0]!.step === e.step) last.push(e);
    else groups.push([e]);
  }
  return groups;
}

/** the actors' actions: drawn as arrows */
const MAIN_KINDS: ReadonlySet<string> = new Set(ACTION_KINDS);

/** The engines' diagram parts this run asks: its own engine's, or every loaded engine's when the run does not say. */
function diagramParts(engine: string | undefined): EngineDiagram[] {
  const entries =
    engine !== undefined ? [loadedEngine(engine)].filter((e) => e !== undefined) : loadedEngines();
  return entries.flatMap((e) => (e.diagram ? [e.diagram] : []));
}

/** Everything the items of one run share while they are built. */
interface Build {
  people: Participants;
  parts: EngineDiagram[];
  items: Item[];
  fmt: ReturnType<typeof valueFormatter>;
  /** the objects whose store may lose an update */
  racy: ReadonlySet<string>;
  /** the engine's words for its wakes, by step */
  wakes: ReadonlyMap<number, DiagramWake>;
  /** a `block` is an async task's poll returning Pending */
  polls: boolean;
  /** reason codes whose actor waits in a park */
  asleep: ReadonlySet<string>;
  /** how deep each actor is in critical sections */
  inside: Map<Participant, number>;
  /** the whole trace and each event's place in it (a load that read an older store looks back for the newer one) */
  trace: readonly TraceEvent[];
  at: ReadonlyMap<TraceEvent, number>;
}

/** One event being drawn: its step's range, who does it, on what, and its step's notes in words. */
interface Drawn {
  e: TraceEvent;
  range: StepRange;
  who: Participant | undefined;
  obj: Participant | undefined;
  notes: readonly TraceEvent[];
  extra: string[];
}

type Msg = Extract<Item, { kind: 'msg' }>;

/** A note's words beside its step's message: the engine's, else its label; null: none. */
function noteWords(b: Build, e: TraceEvent): string | null {
  for (const x of b.parts) {
    const w = x.note?.(e);
    if (w !== undefined) return w;
  }
  return e.label || null;
}

/** A load the step's notes explain, in its engine's words (a validate, a spin round); null: a plain read. */
function explainedLoad(b: Build, notes: readonly TraceEvent[], value: string) {
  for (const x of b.parts) {
    const w = x.load?.(notes, value);
    if (w) return w;
  }
  return null;
}

function joinWords(main: string, extra: string[]): string {
  return extra.length ? t('seq.and', { first: main, more: extra.join(t('seq.listSep')) }) : main;
}

export function sequenceDiagram(input: DiagramInput): Diagram {
  const { people, items } = build(input);
  return write(people, items, input.maxMessages);
}

/** The participants and the diagram's items (messages, notes, activations), spin loops folded. */
function build(input: DiagramInput): { people: Participant[]; items: Item[] } {
  const b = startBuild(input);
  for (const group of groupBySteps(input.trace)) drawStep(b, group);
  return { people: b.people.list, items: fold(b.items) };
}

/** Every actor and object as a participant (an engine's columns known from the start too), and what the run's engine says. */
function startBuild(input: DiagramInput): Build {
  const parts = diagramParts(input.engine);
  const people = new Participants((name) => {
    for (const x of parts) {
      const c = x.drawnAs?.(name);
      if (c) return c;
    }
    return undefined;
  });
  for (const a of input.actors) people.actor(a);
  for (const o of input.objects ?? []) {
    people.object(o.name);
    // columns known from the start (a mutex's bucket) are there before they are used
    for (const x of parts) for (const c of x.columns?.(o) ?? []) people.object(c);
  }
  const wakes = new Map<number, DiagramWake>();
  for (const x of parts)
    for (const [step, w] of x.wakes?.(input.trace, input.actors) ?? []) wakes.set(step, w);
  return {
    people,
    parts,
    items: [],
    fmt: valueFormatter(input.objects),
    racy: racyObjects(input.objects ?? []),
    wakes,
    polls: parts.some((x) => x.polls),
    asleep: new Set(['parked', 'sleep', ...parts.flatMap((x) => x.asleep ?? [])]),
    inside: new Map(),
    trace: input.trace,
    at: new Map(input.trace.map((e, i) => [e, i])),
  };
}

/** The items of one step: its actions as messages (its notes said beside them), the machine's events as notes. */
function drawStep(b: Build, group: readonly TraceEvent[]): void {
  const step = group[0]!.step;
  const range = { from: step, to: step };
  const notes = group.filter((e) => e.kind === 'note');
  const extra = notes.map((e) => noteWords(b, e)).filter((w): w is string => !!w);
  for (const e of group) {
    if (e.kind === 'note') continue;
    const who = e.actor !== undefined ? b.people.actor(e.actor) : undefined;
    const obj = e.object !== undefined ? b.people.object(e.object) : undefined;
    const d: Drawn = { e, range, who, obj, notes, extra };
    if (MAIN_KINDS.has(e.kind) && who) drawAction(b, d, who);
    else drawMachineEvent(b, d);
  }
}

/** Adds a message from the event's actor (to its object, else itself) and returns it. */
function message(
  b: Build,
  d: Drawn,
  who: Participant,
  text: string,
  to?: Participant,
  arrow: Msg['arrow'] = '->>',
): Msg {
  const m: Msg = {
    kind: 'msg',
    from: who,
    to: to ?? d.obj ?? who,
    text,
    arrow,
    range: d.range,
    actor: d.e.actor!,
  };
  b.items.push(m);
  return m;
}

/** An actor's action as an arrow, in words for people. */
function drawAction(b: Build, d: Drawn, who: Participant): void {
  const { e, extra } = d;
  const label = e.label ?? '';
  const say = (text: string, to?: Participant, arrow?: Msg['arrow']) => message(b, d, who, text, to, arrow);
  switch (e.kind) {
    case 'load':
      return drawLoad(b, d, who);
    case 'store':
      say(joinWords(storeWords(b, e), extra));
      placedBeforeNote(b, d, who);
      return;
    case 'cas':
      say(joinWords(casWords(b, e), extra), undefined, e.ok ? '->>' : '-x');
      return;
    case 'swap':
    case 'fetch_add':
    case 'fetch_or':
    case 'fetch_and':
      say(
        joinWords(
          t('seq.rmw', { op: e.kind, old: b.fmt(e.object, e.old), new: b.fmt(e.object, e.new) }),
          extra,
        ),
      );
      return;
    case 'lock':
    case 'unlock':
      say(joinWords(label || t(e.kind === 'lock' ? 'seq.lock' : 'seq.unlock'), extra));
      return;
    case 'prepare_park':
      say(joinWords(t('seq.preparePark'), extra), who);
      return;
    case 'park':
      say(joinWords(e.by ? t('seq.wokenBy', { by: e.by }) : t('seq.woken'), extra), who);
      return;
    case 'unpark':
      return drawWake(b, d, who);
    case 'spin':
    case 'yield':
      say(t(e.kind === 'spin' ? 'seq.spin' : 'seq.yield'), who).spin = {};
      return;
    case 'sleep':
      say(t('seq.sleep', { until: e.until ?? '' }), who);
      return;
    case 'work':
      say(t('seq.work'), who).work = 1;
      return;
    case 'cs_enter':
    case 'cs_exit':
      return drawCriticalSection(b, d, who);
    case 'print':
      b.items.push({
        kind: 'note',
        over: [who],
        text: t('seq.print', { text: e.text ?? '' }),
        range: d.range,
      });
      return;
    case 'assert':
      say(t(e.ok === false ? 'seq.assertFailed' : 'seq.assert', { text: e.text ?? label }), who);
      return;
    case 'irq_save':
    case 'irq_restore':
    case 'raise':
    case 'set_priority':
      /* the machine's interrupt and priority actions: the label says them for people */
      say(joinWords(label || e.kind, extra));
      return;
    case 'block':
      /* a task blocking, or an async task's poll returning Pending (who woke it) */
      say(joinWords(pollWords(b, e) ?? (label || e.kind), extra));
      return;
  }
}

/** A read: explained by the step's notes (a validate, a spin round that folds), else the plain value. */
function drawLoad(b: Build, d: Drawn, who: Participant): void {
  const { e, extra } = d;
  const now = b.fmt(e.object, e.new);
  const explained = explainedLoad(b, d.notes, now);
  if (explained?.spin) {
    message(b, d, who, explained.text).spin = { round: explained.spin.round, value: now, object: d.obj };
    return;
  }
  const label = e.label ?? '';
  const plain = label ? t('seq.readLabel', { label, value: now }) : t('seq.read', { value: now });
  message(b, d, who, joinWords(explained ? explained.text : plain, extra));
  // ra: a load that read an older store than the newest gets a note saying which it read
  const stale = staleReadNote(b.trace, b.at.get(e) ?? -1, now);
  if (stale) b.items.push({ kind: 'note', over: [who], text: stale, range: d.range });
}

/** ra: a store placed before the end of its cell's order gets a note saying which store it went before. */
function placedBeforeNote(b: Build, d: Drawn, who: Participant): void {
  const placed = placedNote(b.trace, b.at.get(d.e) ?? -1, 'seq');
  if (placed) b.items.push({ kind: 'note', over: [who], text: placed, range: d.range });
}

/** A write: a lost update, a label that already says the value ("callback: write 00"), else old and new. */
function storeWords(b: Build, e: TraceEvent): string {
  const old = b.fmt(e.object, e.old);
  const now = b.fmt(e.object, e.new);
  if (isLostUpdate(e, b.racy)) return t('seq.writeLost', { value: now, old });
  const label = e.label ?? '';
  if (/(?:^|\s)write (\S+)$/.exec(label)?.[1] === now) return label;
  return t('seq.write', { value: now, old });
}

/** A CAS: what it expected and wanted, and whether it worked (what it found when not). */
function casWords(b: Build, e: TraceEvent): string {
  const from = b.fmt(e.object, e.expected);
  const to = b.fmt(e.object, e.desired);
  const label = e.label ?? '';
  const base =
    /\bCAS\b/.test(label) || !label ? t('seq.cas', { from, to }) : t('seq.casLabel', { label, from, to });
  return e.ok ? t('seq.ok', { text: base }) : t('seq.failed', { text: base, value: b.fmt(e.object, e.old) });
}

/** A wake: to the woken actor, in the engine's words where it has them (an eviction dotted). */
function drawWake(b: Build, d: Drawn, who: Participant): void {
  const { e, extra } = d;
  const target = e.target !== undefined ? b.people.actor(e.target) : (d.obj ?? who);
  const own = b.wakes.get(e.step);
  if (own) {
    message(b, d, who, joinWords(own.text, extra), target, own.evicts ? '-->>' : '->>');
    return;
  }
  const text = e.target === e.actor ? t('seq.wakeSelf') : t('seq.wake', { target: e.target ?? '' });
  message(b, d, who, joinWords(text, extra), target);
}

/** Entering or leaving a critical section: a message, and the actor's activation bar. */
function drawCriticalSection(b: Build, d: Drawn, who: Participant): void {
  const depth = b.inside.get(who) ?? 0;
  if (d.e.kind === 'cs_enter') {
    message(b, d, who, t('seq.csEnter'), who);
    b.items.push({ kind: 'activate', who });
    b.inside.set(who, depth + 1);
    return;
  }
  message(b, d, who, t('seq.csExit'), who);
  if (depth > 0) {
    b.items.push({ kind: 'deactivate', who });
    b.inside.set(who, depth - 1);
  }
}

/** What the machine says about a step (the end of an actor or of the run, the clock) as a note. */
function drawMachineEvent(b: Build, d: Drawn): void {
  const { e, who, range } = d;
  const allActors = () => b.people.list.filter((p) => p.actor);
  const note = (text: string, over = who ? [who] : allActors()) =>
    b.items.push({ kind: 'note', over, text, range });
  switch (e.kind) {
    case 'finish':
      if (who) note(t('seq.finished'));
      return;
    case 'stuck':
      note(sleepsForever(b, e) ? t('seq.sleepsForever') : t('seq.stuck'));
      return;
    case 'violation':
      note(t('seq.violation', { check: e.check ?? '', message: e.message ?? '' }));
      return;
    case 'error':
      note(t('seq.error', { message: e.message ?? '' }));
      return;
    case 'clock':
      if (range.from > 0 || e.time > 0) note(t('seq.clock', { time: formatTime(e.time) }), allActors());
      return;
    /* the machine's choices: the tick over everyone, a raise or a drop over its actor */
    case 'tick':
      note(t('seq.tick', { time: formatTime(e.time) }), allActors());
      return;
    case 'raised':
      if (who) note(t('seq.raised'));
      return;
    case 'dropped':
      if (who) note(t('seq.dropped'));
      return;
  }
  if (who && e.kind !== 'none')
    message(b, d, who, joinWords(pollWords(b, e) ?? (e.label || e.kind), d.extra));
}

/** A stuck actor waits in a park or a sleep (by its reason code), so it sleeps forever. */
function sleepsForever(b: Build, e: TraceEvent): boolean {
  const why = (e as { blocked?: { why?: unknown } }).blocked?.why;
  return typeof why === 'string' && b.asleep.has(why);
}

/**
 * An async task's poll returning Pending after a wake ("polled again (woken by
 * t0)"), or after its timer; a blocked task's return from its switch says who
 * woke it (an rtos post or interrupt), the other end of the waker's arrow.
 */
function pollWords(b: Build, e: TraceEvent): string | null {
  if (e.kind !== 'block') return null;
  if (!b.polls) return e.woken && e.by ? t('seq.wokenBy', { by: e.by }) : null;
  if (e.by) return t('seq.polledAfterWake', { by: e.by });
  return e.woken === false ? t('seq.polledAfterTimer') : null;
}

/**
 * Folds an actor's uninterrupted spin loop (its reads with a spin round, its
 * spins and yields) into one message, and its consecutive work steps into one.
 */
function fold(items: Item[]): Item[] {
  const out: Item[] = [];
  let i = 0;
  while (i < items.length) {
    const it = items[i]!;
    if (it.kind === 'msg' && (it.spin || it.work)) {
      const isWork = !!it.work;
      let j = i + 1;
      while (j < items.length) {
        const n = items[j]!;
        if (n.kind !== 'msg' || n.actor !== it.actor || (isWork ? !n.work : !n.spin)) break;
        j++;
      }
      const run = items.slice(i, j) as Extract<Item, { kind: 'msg' }>[];
      if (run.length > 1) {
        const last = run[run.length - 1]!;
        const range = { from: it.range.from, to: last.range.to };
        if (isWork) {
          out.push({ ...it, range, text: t('seq.workMany', { n: run.length }) });
        } else {
          const reads = run.filter((m) => m.spin?.value !== undefined);
          const lastRead = reads[reads.length - 1];
          const rounds = Math.max(
            run.filter((m) => m.spin?.round === undefined && m.spin?.value === undefined).length,
            ...reads.map((m) => Number(m.spin?.round) || 0),
          );
          const text = lastRead
            ? t('seq.spinRun', { rounds, value: lastRead.spin!.value! })
            : t('seq.spinRunNoRead', { rounds });
          out.push({ ...it, range, text, to: lastRead?.spin?.object ?? it.from, arrow: '->>' });
        }
        i = j;
        continue;
      }
    }
    out.push(it);
    i++;
  }
  return out;
}

function write(people: Participant[], items: Item[], max?: number): Diagram {
  const total = items.filter((x) => x.kind === 'msg').length;
  let start = 0;
  let omitted = 0;
  const reopen: Participant[] = [];
  if (max !== undefined && max >= 0 && total > max) {
    // drop whole items from the top until `max` messages are left
    let drop = total - max;
    const depth = new Map<Participant, number>();
    while (start < items.length && drop > 0) {
      const it = items[start]!;
      if (it.kind === 'msg') {
        drop--;
        omitted++;
      } else if (it.kind === 'activate') depth.set(it.who, (depth.get(it.who) ?? 0) + 1);
      else if (it.kind === 'deactivate') depth.set(it.who, (depth.get(it.who) ?? 0) - 1);
      start++;
    }
    // notes and activations that belong to the dropped messages' steps go too
    while (start < items.length && items[start]!.kind !== 'msg') {
      const it = items[start]!;
      if (it.kind === 'activate') depth.set(it.who, (depth.get(it.who) ?? 0) + 1);
      else if (it.kind === 'deactivate') depth.set(it.who, (depth.get(it.who) ?? 0) - 1);
      start++;
    }
    for (const [p, d] of depth) for (let k = 0; k < d; k++) reopen.push(p);
  }

  const lines = ['sequenceDiagram'];
  for (const p of people) lines.push(`  participant ${p.id} as ${mermaidAlias(p.label)}`);
  const messages: StepRange[] = [];
  const notes: StepRange[] = [];
  if (omitted > 0) {
    const over = people.length > 1 ? `${people[0]!.id},${people[people.length - 1]!.id}` : people[0]!.id;
    lines.push(`  Note over ${over}: ${mermaidText(t('seq.omitted', { n: omitted }))}`);
    notes.push({ from: 0, to: 0 });
  }
  for (const p of reopen) lines.push(`  activate ${p.id}`);
  for (const it of items.slice(start)) {
    switch (it.kind) {
      case 'msg':
        lines.push(`  ${it.from.id}${it.arrow}${it.to.id}: ${mermaidText(it.text)}`);
        messages.push(it.range);
        break;
      case 'note': {
        const ids = it.over.map((p) => p.id);
        const over = ids.length > 1 ? `${ids[0]},${ids[ids.length - 1]}` : (ids[0] ?? people[0]?.id);
        if (!over) break;
        lines.push(`  Note over ${over}: ${mermaidText(it.text)}`);
        notes.push(it.range);
        break;
      }
      case 'activate':
        lines.push(`  activate ${it.who.id}`);
        break;
      case 'deactivate':
        lines.push(`  deactivate ${it.who.id}`);
        break;
    }
  }
  return { text: lines.join('\n') + '\n', messages, notes, total, omitted };
}

/** The participants' labels and whether each is an actor (for colouring the drawing). */
export function participantsOf(text: string): { id: string; label: string }[] {
  const out: { id: string; label: string }[] = [];
  for (const line of text.split('\n')) {
    const m = /^ {2}participant (p\d+) as (.*)$/.exec(line);
    if (m) out.push({ id: m[1]!, label: m[2]! });
  }
  return out;
}

// ---- pages ----------------------------------------------------------------------------

/** One page of the diagram: a Mermaid text of its own, with every participant. */
export interface DiagramPage {
  /** the page's number from the start of the run (stable as the run grows) */
  index: number;
  text: string;
  /** one range per arrow of this page, in drawing order */
  messages: StepRange[];
}

export interface PagedDiagram {
  pages: DiagramPage[];
  /** arrows in the whole run */
  total: number;
  /** arrows on the pages left out at the top */
  omitted: number;
}

/**
 * The diagram cut into pages of `pageSize` arrows, each its own Mermaid text
 * with every participant declared in the same order, so a step redraws only
 * the last page, and only the last `maxPages` pages are kept.  Page k always
 * holds arrows k*pageSize to (k+1)*pageSize - 1 (the notes and closing
 * activations after its last arrow stay with it); a critical section that
 * spans a page break is opened again at the top of the next page.
 */
export function diagramPages(input: DiagramInput, pageSize = 16, maxPages = 10): PagedDiagram {
  const { people, items } = build(input);
  const head = ['sequenceDiagram', ...people.map((p) => `  participant ${p.id} as ${mermaidAlias(p.label)}`)];
  const chunks: { items: Item[]; open: Participant[] }[] = [{ items: [], open: [] }];
  const depth = new Map<Participant, number>();
  let count = 0;
  for (const it of items) {
    if (it.kind === 'msg') {
      if (count > 0 && count % pageSize === 0) {
        const open: Participant[] = [];
        for (const [p, d] of depth) for (let k = 0; k < d; k++) open.push(p);
        chunks.push({ items: [], open });
      }
      count++;
    } else if (it.kind === 'activate') depth.set(it.who, (depth.get(it.who) ?? 0) + 1);
    else if (it.kind === 'deactivate') depth.set(it.who, Math.max(0, (depth.get(it.who) ?? 0) - 1));
    chunks[chunks.length - 1]!.items.push(it);
  }
  const first = Math.max(0, chunks.length - Math.max(1, maxPages));
  const pages = chunks.slice(first).map((c, k) => {
    const lines = [...head, ...c.open.map((p) => `  activate ${p.id}`)];
    const messages: StepRange[] = [];
    for (const it of c.items) {
      const line = itemLine(it, people);
      if (line) lines.push(line);
      if (it.kind === 'msg') messages.push(it.range);
    }
    return { index: first + k, text: lines.join('\n') + '\n', messages };
  });
  return { pages, total: count, omitted: Math.min(count, first * pageSize) };
}

function itemLine(it: Item, people: Participant[]): string | null {
  switch (it.kind) {
    case 'msg':
      return `  ${it.from.id}${it.arrow}${it.to.id}: ${mermaidText(it.text)}`;
    case 'note': {
      const ids = it.over.map((p) => p.id);
      const over = ids.length > 1 ? `${ids[0]},${ids[ids.length - 1]}` : (ids[0] ?? people[0]?.id);
      return over ? `  Note over ${over}: ${mermaidText(it.text)}` : null;
    }
    case 'activate':
      return `  activate ${it.who.id}`;
    case 'deactivate':
      return `  deactivate ${it.who.id}`;
  }
}
