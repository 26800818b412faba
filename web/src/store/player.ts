/*
 * The auto-player: Play steps on its own, one step per tick, along the
 * recorded future first (a loaded counterexample, or where the learner went
 * back from), then by the chosen policy, at the chosen speed; it stops when
 * no actor can move.  Its steps are marked as not the learner's (assist).
 * A lesson may keep it locked until the learner's own attempt or hint.
 */
import { t } from '../i18n';
import { SPEEDS, delayOf, playMove, type PlayPolicy } from '../model/play';
import type { StoreCore } from './core';
import { helpLocked } from './state';

export class Player {
  readonly #c: StoreCore;
  /** seeds the random policy; a new one for each play */
  #seed = 1;

  constructor(core: StoreCore) {
    this.#c = core;
  }

  pause(): void {
    this.#c.halt();
  }

  play(): void {
    const c = this.#c;
    const snap = c.state.snap;
    if (c.state.playing || c.state.phase !== 'ready' || !snap) return;
    if (helpLocked(c.state)) {
      c.say(t('help.locked'));
      return;
    }
    if (playMove(snap.state, snap.trace, c.state.policy, this.#seed).kind === 'stop') {
      c.say(t('play.ended'));
      return;
    }
    this.#seed = (this.#seed * 1103515245 + 12345) >>> 0 || 1;
    c.set({ playing: true });
    this.#tick();
  }

  togglePlay(): void {
    if (this.#c.state.playing) this.pause();
    else this.play();
  }

  setSpeed(i: number): void {
    const speed = Math.min(SPEEDS.length - 1, Math.max(0, Math.round(i)));
    if (speed !== this.#c.state.speed) this.#c.set({ speed });
  }

  setPolicy(policy: PlayPolicy): void {
    if (policy !== this.#c.state.policy) this.#c.set({ policy });
  }

  #tick(): void {
    const c = this.#c;
    c.timer = undefined;
    const snap = c.state.snap;
    if (!c.state.playing) return;
    if (!snap || c.state.phase !== 'ready') return c.halt();
    const move = playMove(snap.state, snap.trace, c.state.policy, this.#seed);
    if (move.kind === 'stop') return c.halt();
    const job =
      move.kind === 'forward'
        ? c.move(
            (e) => e.goto(snap.state.step + 1),
            (n) => c.tell(n),
            'goto',
            'forward',
          )
        : c.move(
            (e) =>
              e.step(move.actor).then((n) => {
                // the player's step: the run from here on is not the learner's
                const a = c.state.assist;
                if (!a || n.state.step - 1 < a.from)
                  c.set({ assist: { by: 'player', from: n.state.step - 1 } });
                return n;
              }),
            (n) => c.tell(n),
            'step',
          );
    void job.then(() => {
      if (!c.state.playing) return;
      const now = c.state.snap;
      if (!now || playMove(now.state, now.trace, c.state.policy, this.#seed).kind === 'stop') {
        c.halt();
        return;
      }
      c.timer = setTimeout(() => this.#tick(), delayOf(c.state.speed));
    });
  }
}
