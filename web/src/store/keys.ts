/*
 * What a key does, for every page that runs a lesson (the app and the
 * embed): model/keys.ts reads the key, this file turns the learner's moves
 * (step, step over, until shared, tick, drop, flush, read, place, back, forward, reset) into the
 * store's actions, so the embed offers exactly the moves the app does.  A page
 * adds only what it alone has (the app: the keys list, Play, the explorer,
 * undo).
 */
import { useEffect, useRef } from 'preact/hooks';
import { keyReader, type Command } from '../model/keys';
import type { Store } from './store';

/** The store's actions the learner's keys take. */
export type LearnerMoves = Pick<
  Store,
  | 'step'
  | 'stepOver'
  | 'untilShared'
  | 'tick'
  | 'drop'
  | 'flush'
  | 'read'
  | 'placeStore'
  | 'back'
  | 'forward'
  | 'reset'
>;

/** What a page does with the commands that are its own (not a learner's move). */
export type PageKeys = Partial<Record<Command['kind'], () => void>>;

/**
 * The learner's move a command asks for, ready to run; null for a command
 * that is no move (help, play, explore, undo: the page's own).  `d` is a
 * move that does nothing yet: the digit after it names the task.
 */
export function learnerMove(store: LearnerMoves, cmd: Command): (() => void) | null {
  switch (cmd.kind) {
    case 'step':
      return () => void store.step(cmd.actor);
    case 'stepOver':
      return () => void store.stepOver(cmd.actor);
    case 'untilShared':
      return () => void store.untilShared(cmd.actor);
    case 'tick':
      return () => void store.tick();
    case 'dropWhich':
      return () => undefined;
    case 'drop':
      return () => void store.drop(cmd.actor);
    case 'flushWhich':
      return () => undefined;
    case 'flush':
      return () => void store.flush(cmd.actor);
    case 'readWhich':
    case 'readFor':
      return () => undefined;
    case 'read':
      return () => void store.read(cmd.actor, cmd.store);
    case 'placeWhich':
    case 'placeFor':
      return () => undefined;
    case 'place':
      return () => void store.placeStore(cmd.actor, cmd.at);
    case 'back':
      return () => void store.back();
    case 'forward':
      return () => void store.forward();
    case 'reset':
      return () => void store.reset();
    default:
      return null;
  }
}

/**
 * Listens to the page's keys: the learner's moves go to the store, the
 * page's own commands to `own`.  While `paused` (a dialog is open) only
 * `help` is taken, so `?` still closes the keys list.
 */
export function useKeys(store: LearnerMoves, own: PageKeys = {}, paused = false): void {
  // the latest handlers, read at each key: the listener (and the reader's memory of `d`) stays
  const page = useRef({ own, paused });
  page.current = { own, paused };
  useEffect(() => {
    const read = keyReader();
    const onKey = (e: KeyboardEvent) => {
      const cmd = read(e, e.target as HTMLElement | null);
      if (!cmd) return;
      const { own, paused } = page.current;
      if (paused && cmd.kind !== 'help') return;
      const run = learnerMove(store, cmd) ?? own[cmd.kind];
      if (!run) return;
      e.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [store]);
}
