/*
 * The sandbox's scenarios compiled at build time must be exactly what the
 * browser would have compiled from their text; one that does not compile
 * still reaches the page, as text.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { compile } from '../src/bridge/compile.ts';
import { compileScenarios, type ScenarioItem } from './scenarios.ts';

const scenariosDir = fileURLToPath(new URL('../../tests/scenarios/', import.meta.url));

describe('the sandbox, compiled at build time', () => {
  let all: Map<string, ScenarioItem>;
  beforeAll(async () => {
    all = await compileScenarios(scenariosDir);
  });

  it('has every scenario by id, each compiled as the browser would, with its summary', async () => {
    const files = readdirSync(scenariosDir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      f.endsWith('.yaml'),
    );
    expect([...all.keys()].sort()).toEqual(files.map((f) => f.replace(/\.yaml$/, '')).sort());
    for (const [id, item] of all) {
      expect(item.problems, id).toEqual([]);
      if (item.source.kind !== 'built') throw new Error(`${id} did not compile`);
      const text = readFileSync(join(scenariosDir, `${id}.yaml`), 'utf8');
      const live = compile({ text, file: `${id}.yaml` });
      expect(Buffer.from(item.source.bytecode, 'base64'), id).toEqual(Buffer.from(live.bytecode));
      expect(item.source.scenario, id).toEqual(live.scenario);
      expect(item.source.file).toBe(`${id}.yaml`);
      // the summary the picker shows before the scenario loads: what the compiler read
      expect(item.summary, id).toEqual({
        id,
        title: live.scenario.title,
        variant: /^variant:/m.test(text) ? live.scenario.variant : null,
        schedule: live.scenario.schedule !== null,
      });
    }
    // the summary's variant and schedule are each seen both ways
    const summaries = [...all.values()].map((i) => i.summary);
    expect(new Set(summaries.map((x) => x.variant === null))).toEqual(new Set([true, false]));
    expect(new Set(summaries.map((x) => x.schedule))).toEqual(new Set([true, false]));
  });

  it('keeps a scenario that does not compile as text, with its problems', async () => {
    // in a folder of an engine the sandbox has (the first scenario's)
    const first = [...all.values()][0]!.source;
    const engine = first.kind === 'built' ? first.scenario.engine : '';
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    mkdirSync(join(dir, engine));
    const text = `title: broken\nengine: ${engine}\nactors:\n  A: [nonsense]\n`;
    writeFileSync(join(dir, engine, 'broken.yaml'), text);
    const some = await compileScenarios(dir);
    const broken = some.get(`${engine}/broken`)!;
    expect(broken.source).toEqual({ kind: 'scenario', file: `${engine}/broken.yaml`, text });
    expect(broken.problems[0]).toMatch(new RegExp(`^${engine}/broken\\.yaml:4:\\d+: `));
    // its title still reads (one string: the same in both languages)
    expect(broken.summary).toEqual({
      id: `${engine}/broken`,
      title: { en: 'broken', 'zh-CN': 'broken' },
      variant: null,
      schedule: false,
    });
  });
});
