/*
 * The lesson index the app ships (virtual:lockstep/lessons, from
 * web/plugins/lessons.ts), and what each lesson's chunk brings of the course
 * (its place, the lessons around it, its engine's card).
 */
import { describe, expect, it, vi } from 'vitest';
import courseIndex from '../../../lessons/course.yaml?raw';
import { engineById, loadCards } from '../engines';
import { groupLessons } from '../model/lessonList';
import { FIRST_LESSON, hasLesson, lessonCourse, lessonIndex, lessonSummaries, loadLesson } from '.';

const ENGINES = await loadCards();

/** Lesson `id`'s place in the course, as its page knows it once its chunk has loaded. */
async function courseOf(id: string) {
  await loadLesson(id).catch(() => undefined);
  return lessonCourse(id);
}

/** The ids of the lessons before and after `id`, as its page links to them. */
async function neighboursOf(id: string) {
  const c = await courseOf(id);
  return { prev: c?.prev?.id ?? null, next: c?.next?.id ?? null };
}

describe('the course as the app sees it', () => {
  it('lists the lessons in the course index’s order and opens with the first', async () => {
    const ids = (await lessonIndex()).map((f) => f.id);
    // one per lesson file (lessons/<engine>/NN-id.md), whoever adds the next one
    const files = Object.keys(import.meta.glob('../../../lessons/*/[0-9]*.md'));
    expect(ids).toHaveLength(files.length);
    expect(files.length).toBeGreaterThanOrEqual(20);
    // engine by engine as lessons/course.yaml lists them, each engine's by its files' numbers
    const engines = /^engines:\n((?:\s+- \w+\n)+)/m.exec(courseIndex)![1]!.match(/\w+/g)!;
    const place = new Map(
      files.map((f) => {
        const [engine, name] = f.split('/').slice(-2) as [string, string];
        return [name.replace(/^\d+-|\.md$/g, ''), [engines.indexOf(engine), parseInt(name, 10)]];
      }),
    );
    const places = ids.map((id) => place.get(id)!);
    places.slice(1).forEach(([e, n], i) => {
      const [pe, pn] = places[i]!;
      expect(e! > pe! || (e === pe && n! > pn!), ids[i + 1]).toBe(true);
    });
    expect(FIRST_LESSON).toBe('racy-counter');
    expect(ids.indexOf('lost-wakeup')).toBe(8);
    expect(await neighboursOf('lost-wakeup')).toEqual({
      prev: 'validate-under-lock',
      next: 'unpark-callback',
    });
  });

  it('goes to the next lesson the index lists, engine by engine, not the next file', async () => {
    const listed = groupLessons(await lessonSummaries()).flatMap((g) => g.lessons.map((l) => l.id));
    const index = await lessonIndex();
    expect(listed).toHaveLength(index.length);
    for (const [i, id] of listed.entries()) {
      expect(await neighboursOf(id), id).toEqual({
        prev: listed[i - 1] ?? null,
        next: listed[i + 1] ?? null,
      });
      // the links carry the titles the index has
      const c = lessonCourse(id)!;
      for (const l of [c.prev, c.next])
        if (l) expect(l.title, id).toEqual(index.find((x) => x.id === l.id)!.title);
    }
    // the parking lot's last lesson (a-bug-that-shipped) leads to the first of aqs
    expect(await neighboursOf('a-bug-that-shipped')).toEqual({
      prev: 'notify-all-requeue',
      next: 'permits-are-a-number',
    });
    // the spinlocks lessons close the course: the embassy's last one leads to the first of them,
    // and the last spinlocks lesson (acquire and release under ra) has no next
    expect((await neighboursOf('relaxed-publication')).next).toBe('two-steps-are-not-one');
    expect((await neighboursOf('spin-on-your-own-node')).next).toBe('peterson-fence');
    expect((await neighboursOf('acquire-and-release')).next).toBeNull();
    expect(await hasLesson('lost-wakeup')).toBe(true);
    expect(await hasLesson(FIRST_LESSON)).toBe(true);
    expect(await hasLesson('toString')).toBe(false);
  });

  it('numbers each lesson by where the index lists it: the panel’s “Lesson n of count”', async () => {
    const listed = groupLessons(await lessonSummaries()).flatMap((g) => g.lessons.map((l) => l.id));
    const count = (await lessonIndex()).length;
    const place = async (id: string) => {
      const c = await courseOf(id);
      return c && { n: c.n, count: c.count };
    };
    for (const [i, id] of listed.entries()) expect(await place(id), id).toEqual({ n: i + 1, count });
    // the parking lot's ninth lesson (a-bug-that-shipped) is met thirteenth, after the four of basic
    expect(await place('a-bug-that-shipped')).toEqual({ n: 13, count });
    // and the first aqs lesson right after it
    expect((await place('permits-are-a-number'))?.n).toBe(14);
    expect(await place('racy-counter')).toEqual({ n: 1, count });
    expect(await place('no-such-lesson')).toBeNull();
  });

  it('finds the place of a lesson opened from its text, by its id, from the index alone', async () => {
    // a fresh registry: no lesson's chunk has loaded, as on a page opened by a shared link
    vi.resetModules();
    const fresh: typeof import('.') = await import('.');
    expect(fresh.lessonCourse('lost-wakeup')).toBeNull();
    const found = await fresh.findLessonCourse('lost-wakeup');
    expect(found).toEqual({
      n: 9,
      count: (await lessonIndex()).length,
      prev: { id: 'validate-under-lock', title: expect.objectContaining({ en: expect.any(String) }) },
      next: { id: 'unpark-callback', title: expect.objectContaining({ 'zh-CN': expect.any(String) }) },
    });
    // and the page reads it from then on, as for a lesson its chunk opened
    expect(fresh.lessonCourse('lost-wakeup')).toEqual(found);
    // every lesson: what the index says is what its own chunk brings
    for (const { id } of await lessonIndex())
      expect(await fresh.findLessonCourse(id), id).toEqual(await courseOf(id));
    // an id the course does not have: no place, no neighbours
    expect(await fresh.findLessonCourse('my-own-lesson')).toBeNull();
    expect(fresh.lessonCourse('my-own-lesson')).toBeNull();
  });

  it('has a title and a goal for every lesson in both languages, without loading any', async () => {
    for (const s of await lessonSummaries()) {
      expect(s.title?.en, s.id).toBeTruthy();
      expect(s.title?.['zh-CN'], s.id).toBeTruthy();
      expect(s.goal?.en, s.id).toBeTruthy();
      expect(ENGINES.map((e) => e.id)).toContain(s.engine);
    }
  });

  it('loads one lesson, compiled, with its body rendered', async () => {
    // the course's second lesson: one that is not what a bare address opens
    const id = (await lessonIndex())[1]!.id;
    const { engine } = (await lessonSummaries()).find((s) => s.id === id)!;
    const l = await loadLesson(id);
    // its chunk brought its engine's card
    expect(engineById(engine)?.id).toBe(engine);
    if (l.kind !== 'built') throw new Error(`${id} was not compiled at build time`);
    expect(l.file).toMatch(new RegExp(`^lessons/${engine}/\\d\\d-${id}\\.md$`));
    expect(l.lesson?.variant).toMatch(/^\w+$/);
    expect(l.lesson?.bodyHtml?.en).toMatch(/^<p>/);
    await expect(loadLesson('no-such-lesson')).rejects.toThrow('no lesson no-such-lesson');
  });
});
