/*
 * "Copy English as a draft": every text of a lesson that has `en:` but no
 * `zh-CN:` gets one, holding the English after DRAFT_MARK, and a body
 * without '## zh-CN' gets that section the same way.  The lesson check
 * reports each marked text (lesson/languages.js), so a draft is visible
 * until someone translates it.  The edit is made in the text, beside each
 * English line, so the author's layout and comments stay as they were.
 */
import { isMap, isScalar, parseDocument, visit, type Pair, type YAMLMap } from 'yaml';
import { DRAFT_MARK } from '@lockstep/lesson.js';

interface Insert {
  at: number;
  text: string;
}

/** The lesson with its missing Chinese texts drafted, and how many were added. */
export function draftChinese(text: string): { text: string; added: number } {
  const m = /^(---[ \t]*\r?\n)([\s\S]*?\r?\n)(---|\.\.\.)[ \t]*(\r?\n|$)/.exec(text);
  if (!m) return { text, added: 0 };
  const offset = (m[1] ?? '').length;
  const front = m[2] ?? '';
  const doc = parseDocument(front, { keepSourceTokens: true });
  if (doc.errors.length) return { text, added: 0 };
  const inserts: Insert[] = [];
  visit(doc, {
    Map(_, node: YAMLMap) {
      if (!isMap(node)) return;
      const pairs = node.items as Pair[];
      const en = pairs.find((p) => isScalar(p.key) && p.key.value === 'en');
      const zh = pairs.find((p) => isScalar(p.key) && p.key.value === 'zh-CN');
      if (!en || zh || !isScalar(en.value) || typeof en.value.value !== 'string') return;
      const value = en.value;
      const end = value.range?.[1];
      const keyStart = isScalar(en.key) ? en.key.range?.[0] : undefined;
      if (end === undefined || keyStart === undefined) return;
      const draft = JSON.stringify(`${DRAFT_MARK} ${String(value.value).trim()}`);
      if (node.flow) inserts.push({ at: offset + end, text: `, zh-CN: ${draft}` });
      else {
        const lineStart = front.lastIndexOf('\n', keyStart - 1) + 1;
        const indent = ' '.repeat(keyStart - lineStart);
        // after the English value's last line
        const eol = front.indexOf('\n', Math.max(end - 1, keyStart));
        const at = eol < 0 ? front.length : eol;
        inserts.push({ at: offset + at, text: `\n${indent}zh-CN: ${draft}` });
      }
    },
  });
  let out = text;
  for (const ins of inserts.sort((a, b) => b.at - a.at))
    out = out.slice(0, ins.at) + ins.text + out.slice(ins.at);
  let added = inserts.length;
  // the body: a '## zh-CN' section made of the English one
  const bodyStart = out.indexOf(
    m[3] ?? '---',
    offset + front.length + inserts.reduce((n, i) => n + i.text.length, 0),
  );
  const body = out.slice(bodyStart);
  if (!/^##\s+zh-CN\s*$/m.test(body)) {
    const en = /^##\s+en\s*$([\s\S]*)/m.exec(body);
    if (en) {
      out = `${out.replace(/\s*$/, '')}\n\n## zh-CN\n\n${DRAFT_MARK}\n\n${(en[1] ?? '').trim()}\n`;
      added++;
    }
  }
  return { text: out, added };
}
