/*
 * The bottom pane: a row of tabs ([Sequence diagram] [Source] [Trace]) over
 * one panel.  Only the open tab's content is rendered (render() is called
 * for it alone), so a heavy tab costs nothing while closed.  Clicking the open
 * tab again folds the pane to its tab row.  Keyboard: the WAI-ARIA tabs
 * pattern (←/→/Home/End move between tabs; Enter or Space opens).
 */
import type { ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import s from './style.module.css';

export interface Tab {
  /** stable id, e.g. "diagram", "source", "trace" */
  id: string;
  label: string;
  render: () => ComponentChildren;
}

export interface BottomTabsProps {
  tabs: Tab[];
  /** the tab open at first; none: the pane starts folded */
  initial?: string | null;
  /** told when the open tab changes (null: folded) */
  onChange?: (id: string | null) => void;
}

export function BottomTabs({ tabs, initial = null, onChange }: BottomTabsProps) {
  const [open, setOpen] = useState<string | null>(initial);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((x) => x.id === open) ?? null;
  const choose = (id: string | null) => {
    setOpen(id);
    onChange?.(id);
  };
  const onKey = (e: KeyboardEvent, i: number) => {
    let j = -1;
    if (e.key === 'ArrowRight') j = (i + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') j = (i - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') j = 0;
    else if (e.key === 'End') j = tabs.length - 1;
    if (j < 0) return;
    e.preventDefault();
    e.stopPropagation(); // ← and Home are also the app's back and reset keys
    refs.current[j]?.focus();
  };
  return (
    <section class={current ? `${s.pane} ${s.open}` : s.pane} data-testid="bottom-tabs">
      <div class={s.bar}>
        <div class={s.tabs} role="tablist" aria-label={t('tabs.label')}>
          {tabs.map((tab, i) => {
            const selected = tab.id === open;
            return (
              <button
                key={tab.id}
                ref={(el) => {
                  refs.current[i] = el;
                }}
                type="button"
                role="tab"
                id={`tab-${tab.id}`}
                class={s.tab}
                aria-selected={selected}
                aria-controls={selected ? `tabpanel-${tab.id}` : undefined}
                tabIndex={selected || (!current && i === 0) ? 0 : -1}
                onClick={() => choose(selected ? null : tab.id)}
                onKeyDown={(e) => onKey(e, i)}
                data-testid={`tab-${tab.id}`}
              >
                {tab.label}
              </button>
            );
          })}
        </div>
        {current && (
          <button type="button" class={s.fold} onClick={() => choose(null)} data-testid="tabs-fold">
            <span aria-hidden="true">▾ </span>
            {t('tabs.fold')}
          </button>
        )}
      </div>
      {current && (
        <div
          class={s.panel}
          role="tabpanel"
          id={`tabpanel-${current.id}`}
          aria-labelledby={`tab-${current.id}`}
          data-testid={`tabpanel-${current.id}`}
        >
          {current.render()}
        </div>
      )}
    </section>
  );
}
