/*
 * The course's lessons compiled at build time must be exactly what the
 * browser would have compiled from their text, and a lesson that does not
 * compile must still reach the page, as text, so the page can say why.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../src/bridge/compile.ts';
import { bodyToHtml, compileLessons, type LessonItem } from './lessons.ts';

const lessonsDir = fileURLToPath(new URL('../../lessons/', import.meta.url));

describe('the course, compiled at build time', () => {
  let course: Map<string, LessonItem>;
  beforeAll(async () => {
    course = await compileLessons(lessonsDir);
  });

  it('has every lesson, in course order, each compiled', () => {
    expect([...course.keys()].slice(0, 3)).toEqual(['racy-counter', 'atomic-fix', 'store-buffer']);
    // one per lesson file (lessons/<engine>/NN-id.md), whoever adds the next one
    const files = readdirSync(lessonsDir, { recursive: true, encoding: 'utf8' });
    expect(course.size).toBe(files.filter((f) => /^[a-z_]+\/\d+-.+\.md$/.test(f)).length);
    expect(course.size).toBeGreaterThanOrEqual(20);
    // the course's ninth lesson (after basic's four), the parking lot's fifth
    expect(course.get('lost-wakeup')!.summary).toMatchObject({
      id: 'lost-wakeup',
      order: 9,
      engine: 'parking_lot',
      file: 'lessons/parking_lot/05-lost-wakeup.md',
    });
    for (const l of course.values()) {
      expect(l.problems).toEqual([]);
      expect(l.source.kind).toBe('built');
    }
  });

  it('is what the browser compiles from the same text, with the body rendered', () => {
    for (const l of course.values()) {
      if (l.source.kind !== 'built') throw new Error(`${l.summary.file} did not compile`);
      const file = l.summary.file;
      const text = readFileSync(join(lessonsDir, file.replace(/^lessons\//, '')), 'utf8');
      const live = compile({ kind: 'lesson', text, file });
      const built = l.source;
      expect(Buffer.from(built.bytecode, 'base64')).toEqual(Buffer.from(live.bytecode));
      expect(built.scenario).toEqual(live.scenario);
      const { bodyHtml, ...info } = built.lesson!;
      expect(info).toEqual(live.lesson);
      expect(bodyHtml).toEqual({ en: bodyToHtml(info.body.en), 'zh-CN': bodyToHtml(info.body['zh-CN']) });
    }
  });

  it('sanitizes a body as the page would: prose kept, scripts, images and handlers dropped, links opening elsewhere', () => {
    const html = bodyToHtml(
      'See [the docs](https://example.org/x) and `code`.\n\n<script>alert(1)</script><img src=x onerror="alert(2)">\n\n<p onclick="alert(3)">**bold**</p>',
    );
    expect(html).toContain(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">the docs</a>',
    );
    expect(html).toContain('<code>code</code>');
    expect(html).not.toMatch(/<script|<img|onerror|onclick|alert\(1\)/);
  });

  it('keeps a lesson that does not compile as text, with its problems for the build log', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    const good = readFileSync(join(lessonsDir, 'basic', '01-racy-counter.md'), 'utf8');
    const bad = good.replace(/^engine: basic$/m, 'engine: basik');
    expect(bad).not.toBe(good);
    mkdirSync(join(dir, 'basic'));
    writeFileSync(join(dir, 'course.yaml'), 'engines:\n  - basic\n');
    writeFileSync(join(dir, 'basic', '02-racy-counter.md'), good);
    writeFileSync(join(dir, 'basic', '01-typo.md'), bad);
    writeFileSync(join(dir, 'README.md'), '# not a lesson');
    const some = await compileLessons(dir, 'course');
    expect([...some.keys()]).toEqual(['typo', 'racy-counter']);
    const typo = some.get('typo')!;
    expect(typo.source).toEqual({ kind: 'lesson', file: 'course/basic/01-typo.md', text: bad });
    const line = bad.split('\n').indexOf('engine: basik') + 1;
    expect(typo.problems[0]).toMatch(new RegExp(`^course/basic/01-typo\\.md:${line}:\\d+: .*engine`));
    expect(typo.summary).toMatchObject({ id: 'typo', order: 1, engine: 'basik' });
  });

  it('refuses a course whose index leaves out a folder of lessons, naming the index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    mkdirSync(join(dir, 'basic'));
    mkdirSync(join(dir, 'aqs'));
    const good = readFileSync(join(lessonsDir, 'basic', '01-racy-counter.md'), 'utf8');
    writeFileSync(join(dir, 'basic', '01-racy-counter.md'), good);
    writeFileSync(join(dir, 'aqs', '01-other.md'), good.replace('id: racy-counter', 'id: other'));
    writeFileSync(join(dir, 'course.yaml'), 'engines:\n  - basic\n');
    await expect(compileLessons(dir, 'course')).rejects.toThrow(
      "course/course.yaml: engines: does not list 'aqs', whose folder holds lessons; add it where it belongs in the course",
    );
  });
});
