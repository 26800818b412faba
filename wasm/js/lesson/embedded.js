// @ts-check
/**
 * The scenario inside a lesson, compiled where it stands so that every
 * problem the scenario compiler finds keeps the lesson file's line and
 * column (and one with a field the lesson gave is said at that field).
 */
import { isMap } from 'yaml';
import { ScenarioError } from '../scenario/problems.js';
import { compileScenario } from '../scenario.js';

/** @typedef {import('./parser.js').Parser} Parser */

/**
 * Compiles the scenario where it stands: the text handed to the scenario
 * compiler is the front matter with everything but the scenario's value
 * blanked out (so its lines and columns are the file's), followed by the
 * fields the lesson gives it (title, engine, variants).
 * @param {Parser} p
 * @param {string[]} variants
 */
export function compileInPlace(p, variants) {
  const doc = /** @type {import('yaml').Document.Parsed} */ (p.source.doc);
  const node = /** @type {any} */ (doc.get('scenario', true));
  const at = p.at(['scenario']);
  if (!isMap(node) || !node.range) {
    p.bad(['scenario'], 'must be a mapping');
    p.throw();
  }
  const map = /** @type {import('yaml').YAMLMap} */ (node);
  if (map.flow) {
    p.bad(
      ['scenario'],
      'write the scenario as an indented block under scenario: (one key per line), not as {...}',
    );
    p.throw();
  }
  const [startOffset, , endOffset] = /** @type {[number, number, number]} */ (map.range);
  const front = /** @type {string} */ (p.front);
  let body = front.slice(startOffset, endOffset);
  if (!body.endsWith('\n')) body += '\n';
  const lastLine = front.slice(0, startOffset).split('\n').length - 1 + body.split('\n').length - 1;
  const indent = ' '.repeat(at.column - 1);
  const d = p.data;
  const extra = [
    `title: ${JSON.stringify({ en: d.title.en, 'zh-CN': d.title['zh-CN'] })}`,
    `engine: ${JSON.stringify(d.engine)}`,
    `variants: ${JSON.stringify(variants)}`,
  ];
  const text =
    front.slice(0, startOffset).replace(/[^\n]/g, ' ') +
    body +
    extra.map((l) => indent + l).join('\n') +
    '\n';
  try {
    return compileScenario(text, { file: p.file, catalog: p.catalog });
  } catch (e) {
    if (!(e instanceof ScenarioError)) throw e;
    for (const found of e.problems) {
      if (found.line > lastLine) {
        // A problem with a field the lesson gave: say it there.
        const top = found.field.split(/[.[]/)[0];
        const path =
          top === 'title'
            ? ['title', found.field === 'title.zh-CN' ? 'zh-CN' : 'en']
            : top === 'engine' || top === 'variants'
              ? [top]
              : ['scenario'];
        p.problems.add(p.at(path), top === 'scenario' ? 'scenario' : found.field, found.message);
      } else {
        p.problems.add(
          found,
          found.field === 'scenario' ? 'scenario' : `scenario.${found.field}`,
          found.message,
        );
      }
    }
    p.throw();
    throw e;
  }
}
