// Every scenario the sandbox ships says its title and its description in
// English and in Simplified Chinese ({en, zh-CN} in the file), the Chinese
// written in Chinese, and the compiled scenario the app reads carries both.
// A new scenario written with one string (shown in both languages) fails
// here until someone gives it its Chinese.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { compileFile, scenarioFiles } from './helpers.js';

/** Text that is Chinese has at least one CJK ideograph. */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

test('the sandbox ships scenarios to check', () => {
  assert.ok(scenarioFiles().length >= 100, `only ${scenarioFiles().length} scenario files`);
});

for (const file of scenarioFiles()) {
  test(`${file}: title and description in English and Chinese`, () => {
    const data = parse(readFileSync(file, 'utf8'));
    const { scenario } = compileFile(file);
    for (const field of /** @type {const} */ (['title', 'description'])) {
      const v = data[field];
      assert.ok(
        v && typeof v === 'object' && !Array.isArray(v),
        `${field}: is ${JSON.stringify(v)}; write it as {en: ..., zh-CN: ...}`,
      );
      assert.ok(v.en?.trim() && !CJK.test(v.en), `${field}.en: ${JSON.stringify(v.en)} is not English`);
      assert.ok(CJK.test(v['zh-CN'] ?? ''), `${field}.zh-CN: ${JSON.stringify(v['zh-CN'])} is not Chinese`);
      // folded Chinese lines must not leave a space beside Chinese punctuation
      assert.doesNotMatch(v['zh-CN'], / [，。；：、？]|[，。；：、？] /, `${field}.zh-CN: a stray space`);
      assert.deepEqual(scenario[field], { en: v.en, 'zh-CN': v['zh-CN'] });
    }
  });
}
