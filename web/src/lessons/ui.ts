/*
 * The lesson player's components load as chunks of their own, so the
 * sandbox's first paint does not carry them: the lesson column (with Embed)
 * in parallel with the engine when a lesson opens; the goal banner once the
 * learner moves (it is shown only when a goal is reached); the lesson index
 * when it first opens.
 */
import { onDemand } from '../components/Lazy/onDemand';

const lessonUI = onDemand(() => import('./uiChunk'));
const goalBanner = onDemand(() => import('../components/GoalBanner'));
const lessonIndex = onDemand(() => import('../components/LessonIndex'));

/** Starts loading the lesson column (main.tsx calls it when the address opens a lesson). */
export const loadLessonUI = lessonUI.start;
/** The lesson column once loaded (null until then); `want` starts loading it. */
export const useLessonUI = lessonUI.use;
/** The goal banner once loaded; `want` (a lesson whose run has begun) starts loading it. */
export const useGoalBanner = (want: boolean) => goalBanner.use(want)?.GoalBanner ?? null;
/** The lesson index once loaded; `open` starts loading it. */
export const useLessonIndex = (open: boolean) => lessonIndex.use(open)?.LessonIndex ?? null;
