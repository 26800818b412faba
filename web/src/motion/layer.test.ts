/*
 * The motion layer against a fake scene: elements are identities with
 * rectangles; a started animation moves its element's visual rectangle
 * part of the way until it is cancelled, as the browser would show it.
 */
import { describe, expect, it } from 'vitest';
import { MotionLayer, type Running, type Scene } from './layer';
import { planMotion, type Frame, type Move, type Rect, type Sample } from './plan';
import { durationFor, MIN_MS, STEP_MS } from './timing';

const r = (x: number, y: number, w = 20, h = 20): Rect => ({ x, y, w, h });

/** A scene whose elements are given per picture; `progress` says how far running moves have got. */
class FakeScene implements Scene {
  items = new Map<string, Sample>();
  running: { move: Move; ms: number; cancelled: boolean }[] = [];
  /** 0..1: how far a started move has got when the next picture is taken */
  progress = 0;

  set(items: Record<string, Sample>): this {
    this.items = new Map(Object.entries(items));
    return this;
  }

  sample(): Frame {
    // what is on screen: an element still moving is drawn part of the way from where it started
    const out = new Map(this.items);
    for (const a of this.running) {
      if (a.cancelled || a.move.kind !== 'move') continue;
      const { from, to } = a.move;
      const p = this.progress;
      const s = out.get(a.move.key);
      if (s)
        out.set(a.move.key, {
          ...s,
          rect: r(from.x + (to.x - from.x) * p, from.y + (to.y - from.y) * p, to.w, to.h),
        });
    }
    return out;
  }

  play(move: Move, ms: number): Running {
    const a = { move, ms, cancelled: false };
    this.running.push(a);
    return { cancel: () => (a.cancelled = true) };
  }

  live() {
    return this.running.filter((a) => !a.cancelled);
  }
}

describe('planMotion: identities', () => {
  it('follows each identity to its new place, whatever the order of the elements', () => {
    const first: Frame = new Map([
      ['token:A', { rect: r(0, 0) }],
      ['token:B', { rect: r(30, 0) }],
      ['token:C', { rect: r(60, 0) }],
    ]);
    // B left the head; C moved up into its place; A stayed
    const last: Frame = new Map([
      ['token:C', { rect: r(30, 0) }],
      ['token:A', { rect: r(0, 0) }],
      ['token:B', { rect: r(0, 100) }],
    ]);
    expect(planMotion(first, last, 'forward')).toEqual([
      { kind: 'move', key: 'token:C', from: r(60, 0), to: r(30, 0), delay: 0 },
      { kind: 'move', key: 'token:B', from: r(30, 0), to: r(0, 100), delay: 0 },
    ]);
  });

  it('fades in a new identity where it is, or brings it from the identity it came from', () => {
    const first: Frame = new Map([['value:counter', { rect: r(0, 0), v: '1' }]]);
    const last: Frame = new Map([
      ['value:counter', { rect: r(0, 0), v: '1' }],
      ['node:s:B', { rect: r(50, 50) }],
      ['mine:A', { rect: r(0, 80), v: '1', from: 'value:counter' }],
    ]);
    expect(planMotion(first, last, 'forward')).toEqual([
      { kind: 'enter', key: 'node:s:B', from: null, to: r(50, 50), delay: 0 },
      { kind: 'enter', key: 'mine:A', from: r(0, 0), to: r(0, 80), delay: 0 },
    ]);
  });

  it('plays an effect only when the identity keeps its place and changes its value', () => {
    const first: Frame = new Map([
      ['bit:m.LOCKED', { rect: r(0, 0), v: '0', fx: 'flip' }],
      ['bit:m.PARKED', { rect: r(30, 0), v: '0', fx: 'flip' }],
    ]);
    const last: Frame = new Map([
      ['bit:m.LOCKED', { rect: r(0, 0), v: '1', fx: 'flip' }],
      ['bit:m.PARKED', { rect: r(30, 0), v: '0', fx: 'flip' }],
    ]);
    expect(planMotion(first, last, 'forward')).toEqual([
      { kind: 'fx', key: 'bit:m.LOCKED', fx: 'flip', v: '1', reverse: false, delay: 0 },
    ]);
  });

  it('does not count a keyed parent’s movement twice in its children', () => {
    const first: Frame = new Map([
      ['bucket:30', { rect: r(0, 100, 200, 60) }],
      ['token:B', { rect: r(10, 120), parent: 'bucket:30' }],
    ]);
    const last: Frame = new Map([
      ['bucket:30', { rect: r(0, 140, 200, 60) }],
      ['token:B', { rect: r(10, 160), parent: 'bucket:30' }],
    ]);
    // the card slides 40 px down and carries B with it: B itself does not move
    expect(planMotion(first, last, 'forward')).toEqual([
      { kind: 'move', key: 'bucket:30', from: r(0, 100, 200, 60), to: r(0, 140, 200, 60), delay: 0 },
    ]);
  });

  it('has nothing to do for a jump', () => {
    const first: Frame = new Map([['token:B', { rect: r(0, 0) }]]);
    const last: Frame = new Map([['token:B', { rect: r(90, 90) }]]);
    expect(planMotion(first, last, 'jump')).toEqual([]);
  });
});

