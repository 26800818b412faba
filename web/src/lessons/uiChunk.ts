/* The lesson player's components, as one lazily loaded chunk (ui.ts). */
export { GoalBanner } from '../components/GoalBanner';
export { LessonIndex } from '../components/LessonIndex';
export { LessonPanel } from '../components/LessonPanel';
