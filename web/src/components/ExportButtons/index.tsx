/*
 * A row of small export buttons (copy, download), each saying "Copied" or
 * "Preparing…" for a moment.  Also the one way the app saves a file: a Blob
 * behind a temporary object URL, never a data: URL built from page content.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import { t } from '../../i18n';
import s from './style.module.css';

export interface ExportItem {
  id: string;
  label: string;
  /** shown for a moment after it worked ("Copied") */
  done?: string;
  run: () => void | Promise<void>;
}

/** Saves text as a file through the browser's download. */
export function saveFile(name: string, type: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** "<engine>/<scenario>" → "<scenario>" (a safe file name). */
export function fileBase(id: string): string {
  const last = id.split('/').pop() ?? 'lockstep';
  return last.replace(/[^A-Za-z0-9_-]+/g, '-').slice(0, 60) || 'lockstep';
}

export function ExportButtons({ items, label }: { items: ExportItem[]; label: string }) {
  const [state, setState] = useState<{ id: string; phase: 'busy' | 'done' | 'failed' } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const run = async (item: ExportItem) => {
    clearTimeout(timer.current);
    setState({ id: item.id, phase: 'busy' });
    try {
      await item.run();
      setState({ id: item.id, phase: 'done' });
    } catch {
      setState({ id: item.id, phase: 'failed' });
    }
    timer.current = setTimeout(() => setState(null), 1600);
  };
  return (
    <div class={s.row} role="group" aria-label={label}>
      {items.map((item) => {
        const mine = state?.id === item.id ? state.phase : null;
        return (
          <button
            key={item.id}
            type="button"
            class={s.btn}
            onClick={() => void run(item)}
            disabled={mine === 'busy'}
            data-testid={`export-${item.id}`}
            data-state={mine ?? undefined}
          >
            {mine === 'busy'
              ? t('diagram.preparing')
              : mine === 'done' && item.done
                ? item.done
                : mine === 'failed'
                  ? '✗ ' + item.label
                  : item.label}
          </button>
        );
      })}
    </div>
  );
}
