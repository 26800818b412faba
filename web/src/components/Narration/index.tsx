/*
 * The narration line: what the last step did, in words, and when the lesson
 * has something to say about that step, the lesson's words after it.  It is
 * also the aria-live region, so a screen reader hears each step as it happens.
 * On a phone each new line is scrolled into view above the bottom bar.
 */
import { useEffect, useRef } from 'preact/hooks';
import { InlineText } from '../InlineText';
import { keepInView } from './keepInView';
import s from './style.module.css';

export function Narration({
  text,
  serial,
  alarm,
  lesson,
}: {
  text: string;
  serial: number;
  alarm: boolean;
  /** the lesson's words for this step, if it has some */
  lesson?: string | null;
}) {
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => keepInView(line.current), [serial]);
  // The same words twice in a row (two resets) must still be announced: an
  // invisible character alternates with each announcement.
  return (
    <p
      ref={line}
      class={alarm ? `${s.line} ${s.alarm}` : s.line}
      role="status"
      aria-live="polite"
      aria-atomic="true"
      data-testid="narration"
    >
      {text}
      {lesson && (
        <span class={s.lesson} data-testid="narration-lesson">
          {' '}
          <InlineText text={lesson} />
        </span>
      )}
      {serial % 2 ? '\u200b' : ''}
    </p>
  );
}
