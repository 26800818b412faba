/*
 * The motion layer's face to the views: a ref for the view's root (useMotion),
 * the class that makes it a motion scope, and the setting's switch.  See
 * README.md for the attributes a view puts on what should move.
 */
export { useMotion } from './useMotion';
export { MotionSwitch } from './MotionSwitch';
import s from './style.module.css';

/** The class of a view's root: a positioning context, stilled when motion is off. */
export const motionScope: string = s.scope!;
