/* `?`: the keyboard shortcuts, in a modal dialog (Escape closes it), in the words of the run's actors. */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n';
import { keyList, type ActorNoun } from '../../model/keys';
import s from './style.module.css';

export interface KeysDialogProps {
  open: boolean;
  /** who the digits step: threads, or tasks (model/keys.ts, actorNoun) */
  actors: ActorNoun;
  /** the run's memory model keeps store buffers: the flush key is listed */
  buffers?: boolean;
  /** the run's memory model keeps every store (ra): the key that picks the store a load reads is listed */
  histories?: boolean;
  onClose: () => void;
}

export function KeysDialog({ open, actors, buffers = false, histories = false, onClose }: KeysDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog ref={ref} class={s.dialog} onClose={onClose} aria-labelledby="keys-title" data-testid="keys">
      <h2 id="keys-title" class={s.title}>
        {t('keys.title')}
      </h2>
      <dl class={s.list}>
        {keyList(actors, buffers, histories).map(({ keys, what }) => (
          <div key={keys} class={s.row}>
            <dt>
              <kbd>{keys}</kbd>
            </dt>
            <dd>{t(what)}</dd>
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
