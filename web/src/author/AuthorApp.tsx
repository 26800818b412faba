/*
 * author.html's screen: the editor (loaded as its own chunk), the live
 * checks beside it with each problem at its line and column, the preview
 * playing the document as learners will see it, and Share / Download.
 *
 * Nothing is lost: the document lives in the address (#src=, replaced a
 * moment after each edit) and in localStorage; a bad link says why and
 * opens the last draft instead; a good link or a chosen lesson opened over
 * a different draft sets that draft aside (EARLIER_KEY), one click away.  A document from a link is untrusted text:
 * it is only ever edited, checked in a worker and played by the app's own
 * pages, never run.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { parse as parseYaml } from 'yaml';
import { LinkError, MAX_LINK_CHARS, documentKind, payloadOf } from '@lockstep/link.js';
import { DRAFT_MARK } from '@lockstep/lesson.js';
import { LangSwitch } from '../components/LangSwitch';
import { saveFile } from '../components/ExportButtons';
import type { ScenarioProblem } from '../bridge/types';
import { getLocale } from '../i18n';
import { titleOf } from '../model/scenarioList';
import { chooseLocale } from '../i18n/persist';
import { useLocale } from '../i18n/useLocale';
import { decodeDocument, encodeDocument } from '../share/codec';
import { appFolder, downloadName, linkTo } from '../share/links';
import { linkProblem } from '../share/messages';
import { LiveChecks, type CheckAnswer } from './checks';
import { draftChinese } from './draft';
import type { EditorHandle } from './editor';
import type { Catalog } from './help';
import { say } from './messages';
import { Preview } from './Preview';
import { ShareDialog } from './ShareDialog';
import { loadSource, sourceChoices } from './sources';
import s from './style.module.css';
import { carriesDocument } from '../model/params';

/** Where the last draft is kept in this browser. */
export const DRAFT_KEY = 'lockstep.author.draft';
/** Where a draft waits that a link or a chosen document displaced on opening. */
export const EARLIER_KEY = 'lockstep.author.earlier';

/** How long after the last keystroke the checks start, and the address follows. */
const CHECK_DELAY_MS = 120;
const ADDRESS_DELAY_MS = 400;

const DEFAULT_START = 'template:parking_lot';

interface Checked {
  id: number;
  parse: CheckAnswer | null;
  full: CheckAnswer | null;
}

/** The document the page opens with: the link's, the address's choice, the saved draft, or a template. */
async function firstDocument(): Promise<{ text: string; problem: string | null }> {
  const first = await chooseFirstDocument();
  // the saved draft is about to follow the new document: set it aside first
  const saved = localStorage.getItem(DRAFT_KEY);
  if (saved !== null && saved.trim() && saved !== first.text) localStorage.setItem(EARLIER_KEY, saved);
  return first;
}

async function chooseFirstDocument(): Promise<{ text: string; problem: string | null }> {
  const saved = localStorage.getItem(DRAFT_KEY);
  if (carriesDocument(location.hash)) {
    try {
      return { text: await decodeDocument(payloadOf(location.href)), problem: null };
    } catch (e) {
      if (!(e instanceof LinkError)) throw e;
      return {
        text: saved ?? (await loadSource(DEFAULT_START)) ?? '',
        problem: `${linkProblem(e.problem)} ${saved ? say('link.keptDraft') : ''}`.trim(),
      };
    }
  }
  const q = new URLSearchParams(location.search);
  for (const key of ['lesson', 'scenario', 'template']) {
    const id = q.get(key);
    const text = id ? await loadSource(`${key}:${id}`) : null;
    if (text !== null) return { text, problem: null };
  }
  return { text: saved ?? (await loadSource(DEFAULT_START)) ?? '', problem: null };
}

