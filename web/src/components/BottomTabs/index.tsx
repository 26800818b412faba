/*
 * The bottom pane: a row of tabs ([Sequence diagram] [Source] [Trace]) over
 * one panel.  Only the open tab's content is rendered (render() is called
 * for it alone), so a heavy tab costs nothing while closed.  Clicking the open
 * tab again folds the pane to its tab row.  Keyboard: Tab reaches each tab,
 * Enter or Space opens it; ← → Home stay the timeline's keys (they move
 * through time whatever has focus, except a text field).
 *
 * On a wide screen the open pane can be resized: drag the handle on its top
 * edge, or focus it and press ↑ ↓ (PageUp PageDown for larger moves).  The
 * size is remembered, grows with a tall window and never takes the lanes'
 * room (size.ts).
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { t } from '../../i18n';
import { clampHeight, defaultHeight, KEY_STEP, maxHeight, MIN, saveHeight, savedHeight } from './size';
import s from './style.module.css';

const windowHeight = () => (typeof window === 'undefined' ? 900 : window.innerHeight);

/** The pane's height in px (remembered, kept within bounds as the window changes) and a setter that remembers. */
function usePaneHeight(): [number, (h: number) => void, number] {
  const [vh, setVh] = useState(windowHeight);
  const [chosen, setChosen] = useState<number | null>(savedHeight);
  useEffect(() => {
    const on = () => setVh(windowHeight());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  const height = chosen === null ? defaultHeight(vh) : clampHeight(chosen, vh);
  const set = (h: number) => {
    const c = clampHeight(h, windowHeight());
    setChosen(c);
    saveHeight(c);
  };
  return [height, set, vh];
}

/** The handle on the pane's top edge: a separator that drags and takes ↑ ↓ PageUp PageDown. */
function Handle({ height, vh, onSize }: { height: number; vh: number; onSize: (h: number) => void }) {
  const onKey = (e: KeyboardEvent) => {
    const by = { ArrowUp: KEY_STEP, ArrowDown: -KEY_STEP, PageUp: 4 * KEY_STEP, PageDown: -4 * KEY_STEP }[
      e.key
    ];
    if (by === undefined) return;
    e.preventDefault();
    e.stopPropagation();
    onSize(height + by);
  };
  const onPointerDown = (e: PointerEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLElement;
    el.setPointerCapture(e.pointerId);
    const y0 = e.clientY;
    const h0 = height;
    const move = (m: PointerEvent) => onSize(h0 + (y0 - m.clientY));
    const up = () => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', up);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', up);
  };
  return (
    <div
      class={s.handle}
      role="separator"
      aria-orientation="horizontal"
      aria-label={t('tabs.resize')}
      aria-valuemin={MIN}
      aria-valuemax={maxHeight(vh)}
      aria-valuenow={height}
      tabIndex={0}
      onKeyDown={onKey}
      onPointerDown={onPointerDown}
      data-testid="pane-handle"
    />
  );
}

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
  const [height, setHeight, vh] = usePaneHeight();
  const current = tabs.find((x) => x.id === open) ?? null;
  const choose = (id: string | null) => {
    setOpen(id);
    onChange?.(id);
  };
  return (
    <section
      class={current ? `${s.pane} ${s.open}` : s.pane}
      style={current ? { '--pane-h': `${height}px` } : undefined}
      data-testid="bottom-tabs"
    >
      {current && <Handle height={height} vh={vh} onSize={setHeight} />}
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
