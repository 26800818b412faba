/* The lesson column, as a lazily loaded chunk (ui.ts). */
export { LessonPanel } from '../components/LessonPanel';