/** A display name for downloads and snippets: the lesson's id or the scenario's (English) title. */
function nameOf(text: string): string {
  return (/^id:\s*["']?([^"'\n]+)/m.exec(text)?.[1] ?? titleOf(text, parseYaml)?.en ?? 'lockstep').trim();
}

export function AuthorApp() {
  const locale = useLocale();
  const host = useRef<HTMLDivElement>(null);
  const editor = useRef<EditorHandle | null>(null);
  const [text, setText] = useState<string | null>(null);
  const [linkNote, setLinkNote] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked>({ id: 0, parse: null, full: null });
  const [playable, setPlayable] = useState<string | null>(null);
  const [payload, setPayload] = useState<string>('');
  const [sharing, setSharing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [earlier, setEarlier] = useState<string | null>(null);
  const texts = useRef(new Map<number, string>());
  const catalogRef = useRef<Catalog | null>(null);

  const checks = useMemo(
    () =>
      new LiveChecks((a) => {
        if (a.catalog) catalogRef.current = a.catalog as Catalog;
        setChecked((c) => {
          if (a.id < c.id) return c;
          const next = a.id > c.id ? { id: a.id, parse: null, full: null } : { ...c };
          next[a.mode] = a;
          return next;
        });
        if (a.playable && a.mode === 'parse') {
          const t = texts.current.get(a.id);
          if (t !== undefined) setPlayable(t);
        }
        for (const id of texts.current.keys()) if (id < a.id - 4) texts.current.delete(id);
      }),
    [],
  );
  useEffect(() => () => checks.stop(), [checks]);

  // the first document, then the editor around it
  useEffect(() => {
    let cancelled = false;
    void Promise.all([firstDocument(), import('./editor')]).then(([first, { createEditor }]) => {
      if (cancelled || !host.current) return;
      setLinkNote(first.problem);
      setText(first.text);
      setEarlier(localStorage.getItem(EARLIER_KEY));
      editor.current = createEditor(host.current, first.text, {
        catalog: () => catalogRef.current,
        onChange: (t) => setText(t),
        label: say('editor.label'),
      });
      document.body.dataset.editorReady = 'true';
    });
    return () => {
      cancelled = true;
      editor.current?.destroy();
    };
  }, []);

  // checks, a moment after the last keystroke
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => {
      const id = checks.check(text);
      texts.current.set(id, text);
    }, CHECK_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, checks]);

  // the address and the saved copy follow the editor
  useEffect(() => {
    if (text === null) return;
    const timer = setTimeout(() => {
      localStorage.setItem(DRAFT_KEY, text);
      void encodeDocument(text).then((p) => {
        setPayload(p);
        const url = `${location.pathname}${location.search.replace(/(^\?|&)(lesson|scenario|template)=[^&]*/g, '').replace(/^&/, '?')}#src=${p}`;
        // an address too long for a link is not written: the saved copy keeps the work
        if (url.length <= MAX_LINK_CHARS) history.replaceState(null, '', url);
      });
    }, ADDRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  // problems inline: the full check's when it is for this text, else the quick one's
  const shown: CheckAnswer | null = checked.full ?? checked.parse;
  const problems: ScenarioProblem[] = useMemo(() => {
    const list = [...(checked.parse?.problems ?? [])];
    for (const p of checked.full?.problems ?? [])
      if (!list.some((q) => q.line === p.line && q.column === p.column && q.message === p.message))
        list.push(p);
    return list.sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0));
  }, [checked]);
  useEffect(() => editor.current?.showProblems(problems), [problems]);

  const kind = text !== null ? documentKind(text) : 'lesson';
  const choices = useMemo(() => sourceChoices(), []);
  const running = checked.parse === null || (checked.full === null && checked.parse.playable);

  const start = async (key: string) => {
    if (!key) return;
    if (text !== null && text.trim() && !confirm(say('start.confirm'))) return;
    const next = await loadSource(key);
    if (next !== null) editor.current?.setText(next);
  };

  // the set-aside draft and the open document change places
  const swapEarlier = () => {
    if (text === null || earlier === null) return;
    localStorage.setItem(EARLIER_KEY, text);
    setEarlier(text);
    editor.current?.setText(earlier);
  };

  const draft = () => {
    if (text === null) return;
    const { text: next, added } = draftChinese(text);
    if (added) editor.current?.setText(next);
    setNotice(added ? say('draft.hint', { mark: DRAFT_MARK }) : say('draft.none'));
  };

  return (
    <div class={s.page}>
      <header class={s.header}>
        <a class={s.brand} href="./">
          {say('page.brand')}
        </a>
        <label class={s.start}>
          <span>{say('start.label')}</span>
          <select
            data-testid="author-start"
            value=""
            onChange={(e) => void start((e.currentTarget as HTMLSelectElement).value)}
          >
            <option value="">{say('start.choose')}</option>
            {(['templates', 'lessons', 'scenarios'] as const).map((g) => (
              <optgroup key={g} label={say(`start.${g}`)}>
                {choices
                  .filter((c) => c.group === g)
                  .map((c) => (
                    <option key={c.key} value={c.key}>
                      {g === 'templates' ? say('start.template', { engine: c.name }) : c.name}
                    </option>
                  ))}
              </optgroup>
            ))}
          </select>
        </label>
        {kind === 'lesson' && (
          <button type="button" class={s.button} onClick={draft} data-testid="author-draft">
            {say('draft.button')}
          </button>
        )}
        <button
          type="button"
          class={s.button}
          disabled={text === null}
          onClick={() => text !== null && saveFile(downloadName(kind, nameOf(text)), 'text/plain', text)}
          data-testid="author-download"
        >
          {say('download.button')}
        </button>
        <button
          type="button"
          class={`${s.button} ${s.primary}`}
          disabled={!payload}
          onClick={() => setSharing(true)}
          data-testid="author-share"
        >
          {say('share.button')}
        </button>
        <LangSwitch locale={locale} onChange={chooseLocale} />
      </header>
      {linkNote && (
        <p class={s.alert} role="alert" data-testid="author-link-problem">
          <strong>{say('link.bad')}</strong> {linkNote}
        </p>
      )}
      {earlier !== null && earlier !== text && (
        <p class={s.note} role="status" data-testid="author-earlier">
          {say('earlier.kept')}{' '}
          <button type="button" class={s.button} onClick={swapEarlier}>
            {say('earlier.open')}
          </button>
        </p>
      )}
      {notice && (
        <p class={s.note} role="status">
          {notice}
        </p>
      )}
      <main class={s.main}>
        <section class={s.editorColumn}>
          <div class={s.editor} ref={host} data-testid="author-editor">
            {text === null && <p class={s.loading}>{say('page.loading')}</p>}
          </div>
          <section class={s.checks} aria-live="polite" data-testid="author-checks">
            <h2 class={s.h2}>{say('checks.title')}</h2>
            <p
              class={s.status}
              data-testid="author-status"
              data-state={running ? 'running' : problems.length ? 'problems' : 'pass'}
              data-check={checked.id}
              data-full={checked.full ? 'done' : 'pending'}
            >
              {running && !problems.length
                ? say(checked.parse ? 'checks.runningFull' : 'checks.running')
                : problems.length
                  ? problems.length === 1
                    ? say('checks.problem')
                    : say('checks.problems', { n: problems.length })
                  : say('checks.passIn', { ms: Math.round((shown?.ms ?? 0) + 0) })}
              {running && problems.length > 0 && ` · ${say('checks.runningFull')}`}
            </p>
            <ol class={s.problems} data-testid="author-problems">
              {problems.map((p) => (
                <li key={`${p.line}:${p.column}:${p.message}`}>
                  <button
                    type="button"
                    class={s.problem}
                    title={say('checks.goTo', { line: p.line ?? 1, column: p.column ?? 1 })}
                    onClick={() => editor.current?.goTo(p.line ?? 1, p.column ?? 1)}
                  >
                    <span class={s.where}>
                      {p.line}:{p.column}
                    </span>{' '}
                    {p.field && <code>{p.field}</code>}: {p.message}
                  </button>
                </li>
              ))}
            </ol>
            <p class={s.saved}>{say('saved.local')}</p>
          </section>
        </section>
        <section class={s.previewColumn}>
          <h2 class={s.h2}>{say('preview.title')}</h2>
          <Preview text={playable} locale={getLocale()} stale={playable !== null && playable !== text} />
        </section>
      </main>
      {sharing && text !== null && (
        <ShareDialog
          payload={payload}
          dir={appFolder(location.href)}
          title={nameOf(text)}
          file={downloadName(kind, nameOf(text))}
          text={text}
          onClose={() => setSharing(false)}
        />
      )}
    </div>
  );
}

/** The address that plays `payload` (index.html for a scenario, embed.html for a lesson). */
export function previewLink(dir: string, kind: 'lesson' | 'scenario', payload: string): string {
  return linkTo(dir, kind === 'lesson' ? 'embed' : 'index', payload);
}
