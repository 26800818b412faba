/*
 * The bottom pane: a row of tabs ([Sequence diagram] [Source] [Trace]) over
 * one panel.  Only the open tab's content is rendered (render() is called
 * for it alone), so a heavy tab costs nothing while closed.  Clicking the open
 * tab again folds the pane to its tab row.  Keyboard: Tab reaches each tab,
 * Enter or Space opens it; ← → Home stay the timeline's keys (they move
 * through time whatever has focus, except a text field).
 */
import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
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
  const current = tabs.find((x) => x.id === open) ?? null;
  const choose = (id: string | null) => {
    setOpen(id);
    onChange?.(id);
  };
  return (
    <section class={current ? `${s.pane} ${s.open}` : s.pane} data-testid="bottom-tabs">
      <div class={s.bar}>
        <div class={s.tabs} role="tablist" aria-label={t('tabs.label')}>
          {tabs.map((tab) => {
            const selected = tab.id === open;
            return (
              <button
                key={tab.id}
                type="button"
                role="tab"
                id={`tab-${tab.id}`}
                class={s.tab}
                aria-selected={selected}
                aria-controls={selected ? `tabpanel-${tab.id}` : undefined}
                onClick={() => choose(selected ? null : tab.id)}
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
