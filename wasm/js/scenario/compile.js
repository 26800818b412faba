// @ts-check
/**
 * The meaning check: a structurally valid scenario (validate.js) is checked
 * against the engine catalog (which objects exist, which operations and
 * fields their types have, which variants an engine offers) and turned into
 * the program the encoder lays out, plus the normalized description the app
 * shows.
 *
 * The one rule that ties this file to the C interpreter: instructions are
 * numbered in program order, a repeat before its body (pre-order), starting
 * at 0 for each actor.  That number is what state().actors[i].op reports, so
 * scenario.actors[i].ops[op] is the operation an actor is in (and
 * ops.length means the actor has finished).
 */
import { ADDRESSES, LIMITS } from './limits.js';
import { CMP, codeSize } from './bytecode.js';
import { SyntaxProblem, numberValue, statements, tokenize } from './statements.js';
import { fieldName } from './source.js';

/** @typedef {import('./source.js').Path} Path */
/** @typedef {import('./source.js').Source} Source */
/** @typedef {import('./problems.js').Problems} Problems */
/** @typedef {import('./statements.js').Token} Token */
/** @typedef {import('./statements.js').Statement} Statement */
/** @typedef {import('./bytecode.js').Instr} Instr */
/** @typedef {import('./bytecode.js').Expr} Expr */
/** @typedef {import('./bytecode.js').Operand} Operand */
/** @typedef {import('./bytecode.js').Program} Program */

/**
 * The catalog as the wasm module (or `lockstep-run catalog`) gives it.
 * @typedef {object} Catalog
 * @property {number} version
 * @property {Record<string, {summary: string, variants: string[], sources: string[]}>} engines
 * @property {Record<string, CatalogType>} types
 */
/**
 * @typedef {object} CatalogType
 * @property {string} engine
 * @property {string} summary
 * @property {number} footprint  bytes of address space each object takes (core/sim/address_map.h)
 * @property {{name: string, default: number, flag?: boolean}[]} params
 * @property {Record<string, {args: string[]}>} ops
 * @property {string[]} fields
 */

/**
 * What the app needs to know about a scenario.
 * @typedef {object} ScenarioOp
 * @property {number} index   the instruction number the interpreter reports as `op`
 * @property {string} kind    call, repeat, work, sleep, cs_enter, cs_exit, print, assert
 * @property {string} text    as written, e.g. "increment counter", "repeat 3"
 * @property {number} line    1-based line in the scenario file
 * @property {number} depth   how many repeats it is nested in
 * @property {string} [object]  call: the object's name
 *
 * A text in both languages; a scenario that wrote one string has it in both.
 * @typedef {{en: string, 'zh-CN': string}} Text
 *
 * @typedef {object} Scenario
 * @property {string} file
 * @property {Text} title
 * @property {Text} description  (both '' when the file has none)
 * @property {string} engine
 * @property {string} variant      the default variant
 * @property {string[]} variants   the variants a learner may pick
 * @property {{name: string, type: string, params: Record<string, number>, address: number|null, line: number, column: number}[]} objects
 * @property {{name: string, kind: string, priority: number, line: number, ops: ScenarioOp[]}[]} actors
 * @property {string|null} schedule  the starting schedule, if any
 * @property {string} memory  the memory model a run uses unless told otherwise (memory:, else sc)
 * @property {{line: number, column: number}|null} scheduleAt  where it is written
 * @property {{text: string, line: number}[]} asserts  final assertions
 * @property {{outcome: string, violation?: string, prints?: string[], stuck?: string[]}|null} expect
 *   how the default run ends (checked by running it: check/scenario.js)
 * @property {Record<string, {line: number, column: number}>} expectAt  where each expect: key is
 */

const COMMON_OPS = ['work', 'sleep', 'cs_enter', 'cs_exit', 'print', 'assert', 'repeat'];
const KINDS = ['thread', 'task', 'isr'];

/**
 * Whether running `code` takes at least one step: any operation does, a
 * repeat only when it runs at least once over a body that does (the machine's
 * decoder refuses a repeat whose body takes none: it would spin for ever).
 * @param {{op: string, count?: number, body?: any[]}[]} code
 * @returns {boolean}
 */
const takesAStep = (code) =>
  code.some((i) => i.op !== 'repeat' || ((i.count ?? 0) > 0 && takesAStep(i.body ?? [])));

