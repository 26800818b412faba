/*
 * The stores an actor's next load may read, one button each ("read 0
 * (initial)", "read 1 (A, step 3)"), under a memory model that keeps every
 * store (ra).  The lane and the store-history panel both show them; each
 * button says in full, to a screen reader too, which store it reads and the
 * keys that take it (r, the actor's digit, the store's number: a sequence,
 * which aria-keyshortcuts cannot say, so the buttons are described by it).
 */
import type { ReadOption } from '../../model/storeHistory';
import { t } from '../../i18n';
import { formatValue } from '../../model/format';
import { storeWho } from '../../model/readWords';
import s from './style.module.css';

export interface ReadButtonsProps {
  actor: string;
  /** the actor's index: its digit is index + 1 */
  index: number;
  options: readonly ReadOption[];
  onRead: (actor: number, store: number) => void;
  busy?: boolean;
  /** where they stand, for the tests ("lane", "panel") */
  place: string;
}

export function ReadButtons({ actor, index, options, onRead, busy = false, place }: ReadButtonsProps) {
  const first = options[0];
  if (!first) return null;
  const digit = index < 9 ? String(index + 1) : null;
  const keysId = `read-${place}-${index}-keys`;
  return (
    <div
      class={s.pick}
      role="group"
      aria-label={t('history.pick', { actor, object: first.object })}
      data-testid={`read-${place}-${actor}`}
    >
      <p class={s.title} aria-hidden="true">
        {t('history.pick', { actor, object: first.object })}
      </p>
      <div class={s.buttons}>
        {options.map((o) => {
          const who = storeWho(o.by, o.step);
          const label = t('history.readLabel', {
            actor,
            object: o.object,
            index: o.store,
            value: formatValue(o.value),
            who,
          });
          return (
            <button
              key={o.store}
              type="button"
              class={o.newest ? `${s.read} ${s.newest}` : s.read}
              disabled={busy}
              onClick={() => onRead(index, o.store)}
              aria-label={label}
              title={label}
              aria-describedby={digit && o.store < 10 ? keysId : undefined}
              data-testid={`read-${actor}-${o.store}`}
            >
              {t('history.read', { index: o.store, who })}
              <code class={s.value}>= {formatValue(o.value)}</code>
            </button>
          );
        })}
      </div>
      {digit && (
        <p class={s.keys} id={keysId}>
          {t('history.readKeys', { key: digit })}
        </p>
      )}
    </div>
  );
}