describe('planMotion: going back', () => {
  const parked: Frame = new Map([
    ['token:B', { rect: r(120, 40) }],
    ['bit:m.PARKED', { rect: r(0, 0), v: '1', fx: 'flip' }],
    ['mine:A', { rect: r(0, 80), v: '0', from: 'value:counter' }],
    ['value:counter', { rect: r(0, 0), v: '0' }],
  ]);
  const before: Frame = new Map([
    ['token:B', { rect: r(0, 200) }],
    ['bit:m.PARKED', { rect: r(0, 0), v: '0', fx: 'flip' }],
    ['mine:A', { rect: r(0, 80), v: '—' }],
    ['value:counter', { rect: r(0, 0), v: '0' }],
  ]);

  it('runs every movement the other way round', () => {
    const fwd = planMotion(before, parked, 'forward').filter((m) => m.kind === 'move');
    const back = planMotion(parked, before, 'back').filter((m) => m.kind === 'move');
    expect(fwd).toEqual([{ kind: 'move', key: 'token:B', from: r(0, 200), to: r(120, 40), delay: 0 }]);
    expect(back).toEqual([{ kind: 'move', key: 'token:B', from: r(120, 40), to: r(0, 200), delay: 0 }]);
  });

  it('plays effects reversed, for the older value', () => {
    expect(planMotion(parked, before, 'back')).toContainEqual({
      kind: 'fx',
      key: 'bit:m.PARKED',
      fx: 'flip',
      v: '0',
      reverse: true,
      delay: 0,
    });
  });

  it('sends a value that travelled in back where it came from', () => {
    expect(planMotion(before, parked, 'forward')).toContainEqual({
      kind: 'enter',
      key: 'mine:A',
      from: r(0, 0),
      to: r(0, 80),
      delay: 0,
    });
    expect(planMotion(parked, before, 'back')).toContainEqual({
      kind: 'return',
      key: 'mine:A',
      from: r(0, 80),
      to: r(0, 0),
      delay: 0,
    });
  });
});

describe('MotionLayer', () => {
  it('plays the moves between the picture before the render and the one after', () => {
    const scene = new FakeScene().set({ 'token:B': { rect: r(0, 0) } });
    const layer = new MotionLayer();
    layer.before(scene);
    scene.set({ 'token:B': { rect: r(100, 0) } });
    const moves = layer.after(scene, 'forward', 200);
    expect(moves).toHaveLength(1);
    expect(scene.live()).toEqual([{ move: moves[0], ms: 200, cancelled: false }]);
  });

  it('cancels what still runs when the next step arrives, and starts from where it is on screen', () => {
    const scene = new FakeScene().set({ 'token:B': { rect: r(0, 0) } });
    const layer = new MotionLayer();
    layer.before(scene);
    scene.set({ 'token:B': { rect: r(100, 0) } });
    layer.after(scene, 'forward', 200);
    // half-way there, the learner steps again: B's next place is back at 0
    scene.progress = 0.5;
    layer.before(scene);
    expect(scene.running[0]!.cancelled).toBe(true);
    scene.set({ 'token:B': { rect: r(0, 0) } });
    const moves = layer.after(scene, 'back', 200);
    expect(moves).toEqual([{ kind: 'move', key: 'token:B', from: r(50, 0), to: r(0, 0), delay: 0 }]);
    expect(scene.live()).toHaveLength(1);
  });

  it('starts nothing for a jump and stops what runs', () => {
    const scene = new FakeScene().set({ 'token:B': { rect: r(0, 0) } });
    const layer = new MotionLayer();
    layer.before(scene);
    scene.set({ 'token:B': { rect: r(100, 0) } });
    layer.after(scene, 'forward', 200);
    layer.skip();
    scene.set({ 'token:B': { rect: r(300, 0) } });
    expect(layer.after(scene, 'forward', 200)).toEqual([]);
    expect(scene.live()).toEqual([]);
  });

  it('starts nothing when the step gets no time', () => {
    const scene = new FakeScene().set({ 'token:B': { rect: r(0, 0) } });
    const layer = new MotionLayer();
    layer.before(scene);
    scene.set({ 'token:B': { rect: r(100, 0) } });
    expect(layer.after(scene, 'forward', 0)).toEqual([]);
    expect(scene.running).toEqual([]);
  });
});

describe('durationFor', () => {
  const learner = { intent: 'forward' as const, allowed: true, playing: false, gapMs: 500 };
  it('gives a learner’s step and a step back the full time, a jump none', () => {
    expect(durationFor(learner)).toBe(STEP_MS);
    expect(durationFor({ ...learner, intent: 'back' })).toBe(STEP_MS);
    expect(durationFor({ ...learner, intent: 'jump' })).toBe(0);
  });
  it('gives nothing when motion is off (the setting or reduced motion)', () => {
    expect(durationFor({ ...learner, allowed: false })).toBe(0);
  });
  it('shortens the auto-player’s steps to fit between them, and drops them when too fast', () => {
    expect(durationFor({ ...learner, playing: true, gapMs: 1000 })).toBe(STEP_MS);
    expect(durationFor({ ...learner, playing: true, gapMs: 250 })).toBe(150); // 4 steps/s
    expect(durationFor({ ...learner, playing: true, gapMs: 125 })).toBe(0); // 8 steps/s: under MIN_MS
    expect(Math.round(125 * 0.6)).toBeLessThan(MIN_MS);
  });
});

describe('planMotion: values that travel', () => {
  it('carries a store in even when it writes the number already there (a lost update)', () => {
    const first: Frame = new Map([
      ['mine:B', { rect: r(0, 80), v: '1' }],
      ['value:c', { rect: r(0, 0), v: '1', from: 'mine:A' }],
    ]);
    const last: Frame = new Map([
      ['mine:B', { rect: r(0, 80), v: '—' }],
      ['value:c', { rect: r(0, 0), v: '1', from: 'mine:B' }],
    ]);
    expect(planMotion(first, last, 'forward')).toEqual([
      { kind: 'enter', key: 'value:c', from: r(0, 80), to: r(0, 0), delay: 0 },
    ]);
  });
});
