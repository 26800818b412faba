/* The words the picker, the header and the sandbox's intro show of a scenario, in each language. */
import { describe, expect, it } from 'vitest';
import type { BuiltSource } from '../bridge/bridge';
import { defaultScenario, loadScenario, scenarioIds, scenarioSummaries } from '../scenarios';
import { pickerTitle, scenarioIntro, scenarioTitle } from './scenarioText';

const CJK = /[\u3400-\u9fff]/;

describe('a scenario in the learner’s language', () => {
  it('the picker lists every shipped scenario by its Chinese title in Chinese, its English one in English', async () => {
    const summaries = await scenarioSummaries();
    expect(summaries.map((x) => x.id)).toEqual(await scenarioIds());
    for (const x of summaries) {
      const zh = pickerTitle(x.id, x.title, 'zh-CN');
      const en = pickerTitle(x.id, x.title, 'en');
      expect(zh, x.id).toMatch(CJK);
      expect(en, x.id).not.toMatch(CJK);
    }
    // the opening scenario (the racy counter): the picker's words are its compiled title's
    const DEFAULT_SCENARIO = await defaultScenario();
    const first = summaries.find((x) => x.id === DEFAULT_SCENARIO)!;
    const { scenario } = (await loadScenario(first.id)) as BuiltSource;
    expect(pickerTitle(first.id, first.title, 'en')).toBe(scenario.title.en);
    expect(pickerTitle(first.id, first.title, 'zh-CN')).toBe(scenario.title['zh-CN']);
    // a file whose title did not read is listed by its name, in both languages
    expect(pickerTitle('engine/broken', null, 'zh-CN')).toBe('broken');
  });

  it('the header and the intro follow the language; one string is said in both', async () => {
    const { scenario } = (await loadScenario(await defaultScenario())) as BuiltSource;
    expect(scenarioTitle(scenario, 'en')).toBe('Racy counter');
    expect(scenarioTitle(scenario, 'zh-CN')).toBe('会丢失更新的计数器');
    expect(scenarioIntro(scenario, 'en')).toMatch(
      /^Two threads increment a shared counter three times each\./,
    );
    expect(scenarioIntro(scenario, 'zh-CN')).toMatch(
      /^两个线程各把一个共享计数器加三次。.*2 到 6 之间的任何值。$/,
    );
    const mine = {
      title: { en: 'Mine', 'zh-CN': 'Mine' },
      description: { en: ' Two threads. \n', 'zh-CN': ' Two threads. \n' },
    };
    expect([scenarioTitle(mine, 'zh-CN'), scenarioIntro(mine, 'zh-CN')]).toEqual(['Mine', 'Two threads.']);
    expect(scenarioIntro({ description: undefined }, 'zh-CN')).toBe('');
  });
});
