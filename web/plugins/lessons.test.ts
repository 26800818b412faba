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
    // each lesson's place in the course is its rank, its engine the folder its file is in
    [...course.values()].forEach((l, i) => {
      const [, engine, id] = /^lessons\/([a-z_]+)\/\d+-(.+)\.md$/.exec(l.summary.file)!;
      expect(l.summary).toMatchObject({ id, order: i + 1, engine });
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
    // the course's first lesson, its engine misspelt
    const { file, id } = [...course.values()][0]!.summary;
    const engine = file.split('/')[1]!;
    const good = readFileSync(join(lessonsDir, file.replace(/^lessons\//, '')), 'utf8');
    const bad = good.replace(new RegExp(`^engine: ${engine}$`, 'm'), `engine: ${engine}k`);
    expect(bad).not.toBe(good);
    mkdirSync(join(dir, engine));
    writeFileSync(join(dir, 'course.yaml'), `engines:\n  - ${engine}\n`);
    writeFileSync(join(dir, engine, `02-${id}.md`), good);
    writeFileSync(join(dir, engine, '01-typo.md'), bad);
    writeFileSync(join(dir, 'README.md'), '# not a lesson');
    const some = await compileLessons(dir, 'course');
    expect([...some.keys()]).toEqual(['typo', id]);
    const typo = some.get('typo')!;
    expect(typo.source).toEqual({ kind: 'lesson', file: `course/${engine}/01-typo.md`, text: bad });
    const line = bad.split('\n').indexOf(`engine: ${engine}k`) + 1;
    expect(typo.problems[0]).toMatch(new RegExp(`^course/${engine}/01-typo\\.md:${line}:\\d+: .*engine`));
    expect(typo.summary).toMatchObject({ id: 'typo', order: 1, engine: `${engine}k` });
  });

  it('refuses a course whose index leaves out a folder of lessons, naming the index', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lessons-'));
    // the course's first lesson in its engine's folder, and another folder of lessons the index leaves out
    const { file, id } = [...course.values()][0]!.summary;
    const engine = file.split('/')[1]!;
    const good = readFileSync(join(lessonsDir, file.replace(/^lessons\//, '')), 'utf8');
    mkdirSync(join(dir, engine));
    mkdirSync(join(dir, 'left_out'));
    writeFileSync(join(dir, engine, `01-${id}.md`), good);
    writeFileSync(join(dir, 'left_out', '01-other.md'), good.replace(`id: ${id}`, 'id: other'));
    writeFileSync(join(dir, 'course.yaml'), `engines:\n  - ${engine}\n`);
    await expect(compileLessons(dir, 'course')).rejects.toThrow(
      "course/course.yaml: engines: does not list 'left_out', whose folder holds lessons; add it where it belongs in the course",
    );
  });
});