/**
 * `title:` or `description:` as the app shows it: a string (said the same in
 * both languages) or the {en, zh-CN} map the schema checked.
 * @param {string | {en: string, 'zh-CN': string}} v
 * @returns {Text}
 */
const bothLanguages = (v) =>
  typeof v === 'string' ? { en: v, 'zh-CN': v } : { en: v.en, 'zh-CN': v['zh-CN'] };

/** "a, b and c" */
const list = (/** @type {string[]} */ xs) => xs.join(', ');

const hex = (/** @type {number} */ n) => `0x${n.toString(16)}`;

const plural = (/** @type {number} */ n, /** @type {string} */ word) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Raised inside a statement; caught per statement so others are still checked. */
class Bad extends Error {
  /**
   * @param {string} message
   * @param {number} offset  into the string
   * @param {boolean} [silent]  already reported another way (an object whose
   *   type was wrong): say nothing more
   */
  constructor(message, offset, silent = false) {
    super(message);
    this.offset = offset;
    this.silent = silent;
  }
}

export class Compiler {
  /**
   * @param {any} data       the scenario's data, already structurally valid
   * @param {Source} source
   * @param {Problems} problems
   * @param {Catalog} catalog
   * @param {string} file
   */
  constructor(data, source, problems, catalog, file) {
    this.data = data;
    this.source = source;
    this.problems = problems;
    this.catalog = catalog;
    this.file = file;
    /** @type {Map<string, {index: number, name: string, type: string, t: CatalogType}>} */
    this.objects = new Map();
    /** Objects with a problem of their own, which uses of them do not repeat. */
    this.broken = new Set();
  }

  /**
   * Adds the problem a Bad or SyntaxProblem describes; rethrows anything else.
   * @param {unknown} e
   * @param {Path} path  the field
   * @param {{line: number, column: number}} [at]  default: where e points in the string at path
   */
  report(e, path, at) {
    if (!(e instanceof Bad || e instanceof SyntaxProblem)) throw e;
    if (e instanceof Bad && e.silent) return;
    this.problems.add(at ?? this.source.locateIn(path, e.offset), fieldName(path), e.message);
  }

  /** @param {Path} path @param {string} message */
  bad(path, message) {
    this.problems.add(this.source.locate(path), fieldName(path), message);
  }

  /** @param {Path} path @param {string} message */
  badKey(path, message) {
    this.problems.add(this.source.locateKey(path), fieldName(path), message);
  }

  /** @returns {{program: Program, scenario: Scenario} | null} */
  run() {
    const d = this.data;
    const engine = this.catalog.engines[d.engine];
    if (!engine) {
      this.bad(
        ['engine'],
        `unknown engine '${d.engine}'; the engines are: ${list(Object.keys(this.catalog.engines))}`,
      );
      return null;
    }
    const { variant, variants } = this.variants(engine.variants);
    const objects = this.compileObjects();
    const actors = this.compileActors();
    const finals = this.compileFinals();
    this.checkSchedule(actors.map((a) => a.name));
    this.checkExpect(actors.map((a) => a.name));
    if (this.problems.any) return null;
    return {
      program: {
        objects: objects.map((o) => ({
          name: o.name,
          type: o.type,
          address: o.address ?? 0,
          params: o.list,
        })),
        actors: actors.map((a) => ({
          name: a.name,
          kind: KINDS.indexOf(a.kind),
          priority: a.priority,
          code: a.code,
        })),
        finals: finals.map((f) => f.expr),
        variant,
        variants,
        schedule: d.schedule ?? null,
        memory: d.memory ?? null,
      },
      scenario: {
        file: this.file,
        title: bothLanguages(d.title),
        description: bothLanguages(d.description ?? ''),
        engine: d.engine,
        variant,
        variants,
        objects: objects.map(({ name, type, params, address, line, column }) => ({
          name,
          type,
          params,
          address,
          line,
          column,
        })),
        actors: actors.map(({ name, kind, priority, line, ops }) => ({
          name,
          kind,
          priority,
          line,
          ops,
        })),
        schedule: d.schedule ?? null,
        memory: d.memory ?? 'sc',
        scheduleAt: d.schedule === undefined ? null : this.source.locate(['schedule']),
        asserts: finals.map((f) => ({ text: f.expr.text, line: f.line })),
        expect: d.expect ?? null,
        expectAt: Object.fromEntries(
          Object.keys(d.expect ?? {}).map((k) => [k, this.source.locate(['expect', k])]),
        ),
      },
    };
  }

