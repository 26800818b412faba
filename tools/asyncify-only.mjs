#!/usr/bin/env node
// @ts-check
/**
 * asyncify-only.mjs: the functions Asyncify must instrument, read off the
 * linked module's call graph.
 *
 *   node tools/asyncify-only.mjs --wasm-dis PATH --nm PATH --switch NAME \
 *        --queries "NAME ..." PROBE.wasm OUT.txt OBJECT.o ...
 *
 * PROBE.wasm is the module linked with the real flags plus --profiling-funcs
 * (function names kept); the OBJECTs are the project's own object files.
 * OUT.txt gets one function name a line, for -sASYNCIFY_ONLY=@OUT.txt.
 *
 * Asyncify must instrument every function that can be on a stack while a
 * fiber switches, i.e. every function that can reach the --switch import
 * (emscripten_fiber_swap) through calls.  Direct calls are read as they are.
 * An indirect call (call_indirect) can reach every function of the table
 * with exactly its signature (the wasm engine traps on any other), except:
 *
 * - in functions outside the OBJECTs (the C library, emscripten's runtime):
 *   the project hands the C library no function pointer (no qsort, no
 *   custom streams), so its indirect calls reach only its own functions;
 *   the exception is emscripten's dynCall_* helpers, through which the
 *   JavaScript side enters a fiber, which are kept as indirect callers;
 * - in the --queries: machine functions that call a model's or a scenario's
 *   rule through a pointer only to ask something (may this actor step, which
 *   other choices exist).  Asking never acts, so it never switches; the
 *   machine enforces it at run time (coro_no_switch in core/coro/coro.h),
 *   so a query that did switch aborts with a message in every build instead
 *   of corrupting a stack in wasm.
 *
 * Inlining is no concern: the graph is that of the linked, optimized module,
 * whose names are the ones Asyncify matches.
 *
 *   node tools/asyncify-only.mjs --check OUT.txt ADVICE.txt
 *
 * checks a real link against the list: ADVICE.txt is what emcc printed with
 * -sASYNCIFY_ADVISE, which names every function and whether Asyncify
 * instrumented it.  Every listed function must have been instrumented and no
 * other, or the link and the probe disagree (then the build fails).
 *
 * A list missing a function would not fail a normal build: the module would
 * run on with a corrupt stack.  The checked build (mk/wasm.mk, emscripten's
 * assertions) traps instead, and tests/node/asyncify-checked.test.js runs
 * every scenario and lesson on it.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';

/** @param {string} message @returns {never} */
function fail(message) {
  console.error(`asyncify-only: ${message}`);
  process.exit(2);
}

if (process.argv[2] === '--check') {
  const [list, advice] = process.argv.slice(3);
  if (!list || !advice) fail('usage: --check OUT.txt ADVICE.txt');
  const want = new Set(readFileSync(list, 'utf8').split('\n').filter(Boolean));
  /** @type {Set<string>} */
  const got = new Set();
  let seen = 0;
  for (const line of readFileSync(advice, 'utf8').split('\n')) {
    const m = /^\[asyncify\] (\S+)'s state is set based on the only-list to ([01])$/.exec(line);
    if (!m) continue;
    seen++;
    if (m[2] === '1') got.add(m[1]);
  }
  if (!seen) fail(`${advice}: no Asyncify advice (was the module linked with -sASYNCIFY_ADVISE?)`);
  const missing = [...want].filter((f) => !got.has(f));
  const extra = [...got].filter((f) => !want.has(f));
  if (missing.length || extra.length)
    fail(
      `the link instrumented other functions than ${list} lists ` +
        `(not instrumented: ${missing.join(' ') || 'none'}; not listed: ${extra.join(' ') || 'none'})`,
    );
  process.exit(0);
}

const opts = { '--wasm-dis': '', '--nm': '', '--switch': '', '--queries': '' };
const args = process.argv.slice(2);
/** @type {string[]} */
const positional = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] in opts) {
    if (i + 1 >= args.length) fail(`${args[i]} needs a value`);
    opts[/** @type {keyof typeof opts} */ (args[i])] = args[++i];
  } else positional.push(args[i]);
}
const [probe, out, ...objects] = positional;
if (!probe || !out || !objects.length || !opts['--wasm-dis'] || !opts['--nm'] || !opts['--switch'])
  fail('usage: --wasm-dis PATH --nm PATH --switch NAME [--queries "NAME ..."] PROBE.wasm OUT.txt OBJECT.o ...');

