/* `?`: the keyboard shortcuts, in a modal dialog (Escape closes it). */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n';
import s from './style.module.css';

export function KeysDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  const rows: [string, string][] = [
    ['1 – 9', t('keys.step')],
    ['Shift + 1 – 9', t('keys.fold')],
    ['←', t('keys.back')],
    ['→', t('keys.forward')],
    ['Home', t('keys.reset')],
    ['Space', t('keys.play')],
    ['e', t('keys.explore')],
    ['t', t('keys.tick')],
    ['d, 1 – 9', t('keys.drop')],
    ['Ctrl + Z', t('keys.undo')],
    ['?', t('keys.help')],
  ];
  return (
    <dialog ref={ref} class={s.dialog} onClose={onClose} aria-labelledby="keys-title" data-testid="keys">
      <h2 id="keys-title" class={s.title}>
        {t('keys.title')}
      </h2>
      <dl class={s.list}>
        {rows.map(([k, v]) => (
          <div key={k} class={s.row}>
            <dt>
              <kbd>{k}</kbd>
            </dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <form method="dialog">
        <button class={s.close} type="submit">
          {t('keys.close')}
        </button>
      </form>
    </dialog>
  );
}