  /** The allowed variants (default: all of the engine's) and the default one. */
  variants(/** @type {string[]} */ engineVariants) {
    const d = this.data;
    /** @type {string[]} */
    const variants = d.variants ?? engineVariants;
    if (variants.length > LIMITS.variants)
      this.bad(['variants'], `lists ${variants.length} variants; the limit is ${LIMITS.variants}`);
    variants.forEach((v, i) => {
      if (!engineVariants.includes(v))
        this.bad(
          ['variants', i],
          `'${v}' is not a variant of engine ${d.engine}; it has: ${list(engineVariants)}`,
        );
    });
    const variant = d.variant ?? variants[0];
    if (d.variant !== undefined && !variants.includes(d.variant)) {
      const where = d.variants ? 'the variants listed here' : `the variants of engine ${d.engine}`;
      this.bad(['variant'], `'${d.variant}' is not one of ${where}: ${list(variants)}`);
    }
    return { variant, variants };
  }

  compileObjects() {
    const out = [];
    const entries = Object.entries(this.data.objects ?? {});
    for (const [name, spec] of entries) {
      const path = ['objects', name];
      const short = typeof spec === 'string';
      const typeName = short ? spec : spec.type;
      const typePath = short ? path : [...path, 'type'];
      const t = this.catalog.types[typeName];
      if (name === 'result') {
        this.badKey(path, "'result' is reserved: in an assertion it means the actor's last result");
        continue;
      }
      this.broken.add(name); // until it has passed the checks below
      if (!t) {
        const mine = Object.keys(this.catalog.types).filter(
          (k) => this.catalog.types[k].engine === this.data.engine,
        );
        this.bad(typePath, `unknown type '${typeName}'; engine ${this.data.engine} has: ${list(mine)}`);
        continue;
      }
      if (t.engine !== this.data.engine) {
        this.bad(
          typePath,
          `type ${typeName} belongs to engine ${t.engine}, and this scenario's engine is ${this.data.engine}`,
        );
        continue;
      }
      /** @type {Record<string, number>} */
      const params = {};
      for (const p of t.params) params[p.name] = p.default;
      if (!short) {
        for (const [k, v] of Object.entries(spec)) {
          if (k === 'type' || k === 'address') continue;
          const known = t.params.map((p) => p.name);
          if (!known.includes(k)) {
            const has = known.length ? `it has: ${list(known)}` : 'it has none';
            this.badKey([...path, k], `${typeName} has no parameter '${k}'; ${has}`);
            continue;
          }
          const value = this.paramValue(v, [...path, k], t.params.find((p) => p.name === k)?.flag === true);
          if (value !== null) params[k] = value;
        }
      }
      this.broken.delete(name);
      const index = out.length;
      this.objects.set(name, { index, name, type: typeName, t });
      out.push({
        name,
        type: typeName,
        params,
        list: t.params.map((p) => params[p.name]),
        address: short || spec.address === undefined ? null : /** @type {number} */ (spec.address),
        ...this.source.locateKey(path),
      });
    }
    this.placeObjects(out);
    return out;
  }

  /**
   * The addresses the C side will give the objects (core/sim/address_map.h),
   * checked here so that two objects sharing a byte are reported at the
   * `address:` of the second.  An object without `address:` is placed after
   * every object before it, so the second of two that overlap always has one.
   * @param {{name: string, type: string, address: number|null}[]} objects
   */
  placeObjects(objects) {
    /** @type {{name: string, start: number, end: number, given: boolean}[]} */
    const placed = [];
    let next = /** @type {number} */ (ADDRESSES.auto);
    for (const o of objects) {
      const size = this.catalog.types[o.type].footprint;
      const start = o.address ?? next;
      const end = start + size;
      next = Math.max(next, Math.ceil(end / ADDRESSES.align) * ADDRESSES.align);
      const span = `${o.name} (${o.type}, ${size} bytes) at ${hex(start)}`;
      const where = ['objects', o.name, ...(o.address === null ? [] : ['address'])];
      if (end > ADDRESSES.end) {
        const why = o.address === null ? ', after the objects before it,' : '';
        this.bad(
          where,
          `${span}${why} would end at ${hex(end)}, past ${hex(ADDRESSES.end)} where the objects' space ends`,
        );
        return;
      }
      const other = placed.find((q) => start < q.end && q.start < end);
      if (other) {
        const how = other.given ? '' : ' (its default address)';
        this.bad(
          where,
          `${span} overlaps ${other.name} at ${hex(other.start)}${how}, which takes up to ${hex(other.end - 1)}; objects must not share bytes`,
        );
        continue; // left out, so the objects after it are not blamed for it
      }
      placed.push({ name: o.name, start, end, given: o.address !== null });
    }
  }

