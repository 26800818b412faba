// @ts-check
/**
 * The course: the order in which a learner meets the lessons.  Its index
 * (lessons/course.yaml) names the engines in course order; each engine's
 * lessons are lessons/<engine>/NN-id.md, NN their place within the engine.
 *
 * Invariant: a lesson's place in the course is its engine's place in the
 * index, then its NN, and nothing else orders lessons.  Adding a lesson
 * renumbers no file of another engine; adding an engine renumbers nothing.
 * A lesson's address (`?lesson=<id>`) is its id, wherever the lesson sits.
 * Nothing here reads files: the CLI (cli/course-files.js) and the web build
 * hand in what they found.
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument } from 'yaml';

/** The index's name in the lessons folder. */
export const COURSE_INDEX = 'course.yaml';

/**
 * "<engine>/05-lost-wakeup.md" (or a longer path ending so) ->
 * {engine, n: 5, id: 'lost-wakeup'}; null for any other name.
 * @param {string} path
 * @returns {{engine: string, n: number, id: string} | null}
 */
export function coursePath(path) {
  const m = /(?:^|\/)([a-z][a-z0-9_]*)\/(\d+)-([a-z0-9]+(?:-[a-z0-9]+)*)\.md$/.exec(path);
  return m ? { engine: m[1] ?? '', n: Number(m[2]), id: m[3] ?? '' } : null;
}

/**
 * The engines the index names, in course order.  Throws an Error whose
 * message is one line naming the file, the line and the field.
 * @param {string} text  the index's text
 * @param {string} file  its name in messages
 * @returns {string[]}
 */
export function readCourseIndex(text, file) {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines });
  const at = (/** @type {number|undefined} */ offset) => `${file}:${lines.linePos(offset ?? 0).line}`;
  if (doc.errors.length)
    throw new Error(`${at(doc.errors[0]?.pos[0])}: ${doc.errors[0]?.message.split('\n')[0]}`);
  const root = doc.contents;
  if (!isMap(root) || !root.has('engines') || root.items.length !== 1)
    throw new Error(
      `${at(root?.range?.[0])}: the index is one mapping with one key, engines: a list of engine names`,
    );
  const list = root.get('engines', true);
  if (!isSeq(list) || !list.items.length)
    throw new Error(`${at(root.range?.[0])}: engines: needs a list of engine names, one per line`);
  /** @type {string[]} */
  const engines = [];
  list.items.forEach((item, i) => {
    const where = `${at(isScalar(item) ? item.range?.[0] : list.range?.[0])}: engines[${i}]`;
    const name = isScalar(item) ? item.value : null;
    if (typeof name !== 'string' || !/^[a-z][a-z0-9_]*$/.test(name))
      throw new Error(`${where}: an engine's name (lower-case letters, digits, _) is expected`);
    if (engines.includes(name)) throw new Error(`${where}: '${name}' is listed twice`);
    engines.push(name);
  });
  return engines;
}

/**
 * @template {{engine: string, n: number, id: string}} T
 * @typedef {T & {order: number}} Placed
 */

/**
 * The lessons in course order, each with its place in the course (`order`,
 * from 1).  `engines` is the index's list; `lessons` what was found in the
 * engines' folders.  Throws an Error naming the index when a folder that
 * holds lessons is not listed, or a listed engine has no lessons: either is
 * a lesson left out of the course, or a name misspelt.
 * @template {{engine: string, n: number, id: string}} T
 * @param {string[]} engines
 * @param {readonly T[]} lessons
 * @param {string} index  the index's name in messages
 * @returns {Placed<T>[]}
 */
export function courseOrder(engines, lessons, index) {
  const found = new Set(lessons.map((l) => l.engine));
  for (const e of found)
    if (!engines.includes(e))
      throw new Error(
        `${index}: engines: does not list '${e}', whose folder holds lessons; add it where it belongs in the course`,
      );
  for (const e of engines)
    if (!found.has(e))
      throw new Error(`${index}: engines: lists '${e}', but no lesson file is in its folder (${e}/NN-id.md)`);
  const sorted = [...lessons].sort(
    (a, b) => engines.indexOf(a.engine) - engines.indexOf(b.engine) || a.n - b.n || a.id.localeCompare(b.id),
  );
  return sorted.map((l, i) => ({ ...l, order: i + 1 }));
}