const big = { maxBuffer: 1 << 30, encoding: /** @type {const} */ ('utf8') };
const text = execFileSync(opts['--wasm-dis'], [probe], big);

/** A signature from a (func ...) head: "i32 i32->i32". */
const signature = (/** @type {string} */ s) =>
  [...s.matchAll(/\(param (?:\$\S+ )?([^)]*)\)/g)].map((m) => m[1]).join(' ') +
  '->' +
  [...s.matchAll(/\(result ([^)]*)\)/g)].map((m) => m[1]).join(' ');

/** @type {Map<string, string>} */
const types = new Map(); // type name -> signature
/** @type {Map<string, string>} */
const sigOf = new Map(); // function (and import) -> signature
/** @type {Map<string, Set<string>>} */
const direct = new Map(); // function -> functions it calls
/** @type {Map<string, Set<string>>} */
const indirect = new Map(); // function -> signatures it calls through the table
/** @type {string[]} */
const table = [];
let current = '';
for (const line of text.split('\n')) {
  let m;
  if ((m = /^ \(type \$(\S+) \(func(.*)\)\)$/.exec(line))) types.set(m[1], signature(m[2]));
  else if ((m = /^ \(import "[^"]*" "[^"]*" \(func \$(\S+)(.*)\)\)$/.exec(line)))
    sigOf.set(m[1], signature(m[2]));
  else if ((m = /^ \(func \$(\S+)(.*)$/.exec(line))) {
    current = m[1];
    sigOf.set(current, signature(m[2]));
    direct.set(current, new Set());
    indirect.set(current, new Set());
  } else if ((m = /^ \(elem \(i32\.const \d+\) (.*)\)$/.exec(line)))
    table.push(...m[1].split(' ').map((f) => f.replace(/^\$/, '')));
  else if (/^ \(/.test(line)) current = '';
  else if (current) {
    for (const c of line.matchAll(/\((?:return_)?call \$(\S+)/g)) direct.get(current)?.add(c[1]);
    for (const c of line.matchAll(/\((?:return_)?call_indirect (?:\$\S+ )?\(type \$(\S+)\)/g)) {
      const s = types.get(c[1]);
      if (!s) fail(`${probe}: ${current} calls through the unknown type ${c[1]}`);
      indirect.get(current)?.add(s);
    }
    if (/\(call_ref|\(return_call_ref/.test(line))
      fail(`${probe}: ${current} uses call_ref, which this tool does not follow`);
  }
}
if (!direct.size) fail(`${probe}: no function found (did wasm-dis fail?)`);
if (!table.length) fail(`${probe}: no table segment found`);
const swap = opts['--switch'];
if (!sigOf.has(swap) || direct.has(swap))
  fail(`${probe} imports no ${swap}: nothing would switch fibers`);

/** @type {Set<string>} */
const ours = new Set();
const symbols = execFileSync(opts['--nm'], ['--defined-only', ...objects], big);
for (const line of symbols.split('\n')) {
  const m = /^\S+ [tT] (\S+)$/.exec(line);
  if (m) ours.add(m[1]);
}
const queries = new Set(opts['--queries'].split(/\s+/).filter(Boolean));
for (const q of queries)
  if (!ours.has(q)) fail(`the query ${q} is not a function of the objects given`);

/** @type {Map<string, Set<string>>} */
const bySignature = new Map(); // signature -> the table's functions of it
for (const f of table) {
  const s = sigOf.get(f) ?? '';
  if (!bySignature.has(s)) bySignature.set(s, new Set());
  bySignature.get(s)?.add(f);
}

/** @type {Map<string, Set<string>>} */
const callers = new Map();
const edge = (/** @type {string} */ callee, /** @type {string} */ caller) => {
  if (!callers.has(callee)) callers.set(callee, new Set());
  callers.get(callee)?.add(caller);
};
for (const [f, callees] of direct) for (const c of callees) edge(c, f);
for (const [f, signatures] of indirect) {
  if (queries.has(f) || !(ours.has(f) || f.startsWith('dynCall_'))) continue;
  for (const s of signatures) for (const target of bySignature.get(s) ?? []) edge(target, f);
}

const need = new Set([swap]);
const work = [swap];
while (work.length) {
  const f = /** @type {string} */ (work.pop());
  for (const c of callers.get(f) ?? [])
    if (!need.has(c)) {
      need.add(c);
      work.push(c);
    }
}
need.delete(swap);
writeFileSync(out, [...need].sort().join('\n') + '\n');