  /**
   * A parameter: a YAML integer, or a string holding a number or duration; a
   * flag (the catalog says which) also takes false and true, as 0 and 1.
   */
  paramValue(/** @type {unknown} */ v, /** @type {Path} */ path, /** @type {boolean} */ flag) {
    if (typeof v === 'boolean') {
      if (flag) return v ? 1 : 0;
      this.bad(path, `must be a number, not ${v} (true and false are for flags, which this is not)`);
      return null;
    }
    if (typeof v === 'number') {
      if (Number.isSafeInteger(v)) return v;
      this.bad(path, `${v} is out of range (the limit is ±${Number.MAX_SAFE_INTEGER})`);
      return null;
    }
    try {
      const tokens = tokenize(String(v));
      if (tokens.length !== 1 || tokens[0].kind !== 'number')
        throw new SyntaxProblem(`'${v}' is not an integer or a duration`, 0);
      return numberValue(tokens[0]).value;
    } catch (e) {
      if (!(e instanceof SyntaxProblem)) throw e;
      this.bad(path, e.message);
      return null;
    }
  }

  compileActors() {
    const out = [];
    for (const [name, spec] of Object.entries(this.data.actors)) {
      const short = Array.isArray(spec);
      const items = short ? spec : spec.program;
      const path = short ? ['actors', name] : ['actors', name, 'program'];
      const actor = new ActorCompiler(this, name);
      const code = actor.items(items, path, 0);
      if (!actor.overflowed) {
        const size = codeSize(code);
        if (size > LIMITS.codeBytes)
          this.badKey(
            ['actors', name],
            `its program takes ${size} bytes of bytecode; the limit is ${LIMITS.codeBytes}`,
          );
      }
      out.push({
        name,
        kind: short ? 'thread' : (spec.kind ?? 'thread'),
        priority: short ? 0 : (spec.priority ?? 0),
        line: this.source.locateKey(['actors', name]).line,
        ops: actor.ops,
        code,
      });
    }
    return out;
  }

  compileFinals() {
    const a = this.data.assert;
    if (a === undefined) return [];
    /** @type {[string, Path][]} */
    const texts =
      typeof a === 'string'
        ? [[a, ['assert']]]
        : a.map((/** @type {string} */ s, /** @type {number} */ i) => [s, ['assert', i]]);
    const out = [];
    for (const [text, path] of texts) {
      try {
        const tokens = tokenize(text);
        const expr = this.expression(tokens, false, 0);
        out.push({ expr, line: this.source.locate(path).line });
      } catch (e) {
        this.report(e, path);
      }
    }
    return out;
  }

  /**
   * A comparison: OPERAND OP OPERAND.
   * @param {Token[]} tokens
   * @param {boolean} resultAllowed  an actor's assert may read its last result
   * @param {number} offset  where the expression starts, for messages
   * @returns {Expr}
   */
  expression(tokens, resultAllowed, offset) {
    const shape = "expected a comparison like 'counter == 6' (operators: == != < <= > >=)";
    if (tokens.length !== 3 || !(tokens[1].text in CMP) || tokens[1].kind !== 'punct')
      throw new Bad(shape, tokens.length > 3 ? tokens[3].start : (tokens[0]?.start ?? offset));
    const lhs = this.operand(tokens[0], resultAllowed);
    const rhs = this.operand(tokens[2], resultAllowed);
    return {
      lhs,
      cmp: /** @type {keyof typeof CMP} */ (tokens[1].text),
      rhs,
      text: tokens.map((t) => t.text).join(' '),
    };
  }

