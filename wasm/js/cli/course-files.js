// @ts-check
/**
 * The course's lesson files on disk, in course order: the index
 * (lessons/course.yaml) read, every engine folder's NN-id.md listed, and
 * the two held against each other (../lesson/course.js).  Used by
 * `lockstep check` and by the web build, so both see one course.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { COURSE_INDEX, courseOrder, coursePath, readCourseIndex } from '../lesson/course.js';

/**
 * Whether `dir` is a course: a folder holding the index.
 * @param {string} dir
 */
export function isCourse(dir) {
  return existsSync(join(dir, COURSE_INDEX));
}

/**
 * The lessons of the course in `dir`, in course order: `rel` the path under
 * `dir` ("<engine>/03-shrinking-a-pool.md"), `order` the place in the course.
 * Throws an Error whose message is one line naming the index when the index
 * and the folders disagree.
 * @param {string} dir
 * @param {string} [name]  `dir` as messages name it
 */
export function courseFiles(dir, name = dir) {
  const index = join(name, COURSE_INDEX);
  const engines = readCourseIndex(readFileSync(join(dir, COURSE_INDEX), 'utf8'), index);
  const found = readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .flatMap((d) =>
      readdirSync(join(dir, d.name))
        .map((f) => ({ rel: `${d.name}/${f}`, at: coursePath(`${d.name}/${f}`) }))
        .flatMap(({ rel, at }) => (at ? [{ ...at, rel }] : [])),
    );
  return courseOrder(engines, found, index);
}
