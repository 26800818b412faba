// @ts-check
/**
 * Both languages everywhere: the body's '## en' and '## zh-CN' sections, and
 * every zh-CN text of the front matter written in Chinese.  A text still in
 * English (or a draft copied from it) is a problem, never silence.
 */

/** @typedef {import('./parser.js').Parser} Parser */
/** @typedef {import('../scenario/source.js').Path} Path */
/** @typedef {{line: number, column: number}} Position */
/** @typedef {import('../lesson.js').Text} Text */

/** The languages every text of a lesson is written in. */
export const LANGUAGES = /** @type {const} */ (['en', 'zh-CN']);

/** Text that is Chinese has at least one CJK ideograph. */
const CJK = /[\u3400-\u9fff\uf900-\ufaff]/;

/**
 * The mark a draft translation starts with ("to be translated"): the author
 * page's "copy English as a draft" puts the English after it, and the check
 * reports every text that still has it, so a draft is never shipped by
 * mistake.
 */
export const DRAFT_MARK = '【待译】';

const DRAFT_PROBLEM = `is a draft copied from English (it starts with ${DRAFT_MARK}); translate it`;

/**
 * The body: '## en' and '## zh-CN' sections, each the Markdown of one
 * language.
 * @param {Parser} p
 * @param {string[]} lines  after the closing '---'
 */
export function readBody(p, lines) {
  const first = p.closeLine + 1;
  /** @type {Record<string, string[]>} */
  const parts = {};
  /** @type {Record<string, Position>} */
  const at = {};
  /** @type {string|null} */
  let current = null;
  lines.forEach((line, i) => {
    const m = /^##\s+(\S+)\s*$/.exec(line);
    const lang = m && /** @type {readonly string[]} */ (LANGUAGES).includes(m[1]) ? m[1] : null;
    if (lang) {
      if (parts[lang])
        p.problems.add(
          { line: first + i, column: 1 },
          'body',
          `has a second '## ${lang}' section (the first is at line ${at[lang].line})`,
        );
      else {
        parts[lang] = [];
        at[lang] = { line: first + i, column: 1 };
      }
      current = lang;
    } else if (current) {
      parts[current].push(line);
    } else if (line.trim() !== '') {
      p.problems.add(
        { line: first + i, column: 1 },
        'body',
        "text before '## en' belongs to no language; start the body with '## en' (then '## zh-CN')",
      );
      current = '?';
      parts['?'] = [];
    }
  });
  /** @type {Record<string, string>} */
  const text = {};
  for (const lang of LANGUAGES) {
    const where = {
      line: Math.min(first + lines.length - 1, Math.max(first, p.closeLine)),
      column: 1,
    };
    if (!parts[lang]) p.problems.add(at.en ?? where, 'body', `needs a '## ${lang}' section`);
    else {
      text[lang] = parts[lang].join('\n').trim();
      if (!text[lang]) p.problems.add(at[lang], `body.${lang}`, 'is empty');
      else if (lang === 'zh-CN' && text[lang].includes(DRAFT_MARK))
        p.problems.add(at[lang], 'body.zh-CN', DRAFT_PROBLEM);
      else if (lang === 'zh-CN' && !CJK.test(text[lang]))
        p.problems.add(at[lang], 'body.zh-CN', 'has no Chinese characters; is it still in English?');
    }
  }
  return { text: /** @type {Text} */ (text), at };
}

/**
 * Every zh-CN text must be Chinese (choices, which may be values like 01,
 * excepted) and no draft.
 * @param {Parser} p
 */
export function checkLanguages(p) {
  /** @param {unknown} v @param {Path} path */
  const walk = (v, path) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object') {
      for (const [k, x] of Object.entries(v)) {
        if (k === 'zh-CN' && typeof x === 'string' && x.includes(DRAFT_MARK))
          p.bad([...path, k], DRAFT_PROBLEM);
        else if (
          k === 'zh-CN' &&
          typeof x === 'string' &&
          path[path.length - 2] !== 'choices' &&
          !CJK.test(x)
        )
          p.bad([...path, k], 'has no Chinese characters; is it still in English?');
        else walk(x, [...path, k]);
      }
    }
  };
  const d = p.data;
  for (const key of ['title', 'goal', 'opening', 'beats', 'hints', 'questions', 'recap', 'real_world'])
    walk(d[key], [key]);
}
