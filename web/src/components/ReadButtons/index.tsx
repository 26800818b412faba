/*
 * The stores an actor's next load may read, one button each ("read 0
 * (initial)", "read 1 (A, step 3)"), or the places its next store may take
 * ("before 1 (A, step 3)", "at the end"), under a memory model that keeps
 * every store (ra).  The lane and the store-history panel both show them;
 * each button says in full, to a screen reader too, which store it reads or
 * where the store goes, and the keys that take it (r or p, the actor's
 * digit, the number: a sequence, which aria-keyshortcuts cannot say, so the
 * buttons are described by it).
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
  /** all of one kind: reads, or places */
  options: readonly ReadOption[];
  /** `store`: the store read, or the place taken (`kind` says which) */
  onRead: (actor: number, store: number, kind: ReadOption['kind']) => void;
  busy?: boolean;
  /** where they stand, for the tests ("lane", "panel") */
  place: string;
}

export function ReadButtons({ actor, index, options, onRead, busy = false, place }: ReadButtonsProps) {
  const first = options[0];
  if (!first) return null;
  const digit = index < 9 ? String(index + 1) : null;
  const placing = first.kind === 'place';
  const name = placing ? 'place' : 'read';
  const keysId = `${name}-${place}-${index}-keys`;
  const title = t(placing ? 'history.pickPlace' : 'history.pick', { actor, object: first.object });
  return (
    <div class={s.pick} role="group" aria-label={title} data-testid={`${name}-${place}-${actor}`}>
      <p class={s.title} aria-hidden="true">
        {title}
      </p>
      <div class={s.buttons}>
        {options.map((o) => {
          const who = storeWho(o.by, o.step);
          const words = {
            actor,
            object: o.object,
            index: o.store,
            value: formatValue(o.value),
            who,
          };
          const label = t(
            !placing ? 'history.readLabel' : o.newest ? 'history.placeEndLabel' : 'history.placeLabel',
            words,
          );
          return (
            <button
              key={o.store}
              type="button"
              class={o.newest ? `${s.read} ${s.newest}` : s.read}
              disabled={busy}
              onClick={() => onRead(index, o.store, o.kind)}
              aria-label={label}
              title={label}
              aria-describedby={digit && o.store < 10 ? keysId : undefined}
              data-testid={`${name}-${actor}-${o.store}`}
            >
              {t(!placing ? 'history.read' : o.newest ? 'history.placeEnd' : 'history.place', {
                index: o.store,
                who,
              })}
              {(!placing || !o.newest) && <code class={s.value}>= {formatValue(o.value)}</code>}
            </button>
          );
        })}
      </div>
      {digit && (
        <p class={s.keys} id={keysId}>
          {t(placing ? 'history.placeKeys' : 'history.readKeys', { key: digit })}
        </p>
      )}
    </div>
  );
}
