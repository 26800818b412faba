import { actorColour, actorInk, badgeText } from '../../model/format';
import s from './style.module.css';

/** An actor's letter on its colour: never colour alone (UX.md). */
export function ActorBadge({
  name,
  index,
  size = 'm',
}: {
  name: string;
  index: number;
  size?: 's' | 'm' | 'l';
}) {
  return (
    <span
      class={`${s.badge} ${s[size]}`}
      style={{ '--actor': actorColour(index), '--actor-ink': actorInk(index) }}
      aria-hidden="true"
    >
      {badgeText(name)}
    </span>
  );
}
