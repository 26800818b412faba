/*
 * The sandbox's scenarios compiled at build time must be exactly what the
 * browser would have compiled from their text; one that does not compile
 * still reaches the page, as text.
 */
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
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

  it('has every scenario by id, each compiled as the browser would', async () => {
    expect(all.get('parking_lot/lost-wakeup')!.summary).toEqual({
      id: 'parking_lot/lost-wakeup',
      title: {
        en: 'The lost wakeup (validate outside the bucket lock)',
        'zh-CN': '丢失唤醒（validate 在桶锁之外）',
      },
      variant: 'validate_outside',
      schedule: true,
    });
    expect([...all.keys()].filter((id) => id.startsWith('basic/'))).toContain('basic/racy-counter');
    for (const [id, item] of all) {
      expect(item.problems, id).toEqual([]);
      if (item.source.kind !== 'built') throw new Error(`${id} did not compile`);
      const text = readFileSync(join(scenariosDir, `${id}.yaml`), 'utf8');
      const live = compile({ text, file: `${id}.yaml` });
      expect(Buffer.from(item.source.bytecode, 'base64'), id).toEqual(Buffer.from(live.bytecode));
      expect(item.source.scenario, id).toEqual(live.scenario);
      expect(item.source.file).toBe(`${id}.yaml`);
    }
  });

  it('keeps a scenario that does not compile as text, with its problems', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'scenarios-'));
    mkdirSync(join(dir, 'basic'));
    const text = 'title: broken\nengine: basic\nactors:\n  A: [nonsense]\n';
    writeFileSync(join(dir, 'basic', 'broken.yaml'), text);
    const some = await compileScenarios(dir);
    const broken = some.get('basic/broken')!;
    expect(broken.source).toEqual({ kind: 'scenario', file: 'basic/broken.yaml', text });
    expect(broken.problems[0]).toMatch(/^basic\/broken\.yaml:4:\d+: /);
    // its title still reads (one string: the same in both languages)
    expect(broken.summary).toEqual({
      id: 'basic/broken',
      title: { en: 'broken', 'zh-CN': 'broken' },
      variant: null,
      schedule: false,
    });
  });
});
