/*
 * What the goal banner quotes under "What happened": the step that reached
 * the goal (as `lockstep check` counts it, model/lesson.ts goalStep), in the
 * narration's words, and what the lesson said at that very step.  Never an
 * older beat: the banner tells the move that won, not the one before it.
 */
import type { LessonInfo } from '../bridge/lessonTypes';
import type { Snapshot } from '../bridge/types';
import { racyObjects } from '../engines';
import { t } from '../i18n';
import { engineWords } from './describe';
import { stepLine } from './format';
import { goalStep, saidBeats, type SaidBeat } from './lesson';

export interface GoalMoment {
  /** the step that reached the goal */
  step: number;
  /** its narration ("Step 13: C wrote -2 to sem (it was -1).") */
  text: string;
  /** the lesson's beats said at that step */
  beats: SaidBeat[];
}

/** The moment the goal was reached on this run, or null while it is not. */
export function goalMoment(lesson: LessonInfo, snap: Snapshot, engine?: string): GoalMoment | null {
  const step = goalStep(lesson, snap);
  if (step === null) return null;
  const line = stepLine(snap.trace, step, racyObjects(snap.state.objects), engineWords(engine, snap.state));
  return {
    step,
    text: line ? t('event.step', { step, text: line.text }) : '',
    beats: saidBeats(lesson, snap).filter((b) => b.step === step),
  };
}
