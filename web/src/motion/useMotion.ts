/*
 * The layer bound to a Preact view: put the returned ref on the view's root
 * and pass the snapshot as `stamp`.  When the stamp changes, the old picture
 * is measured during render (the DOM still shows the previous step) and the
 * new one in a layout effect (the DOM shows the new step, not yet painted),
 * so the first frame the learner sees is already the start of the motion.
 * Which way the move went comes from the store (AppState.moved), how fast the
 * auto-player goes from its speed.  No timers: only the animations' own clock.
 */
import type { RefObject } from 'preact';
import { useContext, useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import { delayOf } from '../model/play';
import { StoreContext } from '../store/useStore';
import { DomScene } from './dom';
import { MotionLayer } from './layer';
import type { Intent } from './plan';
import { motionAllowed, onMotionChange } from './settings';
import { durationFor } from './timing';

export function useMotion<T extends HTMLElement>(stamp: unknown): RefObject<T | null> {
  const root = useRef<T>(null);
  const layer = useRef<MotionLayer | null>(null);
  layer.current ??= new MotionLayer();
  const store = useContext(StoreContext);
  const seen = useRef<unknown>(stamp);
  const pending = useRef<{ intent: Intent; ms: number; scene: DomScene; cost: number } | null>(null);

  if (seen.current !== stamp) {
    seen.current = stamp;
    const s = store?.get();
    const intent: Intent = s?.moved ?? 'jump';
    const ms = durationFor({
      intent,
      allowed: motionAllowed(),
      playing: s?.playing ?? false,
      gapMs: s ? delayOf(s.speed) : 0,
    });
    if (root.current && ms > 0) {
      const t0 = performance.now();
      const scene = new DomScene(root.current);
      layer.current.before(scene);
      pending.current = { intent, ms, scene, cost: performance.now() - t0 };
    } else {
      layer.current.skip();
      pending.current = null;
    }
  }

  useLayoutEffect(() => {
    const p = pending.current;
    pending.current = null;
    const el = root.current;
    if (!p || !el) return;
    const t0 = performance.now();
    const moves = layer.current!.after(p.scene, p.intent, p.ms);
    const cost = p.cost + performance.now() - t0;
    // what the last step played, on the root for tests and the bench to read
    el.dataset.motionLast = `${p.intent} ${p.ms} ${moves.length}`;
    el.dataset.motionMoves = moves.map((m) => `${m.kind}:${m.key}`).join(' ');
    // the layer's own time on the main thread for this step (both measurements, starting the animations)
    el.dataset.motionCost = cost.toFixed(2);
  }, [stamp]);

  // turned off mid-animation: everything snaps to the rendered page
  useEffect(() => onMotionChange(() => motionAllowed() || layer.current?.skip()), []);
  useEffect(() => () => layer.current?.skip(), []);
  return root;
}
