// @ts-check
/**
 * The solution: the learner's choices after the starting schedule, each
 * actor named checked, joined to the start as the schedule to replay.
 */

/** @typedef {import('./parser.js').Parser} Parser */

/**
 * The solution: the learner's choices after the starting schedule.
 * @param {Parser} p
 * @param {string|null} start
 */
export function readSolution(p, start) {
  const s = p.data.solution;
  if (s === undefined) return null;
  if (/^\s*v\d/.test(s)) {
    p.bad(
      ['solution'],
      'write only the actor names chosen after the starting schedule ("B B A"), without \'v1:\'',
    );
    return null;
  }
  const tokens = s.split(/\s+/).filter((/** @type {string} */ t) => t);
  let offset = 0;
  for (const t of tokens) {
    offset = s.indexOf(t, offset);
    // v2 choices: `!H` raises handler H, `~T` is a task's turn, `tick` lets a tick fall;
    // v3: `^A` lets A's oldest buffered store reach memory, `<A:N` has A's load read store N
    const entry = t.replace(/\*\d+$/, ''); // a repeat count ("B*12")
    const name =
      /^\[r:\d+\]$/.test(entry) || entry === 'tick'
        ? null
        : entry
            .replace(/@.*$/, '')
            .replace(/^[!~^]/, '')
            .replace(/^<(.*):\d+$/, '$1');
    if (name !== null && !p.actors.includes(name))
      p.problems.add(
        p.source.locateIn(['solution'], offset),
        'solution',
        `names actor '${name}', which this lesson does not have (actors: ${p.actors.join(', ')})`,
      );
    offset += t.length;
  }
  if (start !== null && !/^v\d+(\s+seed=\d+)?\s*:/.test(start))
    p.bad(
      ['scenario', 'schedule'],
      'a lesson with a solution needs its starting schedule in the readable form ("v1: A B")',
    );
  // a solution that raises an interrupt or lets a tick fall needs schedule v2 (a superset of v1);
  // one that flushes a store buffer or picks the store a load reads, v3 (a superset of v2)
  const v3 = tokens.some((/** @type {string} */ t) => /^[\^<]/.test(t));
  const v2 = tokens.some((/** @type {string} */ t) => t === 'tick' || /^[!~]/.test(t));
  const version = v3 ? 'v3' : v2 ? 'v2' : null;
  const head = version ? (start ?? 'v1:').replace(/^v1\b/, version) : (start ?? 'v1:');
  const schedule = `${head} ${tokens.join(' ')}`.replace(/\s+/g, ' ').trim();
  return { schedule, tokens };
}
