/*
 * The author page's code editor: CodeMirror 6 with its YAML mode (a
 * scenario) or Markdown with YAML front matter (a lesson), the checks'
 * problems as inline diagnostics at their line and column, and completion
 * and hover help from the catalog (help.ts).  Its own chunk, loaded when the
 * page opens, so no other page carries it.
 */
import { basicSetup } from 'codemirror';
import { EditorView, hoverTooltip, keymap } from '@codemirror/view';
import { Compartment, EditorState } from '@codemirror/state';
import { indentWithTab } from '@codemirror/commands';
import { yaml, yamlFrontmatter } from '@codemirror/lang-yaml';
import { markdown } from '@codemirror/lang-markdown';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { autocompletion, type CompletionContext } from '@codemirror/autocomplete';
import type { ScenarioProblem } from '../bridge/types';
import { completionsAt, hoverAt, type Catalog } from './help';

export interface EditorHandle {
  text(): string;
  /** replaces the whole text (a template, a remix, a draft), as one undoable change */
  setText(text: string): void;
  /** shows these problems inline */
  showProblems(problems: ScenarioProblem[]): void;
  /** puts the cursor at a problem and scrolls it into view */
  goTo(line: number, column: number): void;
  focus(): void;
  destroy(): void;
}

const isLesson = (text: string) => /^\uFEFF?---[ \t]*\r?\n/.test(text);

const language = (text: string) => (isLesson(text) ? yamlFrontmatter({ content: markdown() }) : yaml());

/** The document offset of a 1-based line and column, clamped into the document. */
function offsetOf(state: EditorState, line: number, column: number): number {
  const l = state.doc.line(Math.min(Math.max(1, line), state.doc.lines));
  return Math.min(l.from + Math.max(0, column - 1), l.to);
}

export function createEditor(
  parent: HTMLElement,
  text: string,
  options: { catalog: () => Catalog | null; onChange: (text: string) => void; label: string },
): EditorHandle {
  const mode = new Compartment();
  let lesson = isLesson(text);
  const complete = (ctx: CompletionContext) => {
    const catalog = options.catalog();
    if (!catalog) return null;
    const found = completionsAt(ctx.state.doc.toString(), ctx.pos, catalog);
    if (!found || (found.from === ctx.pos && !ctx.explicit)) return null;
    return { from: found.from, options: found.options, validFor: /^\w*$/ };
  };
  const hover = hoverTooltip((view, pos) => {
    const catalog = options.catalog();
    if (!catalog) return null;
    const found = hoverAt(view.state.doc.toString(), pos, catalog);
    if (!found) return null;
    return {
      pos: found.from,
      end: found.to,
      above: true,
      create: () => {
        const dom = document.createElement('div');
        dom.className = 'cm-lockstep-help';
        dom.textContent = found.text;
        return { dom };
      },
    };
  });
  const view = new EditorView({
    parent,
    state: EditorState.create({
      doc: text,
      extensions: [
        basicSetup,
        keymap.of([indentWithTab]),
        mode.of(language(text)),
        autocompletion({ override: [complete] }),
        hover,
        EditorView.lineWrapping,
        EditorView.contentAttributes.of({ 'aria-label': options.label }),
        EditorView.updateListener.of((u) => {
          if (!u.docChanged) return;
          const now = u.state.doc.toString();
          if (isLesson(now) !== lesson) {
            lesson = !lesson;
            view.dispatch({ effects: mode.reconfigure(language(now)) });
          }
          options.onChange(now);
        }),
      ],
    }),
  });
  return {
    text: () => view.state.doc.toString(),
    setText(next) {
      view.dispatch({ changes: { from: 0, to: view.state.doc.length, insert: next } });
    },
    showProblems(problems) {
      const state = view.state;
      const diagnostics: Diagnostic[] = problems.map((p) => {
        const from = offsetOf(state, p.line ?? 1, p.column ?? 1);
        const line = state.doc.lineAt(from);
        // the word at the problem's column, or the rest of its line
        const word = /^[^\s:,\]}]+/.exec(state.doc.sliceString(from, line.to))?.[0] ?? '';
        return {
          from,
          to: Math.max(from, Math.min(line.to, from + (word.length || line.to - from))),
          severity: 'error',
          message: `${p.line ?? 1}:${p.column ?? 1}: ${p.field ? `${p.field}: ` : ''}${p.message}`,
        };
      });
      view.dispatch(setDiagnostics(state, diagnostics));
    },
    goTo(line, column) {
      const at = offsetOf(view.state, line, column);
      view.dispatch({ selection: { anchor: at }, scrollIntoView: true });
      view.focus();
    },
    focus: () => view.focus(),
    destroy: () => view.destroy(),
  };
}
