// @ts-check
/**
 * Writing the bytecode of core/script/bytecode.h.  The encoder takes an
 * already checked program (compile.js) and only lays out bytes: LEB128
 * varints, zigzag for signed values, a string table.
 */
import { BYTECODE_VERSION, BYTECODE_VERSION_MEMORY } from './limits.js';

export const OP = Object.freeze({
  CALL: 1,
  REPEAT: 2,
  WORK: 3,
  SLEEP: 4,
  CS_ENTER: 5,
  CS_EXIT: 6,
  PRINT: 7,
  ASSERT: 8,
});

export const CMP = Object.freeze({
  '==': 0,
  '!=': 1,
  '<': 2,
  '<=': 3,
  '>': 4,
  '>=': 5,
});

/**
 * An operand of a comparison.
 * @typedef {{kind: 'literal', value: number} | {kind: 'field', object: number, field: string} | {kind: 'result'}} Operand
 */
/** @typedef {{lhs: Operand, cmp: keyof typeof CMP, rhs: Operand, text: string}} Expr */

/**
 * One instruction of an actor's program, ready to encode.
 * @typedef {{op: 'call', object: number, name: string, args: number[]}
 *   | {op: 'repeat', count: number, body: Instr[]}
 *   | {op: 'work', steps: number}
 *   | {op: 'sleep', us: number}
 *   | {op: 'cs_enter'} | {op: 'cs_exit'}
 *   | {op: 'print', text: string}
 *   | {op: 'assert', expr: Expr}} Instr
 */

/**
 * @typedef {object} Program
 * @property {{name: string, type: string, address: number, params: number[]}[]} objects
 * @property {{name: string, kind: number, priority: number, code: Instr[]}[]} actors
 * @property {Expr[]} finals
 * @property {string|null} [variant]     the variant a run uses unless told otherwise
 * @property {string[]} [variants]       the variants a run may pick ([]: any)
 * @property {string|null} [schedule]    the schedule a run starts from, if any
 * @property {string|null} [memory]      the memory model a run uses unless told otherwise
 */

/** A growable byte buffer with the varint writers. */
class Bytes {
  constructor() {
    /** @type {number[]} */
    this.b = [];
  }
  /** @param {number|bigint} v  non-negative */
  varint(v) {
    let x = BigInt(v);
    while (x >= 0x80n) {
      this.b.push(Number(x & 0x7fn) | 0x80);
      x >>= 7n;
    }
    this.b.push(Number(x));
  }
  /** @param {number} v  signed; zigzag keeps small negatives short */
  zig(v) {
    const x = BigInt(v);
    this.varint(x >= 0n ? x << 1n : (-x << 1n) - 1n);
  }
  byte(/** @type {number} */ v) {
    this.b.push(v);
  }
  /** @param {Bytes} other */
  append(other) {
    for (const x of other.b) this.b.push(x);
  }
  get length() {
    return this.b.length;
  }
}

/** Strings are numbered in order of first use. */
class StringTable {
  constructor() {
    /** @type {Map<string, number>} */
    this.index = new Map();
  }
  ref(/** @type {string} */ s) {
    let i = this.index.get(s);
    if (i === undefined) {
      i = this.index.size;
      this.index.set(s, i);
    }
    return i;
  }
}

/**
 * @param {Bytes} out @param {StringTable} st @param {Operand} o
 */
function operand(out, st, o) {
  if (o.kind === 'literal') {
    out.byte(0);
    out.zig(o.value);
  } else if (o.kind === 'field') {
    out.byte(1);
    out.varint(o.object);
    out.varint(st.ref(o.field));
  } else out.byte(2);
}

/** @param {Bytes} out @param {StringTable} st @param {Expr} e */
function expr(out, st, e) {
  operand(out, st, e.lhs);
  out.byte(CMP[e.cmp]);
  operand(out, st, e.rhs);
  out.varint(st.ref(e.text));
}

/**
 * @param {Instr[]} code @param {StringTable} st
 * @returns {Bytes}
 */
function encodeCode(code, st) {
  const out = new Bytes();
  for (const ins of code) {
    switch (ins.op) {
      case 'call':
        out.byte(OP.CALL);
        out.varint(ins.object);
        out.varint(st.ref(ins.name));
        out.varint(ins.args.length);
        for (const a of ins.args) out.zig(a);
        break;
      case 'repeat': {
        const body = encodeCode(ins.body, st);
        out.byte(OP.REPEAT);
        out.varint(ins.count);
        out.varint(body.length);
        out.append(body);
        break;
      }
      case 'work':
        out.byte(OP.WORK);
        out.varint(ins.steps);
        break;
      case 'sleep':
        out.byte(OP.SLEEP);
        out.varint(ins.us);
        break;
      case 'cs_enter':
        out.byte(OP.CS_ENTER);
        break;
      case 'cs_exit':
        out.byte(OP.CS_EXIT);
        break;
      case 'print':
        out.byte(OP.PRINT);
        out.varint(st.ref(ins.text));
        break;
      case 'assert':
        out.byte(OP.ASSERT);
        expr(out, st, ins.expr);
        break;
    }
  }
  return out;
}

/** The size in bytes of an actor's code (for the per-actor limit). */
export function codeSize(/** @type {Instr[]} */ code) {
  return encodeCode(code, new StringTable()).length;
}

/**
 * Lays out a checked program.
 * @param {Program} p
 * @returns {{bytes: Uint8Array, strings: number}}
 */
export function encode(p) {
  const st = new StringTable();
  const body = new Bytes();
  body.varint(p.objects.length);
  for (const o of p.objects) {
    body.varint(st.ref(o.name));
    body.varint(st.ref(o.type));
    body.varint(o.address);
    body.varint(o.params.length);
    for (const v of o.params) body.zig(v);
  }
  body.varint(p.actors.length);
  for (const a of p.actors) {
    body.varint(st.ref(a.name));
    body.varint(a.kind);
    body.zig(a.priority);
    const code = encodeCode(a.code, st);
    body.varint(code.length);
    body.append(code);
  }
  body.varint(p.finals.length);
  for (const e of p.finals) expr(body, st, e);
  // The run settings (version 2): a string is 1 + its index, 0 for none.
  body.varint(p.variant ? st.ref(p.variant) + 1 : 0);
  const variants = p.variants ?? [];
  body.varint(variants.length);
  for (const v of variants) body.varint(st.ref(v));
  const schedule = new TextEncoder().encode(p.schedule ?? '');
  body.varint(schedule.length);
  for (const x of schedule) body.byte(x);
  // Version 3 only for a scenario that names its memory model, so every
  // other scenario compiles to the bytes it always did.
  if (p.memory) body.varint(st.ref(p.memory) + 1);

  const out = new Bytes();
  for (const c of 'LSBC') out.byte(c.charCodeAt(0));
  out.byte(p.memory ? BYTECODE_VERSION_MEMORY : BYTECODE_VERSION);
  out.varint(st.index.size);
  const utf8 = new TextEncoder();
  for (const s of st.index.keys()) {
    const b = utf8.encode(s);
    out.varint(b.length);
    for (const x of b) out.byte(x);
  }
  out.append(body);
  return { bytes: Uint8Array.from(out.b), strings: st.index.size };
}
