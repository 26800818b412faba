/*
 * The narration line: what the last step did, in words.  It is also the
 * aria-live region, so a screen reader hears each step as it happens.
 */
import s from './style.module.css';

export function Narration({ text, serial, alarm }: { text: string; serial: number; alarm: boolean }) {
  // The same words twice in a row (two resets) must still be announced: an
  // invisible character alternates with each announcement.
  return (
    <p
      class={alarm ? `${s.line} ${s.alarm}` : s.line}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="narration"
    >
      {text}
      {serial % 2 ? '\u200b' : ''}
    </p>
  );
}
