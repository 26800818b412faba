// @ts-check
/**
 * One stated outcome of a lesson (outcomes:): run: or explore:, the keys
 * its expect: may have, the schedule it names (start, solution or its own),
 * with matchers and predicates normalized and every position kept for the
 * check (wasm/js/check/outcomes.js) to report at.
 */
import { matcher, predicates } from './names.js';

/** @typedef {import('./parser.js').Parser} Parser */
/** @typedef {import('../scenario/source.js').Path} Path */
/** @typedef {import('../lesson.js').Outcome} Outcome */
/** @typedef {{line: number, column: number}} Position */

const RUN_EXPECT = ['outcome', 'steps', 'stuck', 'violation', 'goal', 'state', 'count', 'order'];
const EXPLORE_EXPECT = ['found', 'kind', 'preemptions', 'executions', 'steps', 'complete', 'goal'];

/**
 * @param {Parser} p
 * @param {any} o
 * @param {Path} path
 * @param {string} variant  the lesson's starting variant
 * @param {string[]} engineVariants
 * @param {string|null} start
 * @param {{schedule: string}|null} solution
 * @returns {Outcome}
 */
export function readOutcome(p, o, path, variant, engineVariants, start, solution) {
  const how = o.run && !o.explore ? 'run' : o.explore && !o.run ? 'explore' : null;
  if (!how)
    p.bad(
      path,
      o.run ? 'has both run: and explore:; an outcome checks one of them' : 'needs run: or explore:',
    );
  /** @type {Record<string, Position>} */
  const expectAt = {};
  for (const key of Object.keys(o.expect)) {
    expectAt[key] = p.at([...path, 'expect', key]);
    if (how === 'run' && !RUN_EXPECT.includes(key))
      p.badKey(
        [...path, 'expect', key],
        `is for explore: outcomes; a run: outcome can expect ${RUN_EXPECT.join(', ')}`,
      );
    if (how === 'explore' && !EXPLORE_EXPECT.includes(key))
      p.badKey(
        [...path, 'expect', key],
        `is for run: outcomes; an explore: outcome can expect ${EXPLORE_EXPECT.join(', ')}`,
      );
  }
  const spec = o.run ?? o.explore ?? {};
  const v = spec.variant ?? variant;
  if (!engineVariants.includes(v))
    p.bad(
      [...path, how ?? 'run', 'variant'],
      `'${v}' is not a variant of engine ${p.data.engine}; it has: ${engineVariants.join(', ')}`,
    );
  const expect = { ...o.expect };
  const variants = engineVariants;
  if (expect.count)
    expect.count = expect.count.map((/** @type {any} */ c, /** @type {number} */ i) => ({
      of: matcher(p, c.of, [...path, 'expect', 'count', i, 'of'], variants),
      is: c.is,
    }));
  if (expect.order)
    expect.order = expect.order.map((/** @type {any} */ m, /** @type {number} */ i) =>
      matcher(p, m, [...path, 'expect', 'order', i], variants),
    );
  if (expect.state !== undefined) expect.state = predicates(p, expect.state, [...path, 'expect', 'state']);
  (expect.stuck ?? []).forEach((/** @type {string} */ a, /** @type {number} */ i) => {
    if (!p.actors.includes(a))
      p.bad(
        [...path, 'expect', 'stuck', i],
        `'${a}' is not an actor of this lesson (actors: ${p.actors.join(', ')})`,
      );
  });
  /** @type {Outcome} */
  const out = {
    claim: o.claim,
    how: how ?? 'run',
    expect,
    expectAt,
    countAt: (o.expect.count ?? []).map((/** @type {unknown} */ _, /** @type {number} */ j) => ({
      of: p.at([...path, 'expect', 'count', j, 'of']),
      is: p.at([...path, 'expect', 'count', j, 'is']),
    })),
    orderAt: (o.expect.order ?? []).map((/** @type {unknown} */ _, /** @type {number} */ j) =>
      p.at([...path, 'expect', 'order', j]),
    ),
    at: p.at(path),
    howAt: p.at(how ? [...path, how] : path),
  };
  if (how === 'run') {
    // Default: the solution's path when there is one, else the starting run.
    const s = o.run.schedule ?? (p.data.solution !== undefined ? 'solution' : 'start');
    /** @type {string|null} */
    let schedule;
    /** @type {'start'|'solution'|null} */
    let scheduleName = null;
    if (s === 'solution') {
      if (!solution && p.data.solution === undefined)
        p.bad([...path, 'run', 'schedule'], 'the lesson has no solution:');
      schedule = solution?.schedule ?? null;
      scheduleName = 'solution';
    } else if (s === 'start') {
      schedule = start;
      scheduleName = 'start';
    } else {
      schedule = s;
      if (!/^v\d+(\s+seed=\d+)?\s*[:.]/.test(s))
        p.bad(
          [...path, 'run', 'schedule'],
          'must be start, solution, or a schedule ("v1: A B B" or "v1.AQMA")',
        );
    }
    out.run = { variant: v, schedule, scheduleName, policy: o.run.policy ?? 'round-robin' };
  } else if (how === 'explore') {
    const ex = p.data.explore ?? {};
    out.explore = {
      variant: v,
      bound: o.explore.bound ?? ex.bound ?? 3,
      maxExecutions: o.explore.max_executions ?? ex.max_executions ?? 100000,
    };
  }
  return out;
}