  /** @param {Token} t @param {boolean} resultAllowed @returns {Operand} */
  operand(t, resultAllowed) {
    if (t.kind === 'number') return { kind: 'literal', value: numberValue(t).value };
    if (t.kind !== 'word') throw new Bad(`expected a number, an object or result, not ${t.text}`, t.start);
    if (t.text === 'result') {
      if (!resultAllowed)
        throw new Bad(
          "a final assertion cannot use 'result' (only an actor's assert can: it is that actor's last result)",
          t.start,
        );
      return { kind: 'result' };
    }
    const [name, field, ...rest] = t.text.split('.');
    const o = this.object(name, t.start);
    if (rest.length) throw new Bad(`'${t.text}' has too many dots; write OBJECT or OBJECT.FIELD`, t.start);
    const fields = o.t.fields;
    if (field === undefined) {
      if (!fields.length) throw new Bad(`${this.describe(o)} has no fields to compare`, t.start);
      return { kind: 'field', object: o.index, field: fields[0] };
    }
    if (!fields.includes(field))
      throw new Bad(`${this.describe(o)} has no field '${field}'; it has: ${list(fields)}`, t.start);
    return { kind: 'field', object: o.index, field };
  }

  /** The object named `name`, or a Bad listing the objects there are. */
  object(/** @type {string} */ name, /** @type {number} */ offset) {
    const o = this.objects.get(name);
    if (o) return o;
    if (this.broken.has(name)) throw new Bad('', offset, true);
    const names = [...this.objects.keys()];
    const there = names.length ? `the objects are: ${list(names)}` : 'this scenario has no objects';
    throw new Bad(`there is no object '${name}'; ${there}`, offset);
  }

  /** "counter", or "total (atomic_counter)" when the names differ. */
  describe(/** @type {{name: string, type: string}} */ o) {
    return o.name === o.type ? o.name : `${o.name} (${o.type})`;
  }

  /**
   * What expect: can be wrong about without running: the actors it says are
   * stuck exist.  (Whether the claims hold is known by running the
   * scenario: check/scenario.js.)
   * @param {string[]} actors
   */
  checkExpect(actors) {
    (this.data.expect?.stuck ?? []).forEach((/** @type {string} */ a, /** @type {number} */ i) => {
      if (!actors.includes(a))
        this.bad(
          ['expect', 'stuck', i],
          `'${a}' is not an actor of this scenario (actors: ${actors.join(', ')})`,
        );
    });
  }

  /**
   * The scenario's schedule is only run later, by the C side; what can be
   * checked here (the actors it names) is checked here, with a line number.
   * @param {string[]} actors
   */
  checkSchedule(actors) {
    const s = this.data.schedule;
    if (s === undefined) return;
    const bytes = new TextEncoder().encode(s).length;
    if (bytes > LIMITS.scheduleBytes) {
      this.bad(['schedule'], `is ${bytes} bytes long; the limit is ${LIMITS.scheduleBytes}`);
      return;
    }
    // the bytecode carries it as a C string (core/script/decode.c refuses a NUL)
    if (s.includes('\0')) {
      this.bad(['schedule'], 'contains a NUL byte, which no schedule has');
      return;
    }
    if (/^v\d+\./.test(s)) return; // compact form: checked when it runs
    const head = /^v\d+(\s+seed=\d+)?\s*:/.exec(s);
    if (!head) {
      this.bad(
        ['schedule'],
        "must start with 'v1:', 'v2:' or 'v3:' (readable form) or 'v1.', 'v2.' or 'v3.' (compact form)",
      );
      return;
    }
    // The tokens as core/sim/schedule.c reads them: [r:N], or NAME with an
    // optional @action:object fingerprint; v2 adds tick, !HANDLER, ~TASK and
    // =NAME; v3 adds ^ACTOR (a flush of its store buffer) and <ACTOR:N (its
    // load reads store N); any of them may carry a repeat count (tick*399).
    // Errors are left to the C side, which says which column is
    // wrong; this looks only for unknown actors and fingerprints without an
    // object (in the C side's words, core/sim/schedule_check.c), which no run
    // could replay.
    const v2 = s.startsWith('v2') || s.startsWith('v3');
    const token =
      /\s*(?:\[r:\d+\]|([!~=^<]?)([A-Za-z0-9_-]+)(?::\d+)?(?:@([A-Za-z0-9_]+):([^\s*]*))?)(?:\*\d+)?/y;
    token.lastIndex = head[0].length;
    for (let entry = 1; token.lastIndex < s.length; entry++) {
      const at = token.lastIndex;
      const m = token.exec(s);
      if (!m) break;
      const [text, , word, kind, object] = m;
      const name = v2 && m[1] === '' && word === 'tick' ? undefined : word;
      const where = () => this.source.locateIn(['schedule'], at + text.length - text.trimStart().length);
      if (name !== undefined && !actors.includes(name))
        this.problems.add(
          where(),
          'schedule',
          `names actor '${name}', which this scenario does not have (actors: ${list(actors)})`,
        );
      else if (kind !== undefined && object === '')
        this.problems.add(
          where(),
          'schedule',
          `entry ${entry} ('${name}@${kind}:'): no object after '${kind}:'; write it as ${name}@${kind}:OBJECT`,
        );
    }
  }
}

