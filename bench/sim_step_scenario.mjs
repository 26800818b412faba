// @ts-check
/**
 * The scenario both wasm step benchmarks run (sim_step_wasm.mjs, and
 * wasm_ab.mjs, which compares two builds of the module): two actors, each
 * incrementing one atomic_counter `increments` times, so that under
 * round-robin every step is one fetch_add and one fiber switch.
 */

/** Appends bytes and LEB128 varints to an array. */
class Writer {
  /** @type {number[]} */
  bytes = [];
  /** @param {number[]} b */
  raw(...b) {
    this.bytes.push(...b);
    return this;
  }
  /** @param {number} v */
  varint(v) {
    while (v >= 0x80) {
      this.bytes.push((v % 128) | 0x80);
      v = Math.floor(v / 128);
    }
    this.bytes.push(v);
    return this;
  }
}

/**
 * The scenario's bytecode, written by hand (the format is in
 * core/script/bytecode.h): one atomic_counter `c`, actors A and B each running
 * `repeat increments { c.increment }`.
 * @param {number} increments
 */
export function scenario(increments) {
  const strings = ['c', 'atomic_counter', 'increment', 'A', 'B'];
  const str = (/** @type {string} */ s) => strings.indexOf(s);
  // CALL object 0, "increment", 0 arguments
  const body = new Writer().raw(1).varint(0).varint(str('increment')).varint(0).bytes;
  // REPEAT count, body length, body
  const code = new Writer()
    .raw(2)
    .varint(increments)
    .varint(body.length)
    .raw(...body).bytes;
  const w = new Writer().raw(...Buffer.from('LSBC'), 1);
  w.varint(strings.length);
  for (const s of strings) w.varint(s.length).raw(...Buffer.from(s));
  // one object: name, type, vaddr 0 (automatic), no parameters
  w.varint(1).varint(str('c')).varint(str('atomic_counter')).varint(0).varint(0);
  // two actors: name, kind 0 (thread), priority 0 (zigzag), code length, code
  w.varint(2);
  for (const name of ['A', 'B'])
    w.varint(str(name))
      .varint(0)
      .varint(0)
      .varint(code.length)
      .raw(...code);
  w.varint(0); // no final assertions
  return Uint8Array.from(w.bytes);
}
