/*
 * The sandbox: every scenario under tests/scenarios/, grouped by engine, each
 * opened with manual scheduling; or a scenario file of one's own (chosen
 * here, or dropped anywhere on the page).  A modal dialog; Escape closes it.
 * The list (ids, titles) and the engines' names are chunks fetched on first
 * opening; until they answer the dialog says it is reading them.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { engineRank, engineTitle, loadCards } from '../../engines';
import { getLocale, t } from '../../i18n';
import { groupByEngine, type ScenarioSummary } from '../../model/scenarioList';
import { pickerTitle } from '../../model/scenarioText';
import dialog from '../../styles/dialog.module.css';
import s from './style.module.css';

export interface ScenarioPickerProps {
  open: boolean;
  current: string;
  /** every scenario, in id order, with its title and the like (asked for on first opening) */
  describe: () => Promise<ScenarioSummary[]>;
  onPick: (id: string) => void;
  onFile: (f: File) => void;
  onClose: () => void;
}

/** An engine's name in words ("Parking lot"), or its id (every name is known once loadCards() has answered). */
export function engineName(engine: string): string {
  return engineTitle(engine, getLocale());
}

export function ScenarioPicker({ open, current, describe, onPick, onFile, onClose }: ScenarioPickerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const [info, setInfo] = useState<Map<string, ScenarioSummary> | null>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
    if (open && !info)
      Promise.all([describe(), loadCards()]).then(
        ([list]) => setInfo(new Map(list.map((x) => [x.id, x]))),
        () => setInfo(new Map()),
      );
  }, [open]);
  useEffect(() => {
    if (!open) return;
    ref.current?.querySelector<HTMLElement>('[aria-current="true"]')?.focus();
  }, [open, info]);
  // the list only while open: the page re-renders on every step
  const groups = open && info ? groupByEngine([...info.keys()], engineRank) : [];
  const known = !!info?.has(current);
  return (
    <dialog
      ref={ref}
      class={`${dialog.dialog} ${s.dialog}`}
      onClose={onClose}
      onClick={(e) => e.target === ref.current && onClose()}
      // the page's keys (1–9, ←, →…) must not act behind the dialog
      onKeyDown={(e) => e.key !== 'Escape' && e.stopPropagation()}
      aria-labelledby="picker-title"
      data-testid="picker"
    >
      <div class={s.inner}>
        <header class={s.head}>
          <h2 id="picker-title" class={s.title}>
            {t('picker.title')}
          </h2>
          <p class={s.lead}>{t('picker.lead')}</p>
        </header>
        <div class={s.groups}>
          {!info && <p class={s.loading}>{t('picker.loading')}</p>}
          {groups.map((g) => (
            <section key={g.engine} class={s.group} aria-labelledby={`picker-${g.engine}`}>
              <h3 id={`picker-${g.engine}`} class={s.engine}>
                {engineName(g.engine)}
                <code class={s.engineId}>{g.engine}</code>
              </h3>
              <ul class={s.list}>
                {g.ids.map((id) => {
                  const x = info?.get(id);
                  const here = id === current;
                  return (
                    <li key={id}>
                      <button
                        type="button"
                        class={s.item}
                        aria-current={here ? 'true' : undefined}
                        onClick={() => onPick(id)}
                        data-id={id}
                        data-testid="picker-item"
                      >
                        <span class={s.itemTitle}>{pickerTitle(id, x?.title, getLocale())}</span>
                        <span class={s.meta}>
                          <code>{id.slice(id.indexOf('/') + 1)}.yaml</code>
                          {x?.variant && x.variant !== 'correct' && (
                            <code class={s.variant}>{x.variant}</code>
                          )}
                          {x?.schedule && <span class={s.tag}>{t('picker.hasSchedule')}</span>}
                        </span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
        <footer class={s.foot}>
          <label class={s.fileButton}>
            <input
              type="file"
              accept=".yaml,.yml,application/yaml,text/yaml,text/plain"
              class="visually-hidden"
              onChange={(e) => {
                const input = e.currentTarget as HTMLInputElement;
                const f = input.files?.[0];
                input.value = '';
                if (f) onFile(f);
              }}
              data-testid="picker-file"
            />
            <span aria-hidden="true">⇪ </span>
            {t('picker.file')}
          </label>
          <span class={s.dropHint}>{t('picker.drop')}</span>
          {/* the author page (author.html) opens this scenario's text to remix, or a blank start */}
          <a
            class={s.fileButton}
            href={known ? `author.html?scenario=${encodeURIComponent(current)}` : 'author.html'}
            data-testid="picker-edit"
          >
            {t(known ? 'picker.edit' : 'picker.write')}
          </a>
          <form method="dialog" class={s.closeForm}>
            <button class={s.close} type="submit">
              {t('keys.close')}
            </button>
          </form>
        </footer>
      </div>
    </dialog>
  );
}
