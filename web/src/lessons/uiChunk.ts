/* The lesson player's components, as one lazily loaded chunk (ui.ts). */
export { GoalBanner } from '../components/GoalBanner';
export { LessonIndex } from '../components/LessonIndex';
export { LessonPanel } from '../components/LessonPanel';

// the lesson's text is made safe by the sanitizer's chunk: fetch it now, in parallel with the engine
void import('../model/sanitize');
