// @ts-check
/**
 * The YAML side of a scenario: parsing it, and finding where in the file a
 * value (or a word inside a string) came from, so every problem can name its
 * line and column.
 *
 * Values are handled as plain JS data (what the schema validator and the
 * compiler walk); positions are looked up afterwards, by path, in the YAML
 * document that produced them.  A path is a list of keys and indices:
 * ['actors', 'B', 2] is the third item of B's program.
 */
import { LineCounter, parseDocument, isAlias, isMap, isPair, isScalar, isSeq, visit } from 'yaml';
import { MAX_SOURCE_CHARS } from './limits.js';

/** @typedef {(string|number)[]} Path */
/** @typedef {{line: number, column: number}} Position */
/** @typedef {import('./problems.js').Problems} Problems */

/**
 * The field name a learner reads: "actors.B[2]", "objects.total.initial".
 * The key of a `repeat N:` mapping is left out ("actors.A[0][1]" is the
 * second operation inside the repeat that is A's first item).  The empty
 * path is the whole document: `root` ("scenario", or "lesson" for a lesson).
 * @param {Path} path
 * @param {string} [root]
 */
export function fieldName(path, root = 'scenario') {
  let out = '';
  for (let i = 0; i < path.length; i++) {
    const seg = path[i];
    if (typeof seg === 'number') out += `[${seg}]`;
    else if (typeof path[i - 1] === 'number' && /^repeat\s/.test(seg)) continue;
    else out += out ? `.${seg}` : seg;
  }
  return out || root;
}

/** A map key as the JS data has it (yaml's toJS stringifies scalar keys). */
function keyString(/** @type {unknown} */ key) {
  return isScalar(key) ? String(key.value ?? '') : String(key);
}

