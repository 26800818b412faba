/*
 * An actor's badge: its letter on its colour (never colour alone, UX.md).
 * Actors whose names share an initial get two characters each (TaskA: TA,
 * TaskB: TB); the page's actors come from BadgePeers, which the app and the
 * embed provide around everything they draw.
 */
import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import { actorColour, actorInk, badgeText } from '../../model/format';
import s from './style.module.css';

/** The names of every actor on the page (none: each badge is its name's first letter). */
export const BadgePeers = createContext<readonly string[]>([]);

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
      {badgeText(name, useContext(BadgePeers))}
    </span>
  );
}
