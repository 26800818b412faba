/*
 * The animation layer: measures a view's keyed elements before and after a
 * render and plays the difference (FLIP: First, Last, Invert, Play).  The
 * invariant: the layer never decides what the page shows.  Preact's render of
 * the step is the truth; animations only start from the old picture and end
 * exactly at the rendered one (their keyframes give only the start, the end is
 * the element's own style), and whatever is still running when the next step
 * arrives is cancelled, after its current look has been measured, so the next
 * motion starts from where things are on screen.
 *
 * The layer is independent of the DOM: it talks to a Scene (dom.ts for the
 * page, a fake in the tests).
 */
import { planMotion, type Frame, type Intent, type Move } from './plan';

/** A started animation, as far as the layer cares. */
export interface Running {
  cancel(): void;
}

/** The view as the layer sees it. */
export interface Scene {
  /** every keyed element, as it looks now (in-flight animations included) */
  sample(): Frame;
  /** starts one move lasting `ms`; null when the element is gone */
  play(move: Move, ms: number): Running | null;
}

export class MotionLayer {
  #first: Frame | null = null;
  #running: Running[] = [];

  /** Before the render: the old picture, as it looks now; then nothing of the last step keeps running. */
  before(scene: Scene): void {
    this.#first = scene.sample();
    this.cancel();
  }

  /**
   * After the render: plays the moves from the picture taken by before() to
   * this one, each lasting `ms`.  Returns them (for tests and measurements).
   */
  after(scene: Scene, intent: Intent, ms: number): Move[] {
    const first = this.#first;
    this.#first = null;
    if (!first || ms <= 0) return [];
    const moves = planMotion(first, scene.sample(), intent);
    for (const m of moves) {
      const r = scene.play(m, ms);
      if (r) this.#running.push(r);
    }
    return moves;
  }

  /** Stops everything: elements snap to their rendered look. */
  cancel(): void {
    const running = this.#running;
    this.#running = [];
    for (const r of running) r.cancel();
  }

  /** A jump, or motion turned off: forget the old picture, stop what runs. */
  skip(): void {
    this.#first = null;
    this.cancel();
  }

  /** How many animations were started and not cancelled yet (finished ones included). */
  get started(): number {
    return this.#running.length;
  }
}