/** Compiles one actor's program, numbering its instructions as the C side does. */
class ActorCompiler {
  /** @param {Compiler} c @param {string} name */
  constructor(c, name) {
    this.c = c;
    this.name = name;
    /** @type {ScenarioOp[]} */
    this.ops = [];
    this.overflowed = false;
  }

  /**
   * @param {unknown[]} items  the YAML list
   * @param {Path} path        where the list is
   * @param {number} depth     repeats around it
   * @returns {Instr[]}
   */
  items(items, path, depth) {
    /** @type {Instr[]} */
    const code = [];
    items.forEach((item, i) => {
      if (this.overflowed) return;
      const here = [...path, i];
      if (typeof item === 'string') this.string(item, here, depth, code);
      else this.repeatMapping(/** @type {Record<string, unknown[]>} */ (item), here, depth, code);
    });
    return code;
  }

  /**
   * Records an instruction in the op list (before its body: pre-order).
   * @param {string} kind @param {string} text @param {{line: number}} at @param {number} depth
   * @param {string} [object]
   * @returns {boolean} false once the actor has too many instructions
   */
  record(kind, text, at, depth, object) {
    if (this.ops.length >= LIMITS.instructions) {
      if (!this.overflowed)
        this.c.badKey(
          ['actors', this.name],
          `has more than ${LIMITS.instructions} instructions (counting each operation once, however often it repeats)`,
        );
      this.overflowed = true;
      return false;
    }
    /** @type {ScenarioOp} */
    const op = { index: this.ops.length, kind, text, line: at.line, depth };
    if (object !== undefined) op.object = object;
    this.ops.push(op);
    return true;
  }

  /** `repeat N:` with a list: the mapping form. */
  repeatMapping(
    /** @type {Record<string, unknown[]>} */ item,
    /** @type {Path} */ path,
    /** @type {number} */ depth,
    /** @type {Instr[]} */ code,
  ) {
    const key = Object.keys(item)[0];
    const keyPath = [...path, key];
    try {
      const tokens = tokenize(key);
      const count = this.repeatCount(tokens, 0);
      if (depth >= LIMITS.depth) throw new Bad(`repeat is nested more than ${LIMITS.depth} levels deep`, 0);
      // The machine refuses it too: a loop that takes no step would spin
      // before the learner could take the first one.
      if (Array.isArray(item[key]) && !item[key].length)
        throw new Bad('repeat needs at least one operation in its list', 0);
      if (!this.record('repeat', `repeat ${tokens[1].text}`, this.c.source.locateKey(keyPath), depth)) return;
      const problems = this.c.problems.list.length;
      const body = this.items(item[key], keyPath, depth + 1);
      if (this.c.problems.list.length === problems && body.length && !takesAStep(body))
        throw new Bad('repeat needs an operation that takes a step: its list holds only repeat 0 loops', 0);
      code.push({ op: 'repeat', count, body });
    } catch (e) {
      this.c.report(e, path, this.c.source.locateKey(keyPath));
    }
  }

  /** The index of the actor a word names (an `actor` argument). */
  actorIndex(/** @type {Token} */ t) {
    const actors = Object.keys(/** @type {Record<string, unknown>} */ (this.c.data.actors ?? {}));
    const k = actors.indexOf(t.text);
    if (k < 0) throw new Bad(`there is no actor '${t.text}'; the actors are: ${list(actors)}`, t.start);
    return k;
  }

