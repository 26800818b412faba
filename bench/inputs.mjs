// @ts-check
/**
 * bench/inputs: the scenarios the benchmarks run, as each engine names them in
 * its own core/engines/<engine>/engine.mk, so that no benchmark names an
 * engine or one of its scenarios (tests/node/engine-places.test.js):
 *
 *   <engine>_EXPLORE_BENCH        small scenarios (a complete search ends within
 *                                 about a second): every explorer benchmark runs them
 *   <engine>_EXPLORE_BENCH_LARGE  larger ones, for the complete-search benchmark
 *                                 alone (bench/explore/run.mjs), with any Promela
 *                                 model (.pml) of the same protocol for SPIN
 *   <engine>_EXPLORE_BENCH_SPLIT  complete DPOR searches of a few seconds, split
 *                                 over workers (bench/explore/workers.mjs)
 *   <engine>_EXPLORE_BENCH_FIND   scenarios with a bug under their own `variant:`,
 *                                 for the time the explorer takes to find it
 *   <engine>_WEB_BENCH            scenarios of the web app's benchmark
 *                                 (bench/web/run.mjs): opened by a shared address,
 *                                 and the first with four actors stepped and played
 *   <engine>_WEB_PROVE_BENCH      scenarios for "Prove it" in the browser
 *                                 (bench/web/prove.mjs), opened by a link
 *
 * Engines in the order of ENGINES (mk/engines.mk), each list in its own order.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';

export const ROOT = new URL('../', import.meta.url).pathname;

/** The value of `name := ...` in a makefile's text (continued lines joined), as words. */
function words(mk, name) {
  const line = mk
    .replace(/\\\n/g, ' ')
    .split('\n')
    .find((l) => l.startsWith(`${name} :=`));
  return line ? line.slice(`${name} :=`.length).trim().split(/\s+/).filter(Boolean) : [];
}

/** The engines of mk/engines.mk, in order. */
export const ENGINES = words(readFileSync(join(ROOT, 'mk/engines.mk'), 'utf8'), 'ENGINES');

/**
 * @typedef {{engine: string, path: string, file: string, name: string,
 *   scenario: any}} Input  path from the repository's root; file absolute; name
 *   the file's name without its folder or `.yaml`; scenario the parsed YAML
 */

/**
 * The scenarios (`.yaml`) of list `<engine>_<list>` of every engine.
 * @param {'EXPLORE_BENCH' | 'EXPLORE_BENCH_LARGE' | 'EXPLORE_BENCH_SPLIT' | 'EXPLORE_BENCH_FIND' | 'WEB_BENCH' | 'WEB_PROVE_BENCH'} list
 * @returns {Input[]}
 */
export function benchInputs(list = 'EXPLORE_BENCH') {
  return filesOf(list)
    .filter((f) => f.path.endsWith('.yaml'))
    .map((f) => ({
      ...f,
      name: f.path.replace(/^.*\//, '').replace(/\.yaml$/, ''),
      scenario: parse(readFileSync(f.file, 'utf8')),
    }));
}

/**
 * The Promela models (`.pml`) of the engine's large scenarios.
 * @param {string} engine
 */
export const promelaOf = (engine) =>
  filesOf('EXPLORE_BENCH_LARGE')
    .filter((f) => f.engine === engine && f.path.endsWith('.pml'))
    .map((f) => f.file);

/** @param {string} list */
function filesOf(list) {
  return ENGINES.flatMap((engine) =>
    words(readFileSync(join(ROOT, `core/engines/${engine}/engine.mk`), 'utf8'), `${engine}_${list}`).map(
      (path) => ({ engine, path, file: join(ROOT, path) }),
    ),
  );
}
