// The functions the wasm build has Asyncify instrument (build/gen/
// asyncify-only.txt, read off the module's call graph by
// tools/asyncify-only.mjs; mk/wasm.mk).  Every function on a stack at a fiber
// switch must be there, or a switch corrupts that stack; every other one
// costs its state checks on each call for nothing.  The whole node suite
// runs the module, and the parity test compares its traces with the native
// runner's, so a missing switcher shows there; this file says which functions
// the list must hold and, as importantly, which it must not: those a step
// runs several times that only ask or only record.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './helpers.js';

const list = new Set(
  readFileSync(join(root, 'build', 'gen', 'asyncify-only.txt'), 'utf8')
    .split('\n')
    .filter(Boolean),
);

test('every function a step switches under is instrumented', () => {
  for (const f of [
    'coro_switch', // the switch itself
    'sim_do', // an actor announcing its next action and waiting to be picked
    'sim_step', // the host resuming an actor
    'sim_take', // an irq or a tick, which can start a handler
    'sim_settle', // arming raised handlers
    'sim_reset', // a reset starts the actors again
    'ls_run', // the exported calls that run actors
    'ls_step',
    'ls_goto',
    'run_range', // the scenario interpreter, between an actor's operations
    'actor_main',
    'coro_fiber_entry', // where a fiber starts (through dynCall_vi, from JavaScript)
    'dynCall_vi',
    'plat_fetch_add32', // the platform calls an engine makes
    'plat_parker_sleep',
  ])
    assert.ok(list.has(f), `${f} can be on a stack at a switch but is not instrumented`);
});

test('what only asks or records is not instrumented', () => {
  for (const f of [
    'sim_is_enabled', // queries: their callbacks may not switch (coro_no_switch)
    'sim_choices',
    'sim_extra_choices',
    'sim_choice_optional',
    'sim_emit', // recording a step
    'sim_region_of',
    'snprintf', // the C library calls none of the project's functions back
    'vsnprintf',
    'jb_raw', // JSON writers
    'jb_printf',
  ])
    assert.ok(!list.has(f), `${f} never switches but is instrumented`);
});