  /** The count of `repeat N`. */
  repeatCount(/** @type {Token[]} */ words, /** @type {number} */ offset) {
    if (words.length !== 2 || words[1].kind !== 'number')
      throw new Bad('expected repeat N, with N a whole number', words[1]?.start ?? offset);
    const { value, duration } = numberValue(words[1]);
    if (duration || value < 0 || value > LIMITS.repeat)
      throw new Bad(`repeat count must be a number from 0 to ${LIMITS.repeat}`, words[1].start);
    return value;
  }

  /** A string item: one or more statements. */
  string(
    /** @type {string} */ text,
    /** @type {Path} */ path,
    /** @type {number} */ depth,
    /** @type {Instr[]} */ code,
  ) {
    let parsed;
    try {
      parsed = statements(tokenize(text));
    } catch (e) {
      this.c.report(e, path);
      return;
    }
    if (!parsed.length) {
      this.c.bad(path, 'is empty; expected an operation');
      return;
    }
    this.statements(parsed, path, depth, code);
  }

  /** @param {Statement[]} list @param {Path} path @param {number} depth @param {Instr[]} code */
  statements(list, path, depth, code) {
    for (const st of list) {
      if (this.overflowed) return;
      try {
        const ins = this.statement(st, path, depth);
        if (ins) code.push(ins);
      } catch (e) {
        this.c.report(e, path);
      }
    }
  }

  /**
   * @param {Statement} st @param {Path} path @param {number} depth
   * @returns {Instr | null}
   */
  statement(st, path, depth) {
    const w = st.words;
    const first = w[0];
    const at = this.c.source.locateIn(path, first.start);
    const text = w.map((t) => t.text).join(' ');
    const none = () => {
      if (w.length > 1) throw new Bad(`${first.text} takes nothing after it`, w[1].start);
    };
    if (first.kind !== 'word') throw new Bad(`expected an operation, not ${first.text}`, first.start);
    switch (first.text) {
      case 'repeat': {
        if (!st.body)
          throw new Bad(
            'repeat needs a body: repeat 3 { ... }, or a `repeat 3:` mapping with a list',
            first.start,
          );
        const count = this.repeatCount(w, first.start);
        if (depth >= LIMITS.depth)
          throw new Bad(`repeat is nested more than ${LIMITS.depth} levels deep`, first.start);
        if (!st.body.length)
          throw new Bad('repeat needs at least one operation between { and }', first.start);
        if (!this.record('repeat', text, at, depth)) return null;
        /** @type {Instr[]} */
        const body = [];
        const problems = this.c.problems.list.length;
        this.statements(st.body, path, depth + 1, body);
        // (a body with a problem of its own is reported for that alone)
        if (this.c.problems.list.length === problems && body.length && !takesAStep(body))
          throw new Bad(
            'repeat needs an operation that takes a step: its body holds only repeat 0 loops',
            first.start,
          );
        return { op: 'repeat', count, body };
      }
      case 'work': {
        const n = w[1];
        if (w.length !== 2 || n.kind !== 'number')
          throw new Bad('expected work N, with N a number of steps', (n ?? first).start);
        const { value, duration } = numberValue(n);
        if (duration)
          throw new Bad('work takes a number of steps, not a duration (sleep takes a duration)', n.start);
        if (value < 1 || value > LIMITS.repeat)
          throw new Bad(`work takes from 1 to ${LIMITS.repeat} steps`, n.start);
        if (!this.record('work', text, at, depth)) return null;
        return { op: 'work', steps: value };
      }
      case 'sleep': {
        const n = w[1];
        if (w.length !== 2 || n.kind !== 'number')
          throw new Bad('expected sleep DURATION, like sleep 10ms', (n ?? first).start);
        const { value, duration } = numberValue(n);
        if (!duration) throw new Bad(`sleep needs a unit: ${n.text}us, ${n.text}ms or ${n.text}s`, n.start);
        if (value < 0 || value > LIMITS.sleepUs)
          throw new Bad(`sleep takes from 0us to ${LIMITS.sleepUs / 1e6}s`, n.start);
        if (!this.record('sleep', text, at, depth)) return null;
        return { op: 'sleep', us: value };
      }
      case 'cs_enter':
      case 'cs_exit':
        none();
        if (!this.record(first.text, text, at, depth)) return null;
        return { op: /** @type {'cs_enter'|'cs_exit'} */ (first.text) };
      case 'print': {
        const t = w[1];
        if (w.length !== 2 || t.kind !== 'string')
          throw new Bad('expected print "TEXT", with the text in quotes', (t ?? first).start);
        const value = /** @type {string} */ (t.value);
        if (new TextEncoder().encode(value).length > LIMITS.stringBytes)
          throw new Bad(`the text is longer than ${LIMITS.stringBytes} bytes`, t.start);
        if (value.includes('\0')) throw new Bad('the text contains a NUL character', t.start);
        if (!this.record('print', text, at, depth)) return null;
        return { op: 'print', text: value };
      }
      case 'assert': {
        const expr = this.c.expression(w.slice(1), true, first.start);
        if (!this.record('assert', text, at, depth)) return null;
        return { op: 'assert', expr };
      }
      default:
        return this.call(w, at, depth, text);
    }
  }

