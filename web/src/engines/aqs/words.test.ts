/*
 * The aqs engine: the engine's actions, effects, narration and reasons in words (words.ts), on real engine output.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ActorState, MachineState, PendingAction, TraceEvent } from '../../bridge/types';
import { setLocale } from '../../i18n';
import { blockedText, engineWords, eventText, nextEffect, nextText } from '../../model/describe';
import { narrateSteps } from '../../model/format';
import { actor, ih, st, upTo } from './fixture';
import {
  aqsBlockedText,
  aqsEventText,
  aqsNarrate,
  aqsNextEffect,
  aqsNextText,
  formatMicros,
  placeText,
} from './words';

afterEach(() => setLocale('en'));

describe('the engine’s actions in words', () => {
  const s23 = st(23);
  const cas: PendingAction = {
    kind: 'cas',
    object: 's',
    width: 4,
    value: 3,
    expected: 3,
    desired: 1,
    label: 'CAS permits: take',
  };
  const me = { ...actor(s23, 'C'), status: 'enabled' } as ActorState;

  it('says what a permit CAS does', () => {
    expect(nextText(cas, s23)).toBe('CAS permits 3 → 1');
    expect(nextEffect(cas, me, s23)).toBe('will succeed: permits 3 → 1');
    expect(nextEffect({ ...cas, value: 2 }, me, s23)).toBe('will fail: permits is 2, not 3');
    const reduce = { ...cas, label: 'CAS permits: reduce', value: 0, expected: 0, desired: 4294967295 };
    expect(nextText(reduce, s23)).toBe('CAS permits 0 → -1');
  });

  it('says park, signal and interrupt plainly', () => {
    expect(nextText({ kind: 'park', object: 'A.parker', label: 'park' }, s23)).toBe(
      'park (wait for a signal)',
    );
    expect(nextText({ kind: 'unpark', object: 'B.parker', target: 'B', label: 'unpark' }, s23)).toBe(
      'signal B (unpark)',
    );
    expect(
      nextText({ kind: 'unpark', object: 'A.parker', target: 'A', label: 'interrupt: unpark' }, s23),
    ).toBe('wake A (interrupt)');
    const flag = {
      kind: 'store',
      object: 'thread[0]',
      width: 1,
      arg: 1,
      value: 0,
      label: 'interrupt: set the flag',
    };
    expect(nextText(flag, s23)).toBe('A’s interrupt flag ← set');
    expect(nextEffect(flag, me, s23)).toBe('flag clear → set');
  });

  it('reads the first word and the node statuses', () => {
    const amI: PendingAction = { kind: 'load', object: 's', width: 4, value: 2, label: 'am I first?' };
    expect(nextText(amI, s23)).toBe('read first: am I first in line?');
    expect(nextEffect(amI, actor(s23, 'B'), s23)).toBe('yes: it may try for its permits');
    const before: PendingAction = {
      kind: 'load',
      object: 's',
      width: 4,
      value: 1,
      label: 'anybody queued before me?',
    };
    expect(nextEffect(before, me, s23)).toBe('A is queued first: it queues without trying');
    const signal: PendingAction = {
      kind: 'fetch_and',
      object: 'thread[0]',
      width: 4,
      arg: 4294967294,
      value: 1,
      label: 'signal: clear WAITING',
    };
    expect(nextText(signal, s23)).toBe('signal A: clear WAITING');
    expect(nextEffect(signal, me, s23)).toBe('A is WAITING: clears it, then unparks A');
    const cancel = {
      kind: 'store',
      object: 'thread[0]',
      width: 4,
      arg: 2147483648,
      value: 0,
      label: 'status = CANCELLED',
    };
    expect(nextText(cancel, s23)).toBe('A’s node: status ← CANCELLED');
  });

  it('says “my” in a lane when the node or the flag is the actor’s own', () => {
    const s46 = st(46);
    const a = actor(s46, 'C').next!;
    expect(nextText(a, s46)).toBe('wake A (interrupt)');
    const own: PendingAction = {
      kind: 'load',
      object: 'thread[1]',
      width: 4,
      value: 1,
      label: 'read my status',
    };
    const s2: MachineState = {
      ...s46,
      actors: s46.actors.map((x) => (x.name === 'B' ? { ...x, next: own } : x)),
    };
    expect(nextText(own, s2)).toBe('read my node’s status');
    expect(nextText({ ...own }, s2)).toBe('read B’s node status');
    const lines = narrateSteps(upTo(23), new Set(), engineWords('aqs', st(23)));
    expect(lines.find((l) => l.step === 21)?.text).toBe('B set its own status: 0 → WAITING.');
    expect(lines.find((l) => l.step === 14)?.text).toBe('B checked its interrupt flag: clear.');
  });

  it('leaves what it does not know to the generic words', () => {
    expect(aqsNextText({ kind: 'print', text: 'hi' }, s23)).toBeNull();
    expect(aqsNextEffect({ kind: 'sleep' }, me, s23)).toBeUndefined();
    expect(nextText({ kind: 'print', text: 'hi' }, s23)).toBe('print “hi”');
  });

  it('says why a waiter cannot move, from the queue', () => {
    expect(aqsBlockedText(actor(s23, 'B'), s23)).toBe(
      'parked in s’s queue (2nd in line, wants 1, status WAITING) while s has 0 permits free',
    );
    expect(blockedText(actor(st(46), 'B'), st(46))).toBe(
      'parked in s’s queue (2nd in line, wants 1, status WAITING) while s has 1 permit free',
    );
  });

  it('says when a timed park or a guarded call ends, and who holds the queue lock', () => {
    const timed: PendingAction = {
      kind: 'park',
      object: 'A.parker',
      deadline: 10000,
      label: 'park until the deadline',
    };
    expect(nextText(timed, s23)).toBe('park until a signal, or 10 ms at the latest');
    expect(nextEffect(timed, me, s23)).toBe('sleeps until a signal, an interrupt or the deadline');
    const hold: PendingAction = { kind: 'sleep', deadline: 50000, label: 'hold the permits (the call)' };
    expect(nextText(hold, s23)).toBe('make the call: hold the permits until 50 ms');
    const waiting = {
      ...actor(s23, 'C'),
      status: 'blocked',
      next: { kind: 'lock', object: 's', label: 'lock the queue' },
      blocked: { why: 'lock', object: 's', holder: 'A' },
    } as ActorState;
    expect(blockedText(waiting, s23)).toBe('waits for s’s queue lock, held by A');
    expect(aqsBlockedText({ ...actor(s23, 'B'), blocked: { why: 'parked', until: 10000 } }, s23)).toBe(
      'parked in s’s queue (2nd in line, wants 1, status WAITING) while s has 0 permits free (at most until 10000 µs)',
    );
    expect(placeText(3)).toBe('3rd');
    expect(placeText(12)).toBe('12th');
  });

  it('tells the events of the step into', () => {
    const e = ih.trace.find((x) => x.step === 26)!;
    expect(eventText(e, st(73))).toBe('CAS permits 0 → 1 ✓');
    const c = ih.trace.find((x) => x.step === 53)!;
    expect(aqsEventText(c, st(73))).toBe('my status 0 → CANCELLED');
    const sig = ih.trace.find((x) => x.step === 30)!;
    expect(aqsEventText(sig, st(73))).toBe('A’s status WAITING → 0');
    const n = ih.trace.find((x) => x.kind === 'note' && x.label === 'cancelled node unspliced')!;
    expect(aqsEventText(n, st(73))).toBe('took its cancelled node out of the queue');
  });

  it('says that a timed park ended at its deadline, not that it parked', () => {
    const timedOut: TraceEvent = {
      step: 26,
      kind: 'park',
      actor: 'A',
      object: 'A.parker',
      label: 'park until the deadline',
      woken: false,
    } as TraceEvent;
    expect(aqsEventText(timedOut, st(73))).toBe('park ended at the deadline, nobody woke it');
    const lines = narrateSteps([timedOut], new Set(), engineWords('aqs', st(73)));
    expect(lines[0]!.text).toBe('A’s park ended at its deadline; nobody woke it.');
    const woken = { ...timedOut, woken: true, by: 'H' } as TraceEvent;
    expect(aqsEventText(woken, st(73))).toBe('parked, woken by H');
  });

  it('narrates steps in whole sentences', () => {
    const byStep = (n: number) => ih.trace.filter((e) => e.step === n).map((e) => aqsNarrate(e, st(73)));
    expect(byStep(26)).toEqual(['C gave back 1: permits 0 → 1.']);
    expect(byStep(30)).toEqual(['C signalled A: status WAITING → 0.']);
    expect(byStep(46)).toEqual(['C set A’s interrupt flag.']);
    expect(byStep(68)).toEqual(['B took 1: permits 1 → 0.']);
    expect(byStep(44)).toEqual(['C slept until 3 ms.']);
    const lines = narrateSteps(upTo(58), new Set(), engineWords('aqs', st(73)));
    expect(lines.find((l) => l.step === 55)?.text).toBe('A made B first in line.');
    expect(lines.find((l) => l.step === 58)?.text).toBe('A unparked B.');
  });

  it('speaks Chinese too', () => {
    setLocale('zh-CN');
    expect(nextText(cas, s23)).toBe('CAS permits 3 → 1');
    expect(nextEffect(cas, me, s23)).toBe('会成功：permits 3 → 1');
    expect(nextText({ kind: 'park', label: 'park' }, s23)).toBe('park（等通知）');
    expect(aqsBlockedText(actor(s23, 'B'), s23)).toBe(
      '停在 s 的队列里（排第 2 位，要 1 个，状态 WAITING），而 s 还有 0 个空闲许可',
    );
  });
});

describe('virtual time', () => {
  it('reads in ms and s', () => {
    expect(formatMicros(250000)).toBe('250 ms');
    expect(formatMicros(2000000)).toBe('2 s');
    expect(formatMicros(1500)).toBe('1.5 ms');
    expect(formatMicros(0)).toBe('0 µs');
  });
});