export class Source {
  /**
   * Parses the text.  YAML syntax errors, keys that are not plain scalars and
   * keys given twice are added to `problems`; `value` is then undefined.
   * @param {string} text
   * @param {Problems} problems
   * @param {string} [root]  the field name of the whole document in messages
   */
  constructor(text, problems, root = 'scenario') {
    this.text = text;
    this.root = root;
    this.lines = new LineCounter();
    /** @type {unknown} */
    this.value = undefined;
    /** @type {import('yaml').Document.Parsed | null} */
    this.doc = null;
    if (text.length > MAX_SOURCE_CHARS) {
      problems.add(
        { line: 1, column: 1 },
        'file',
        `is ${text.length} characters long; a scenario may be at most ${MAX_SOURCE_CHARS}`,
      );
      return;
    }
    // uniqueKeys is checked below instead: yaml's own check is quadratic in
    // the number of keys.
    const doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: false, uniqueKeys: false });
    this.doc = doc;
    for (const e of doc.errors) {
      const message =
        e.code === 'MULTIPLE_DOCS'
          ? 'a scenario file holds one YAML document; this is the start of a second one'
          : /call stack/i.test(e.message)
            ? 'the document is nested too deeply'
            : e.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, '');
      problems.add(this.position(e.pos[0]), 'yaml', message);
    }
    if (doc.errors.length) return;
    if (!this.#checkKeys(problems)) return;
    try {
      // maxAliasCount stops "billion laughs" documents built from aliases.
      this.value = doc.toJS({ maxAliasCount: 100 });
    } catch (e) {
      problems.add({ line: 1, column: 1 }, 'yaml', e instanceof Error ? e.message : String(e));
    }
  }

  /** Keys must be scalars (names), each at most once per mapping; aliases must resolve. */
  #checkKeys(/** @type {Problems} */ problems) {
    let ok = true;
    visit(/** @type {import('yaml').Document} */ (this.doc), {
      Alias: (_, alias) => {
        if (!alias.resolve(/** @type {import('yaml').Document} */ (this.doc))) {
          problems.add(
            this.position(alias.range?.[0] ?? 0),
            'yaml',
            `*${alias.source} refers to no anchor (an anchor &${alias.source} must come before it)`,
          );
          ok = false;
        }
      },
      Map: (_, map, ancestors) => {
        /** @type {Map<string, number>} */
        const seen = new Map();
        const here = this.#pathOf([...ancestors, map]);
        for (const pair of map.items) {
          const key = pair.key;
          const at = this.position(isScalar(key) || isMap(key) || isSeq(key) ? (key.range?.[0] ?? 0) : 0);
          if (!isScalar(key) || (key.value !== null && typeof key.value === 'object')) {
            problems.add(at, fieldName(here, this.root), 'keys must be plain names, not lists or mappings');
            ok = false;
            return visit.BREAK; // one is enough: what is inside such a key makes no sense
          }
          const name = keyString(key);
          const first = seen.get(name);
          if (first !== undefined) {
            problems.add(
              at,
              fieldName(here, this.root),
              `'${name}' appears twice (first at line ${this.position(first).line})`,
            );
            ok = false;
          } else seen.set(name, key.range?.[0] ?? 0);
        }
      },
    });
    return ok;
  }

  /** The path of a node from visit()'s ancestors followed by the node (for messages only). */
  #pathOf(/** @type {readonly unknown[]} */ ancestors) {
    /** @type {Path} */
    const path = [];
    for (let i = 1; i < ancestors.length; i++) {
      const a = ancestors[i];
      const parent = ancestors[i - 1];
      if (isPair(a)) path.push(keyString(a.key));
      else if (isSeq(parent)) path.push(parent.items.indexOf(/** @type {any} */ (a)));
    }
    return path;
  }

  /** Line and column (1-based) of a character offset. */
  position(/** @type {number} */ offset) {
    const p = this.lines.linePos(offset);
    return { line: p.line, column: p.col };
  }

  /**
   * The YAML node at a path, and the key node of its last step when the last
   * step is a mapping key.  Stops at the deepest node that exists.
   * @param {Path} path
   */
  #find(path) {
    /** @type {any} */
    let node = this.doc?.contents ?? null;
    /** @type {any} */
    let key = null;
    for (const seg of path) {
      if (isAlias(node)) node = node.resolve(/** @type {any} */ (this.doc));
      if (isMap(node)) {
        const pair = node.items.find((p) => keyString(p.key) === String(seg));
        if (!pair) break;
        key = pair.key;
        node = pair.value ?? pair.key;
      } else if (isSeq(node) && typeof seg === 'number' && seg < node.items.length) {
        key = null;
        node = node.items[seg];
      } else break;
    }
    return { node, key };
  }

  /** Where the value at `path` starts (or its nearest existing parent). */
  locate(/** @type {Path} */ path) {
    const { node } = this.#find(path);
    return this.position(node?.range?.[0] ?? 0);
  }

  /** Where the key of the last step of `path` is (for "unknown field" and the like). */
  locateKey(/** @type {Path} */ path) {
    const { node, key } = this.#find(path);
    return this.position((key ?? node)?.range?.[0] ?? 0);
  }

  /**
   * Where character `offset` of the string at `path` is in the file.  Exact
   * for strings written on one line (plain or quoted, without escapes) and
   * for literal blocks (`|`); otherwise the start of the string.
   * @param {Path} path
   * @param {number} offset
   */
  locateIn(path, offset) {
    const { node } = this.#find(path);
    if (!isScalar(node) || typeof node.value !== 'string' || !node.range) return this.locate(path);
    const value = node.value;
    const [start, end] = node.range;
    const raw = this.text.slice(start, end);
    if (!value.includes('\n')) {
      const k = raw.indexOf(value);
      if (k >= 0 && !raw.slice(k, k + value.length).includes('\n')) return this.position(start + k + offset);
    } else if (node.type === 'BLOCK_LITERAL') {
      // The header line (|, |-, |2...) then the value's lines, indented.
      const before = value.slice(0, offset);
      const lineIndex = before.split('\n').length - 1;
      const column = offset - (before.lastIndexOf('\n') + 1);
      const rawLines = raw.split('\n').slice(1);
      const firstText = rawLines.find((l) => l.trim() !== '') ?? '';
      const indent = firstText.length - firstText.trimStart().length;
      const at = this.position(start);
      return { line: at.line + 1 + lineIndex, column: indent + column + 1 };
    }
    return this.position(start);
  }
}