  /**
   * OPERATION OBJECT [ARG...], with each ARG a number or NAME=number.
   * @param {Token[]} w @param {{line: number}} at @param {number} depth @param {string} text
   * @returns {Instr | null}
   */
  call(w, at, depth, text) {
    const [opTok, objTok] = w;
    const c = this.c;
    if (!objTok || objTok.kind !== 'word') {
      const holders = [...c.objects.values()].filter((o) => opTok.text in o.t.ops).map((o) => o.name);
      if (holders.length)
        throw new Bad(
          `${opTok.text} needs an object, like: ${opTok.text} ${holders[0]}`,
          (objTok ?? opTok).start,
        );
      throw new Bad(
        `'${opTok.text}' is not an operation; write OPERATION OBJECT, or one of: ${list(COMMON_OPS)}`,
        opTok.start,
      );
    }
    // "counter increment": the words the other way round
    const swapped = c.objects.get(opTok.text);
    if (!c.objects.has(objTok.text) && swapped && objTok.text in swapped.t.ops)
      throw new Bad(`write the operation first: '${objTok.text} ${opTok.text}'`, opTok.start);
    const o = c.object(objTok.text, objTok.start);
    const spec = o.t.ops[opTok.text];
    if (!spec)
      throw new Bad(
        `${c.describe(o)} has no operation '${opTok.text}'; it has: ${list(Object.keys(o.t.ops))}`,
        opTok.start,
      );
    const names = spec.args;
    const takes = names.length
      ? `${opTok.text} takes ${plural(names.length, 'argument')} (${list(names)})`
      : `${opTok.text} takes no arguments`;
    /** @type {(number|undefined)[]} */
    const args = names.map(() => undefined);
    let positional = 0;
    for (let i = 2; i < w.length; i++) {
      const t = w[i];
      if (t.kind === 'word' && w[i + 1]?.text === '=') {
        const k = names.indexOf(t.text);
        if (k < 0) throw new Bad(`${takes}; there is no argument '${t.text}'`, t.start);
        const v = w[i + 2];
        if (names[k] === 'actor' && v?.kind === 'word') args[k] = this.actorIndex(v);
        else if (!v || v.kind !== 'number')
          throw new Bad(`expected a number after ${t.text}=`, (v ?? w[i + 1]).start);
        if (args[k] !== undefined && names[k] !== 'actor')
          throw new Bad(`argument '${t.text}' is given twice`, t.start);
        if (args[k] === undefined) args[k] = numberValue(/** @type {Token} */ (v)).value;
        i += 2;
      } else if (t.kind === 'number') {
        while (positional < names.length && args[positional] !== undefined) positional++;
        if (positional >= names.length) throw new Bad(`${takes}, and more are given`, t.start);
        args[positional++] = numberValue(t).value;
      } else if (t.kind === 'word' && names[positional] === 'actor') {
        // An argument named `actor` takes an actor's name: its index.
        args[positional++] = this.actorIndex(t);
      } else {
        throw new Bad(`unexpected '${t.text}'; arguments are numbers or NAME=number`, t.start);
      }
    }
    const missing = names.filter((_, k) => args[k] === undefined);
    if (missing.length) throw new Bad(`${takes}; missing: ${list(missing)}`, opTok.start);
    if (!this.record('call', text, at, depth, o.name)) return null;
    return {
      op: 'call',
      object: o.index,
      name: opTok.text,
      args: /** @type {number[]} */ (args),
    };
  }
}
