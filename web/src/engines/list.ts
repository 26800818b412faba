/*
 * Every engine the app knows: one line per engine folder.  Adding an engine
 * is its folder (index.tsx, View/, messages.ts) and its line here.
 */
export { basic } from './basic';
export { parking_lot } from './parking_lot';
export { aqs } from './aqs';
export { embassy } from './embassy';
export { rtos } from './rtos';
export { spinlocks } from './spinlocks';
