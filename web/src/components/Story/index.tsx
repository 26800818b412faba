/*
 * The left column: what this scenario is about, and the story so far, one
 * line per step, the lost updates marked.  (Lessons will narrate here.)
 */
import { useEffect, useRef } from 'preact/hooks';
import { t } from '../../i18n';
import type { StepLine } from '../../model/format';
import type { ActorNoun } from '../../model/keys';
import { ActorBadge } from '../ActorBadge';
import s from './style.module.css';

export interface StoryProps {
  intro: string;
  actorCount: number;
  /** who the learner steps: threads, or tasks (model/keys.ts, actorNoun) */
  actors: ActorNoun;
  lines: StepLine[];
  actorIndex: (name: string) => number;
  current: number;
}

export function Story({ intro, actorCount, actors, lines, actorIndex, current }: StoryProps) {
  const tasks = actors === 'task';
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [lines.length]);
  const keys = actorCount > 1 ? `1–${Math.min(actorCount, 9)}` : '1';
  return (
    <div class={s.story}>
      {intro && (
        <p class={s.intro} data-testid="story-intro">
          {intro}
        </p>
      )}
      <p class={s.howto}>{t(tasks ? 'story.howtoTasks' : 'story.howto')}</p>
      <p class={s.keys}>{t(tasks ? 'story.keysHintTasks' : 'story.keysHint', { keys })}</p>
      <h2 class={s.heading}>{t('panel.log')}</h2>
      {lines.length === 0 ? (
        <p class={s.empty}>{t(tasks ? 'log.emptyTasks' : 'log.empty')}</p>
      ) : (
        <ol class={s.log} ref={list} data-testid="log">
          {lines.map((l) => (
            <li
              key={l.step}
              class={[s.line, l.lost ? s.lost : '', l.step === current ? s.now : ''].join(' ')}
              aria-current={l.step === current ? 'step' : undefined}
            >
              <span class={s.num}>{l.step}</span>
              {l.actor !== undefined && actorIndex(l.actor) >= 0 ? (
                <ActorBadge name={l.actor} index={actorIndex(l.actor)} size="s" />
              ) : (
                <span class={s.noActor} aria-hidden="true">
                  •
                </span>
              )}
              <span class={s.text}>{l.text}</span>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
