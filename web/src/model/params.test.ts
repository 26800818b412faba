import { describe, expect, it } from 'vitest';
import { formatPlace, parsePlace } from './params';

describe('the address', () => {
  it('round-trips a place', () => {
    const place = { scenario: 'sandbox/racy-counter', schedule: 'v1.AgQAAQECAQEAAgECAgE', step: 4 };
    const back = parsePlace(formatPlace(place));
    expect(back).toEqual({ place, problems: [] });
  });
  it('accepts a v2 schedule that raises a handler and lets the tick fall', () => {
    const { place, problems } = parsePlace('?schedule=' + encodeURIComponent('v2: Reader !Uart tick ~t1'));
    expect(problems).toEqual([]);
    expect(place.schedule).toBe('v2: Reader !Uart tick ~t1');
  });
  it('accepts repeat counts (tick*399) and v3 flushes in a schedule', () => {
    const { place, problems } = parsePlace('?schedule=' + encodeURIComponent('v3: A tick*399 ^A B*2'));
    expect(problems).toEqual([]);
    expect(place.schedule).toBe('v3: A tick*399 ^A B*2');
  });
  it('carries who took the run’s steps when it was not the learner (by=, from=)', () => {
    const place = {
      scenario: 'sandbox/racy-counter',
      schedule: 'v1.AgQA',
      step: 4,
      by: 'explorer' as const,
      from: 0,
    };
    expect(formatPlace(place)).toBe(
      '?scenario=sandbox%2Fracy-counter&schedule=v1.AgQA&step=4&by=explorer&from=0',
    );
    expect(parsePlace(formatPlace(place))).toEqual({ place, problems: [] });
    expect(parsePlace('?by=robot').problems[0]?.name).toBe('by');
    expect(formatPlace({ scenario: 'x', by: 'player', from: 2 })).toBe('?scenario=x'); // no run, nobody's steps
  });
  it('accepts the readable schedule form', () => {
    const { place, problems } = parsePlace('?schedule=' + encodeURIComponent('v1: A B B@cas:m [r:3]'));
    expect(problems).toEqual([]);
    expect(place.schedule).toBe('v1: A B B@cas:m [r:3]');
  });
  it('carries the memory model, and a flush in a readable schedule', () => {
    const place = { scenario: 'litmus/sb', memory: 'tso', schedule: 'v3: A A B B ^A', step: 5 };
    expect(formatPlace(place)).toBe('?scenario=litmus%2Fsb&memory=tso&schedule=v3%3A+A+A+B+B+%5EA&step=5');
    expect(parsePlace(formatPlace(place))).toEqual({ place, problems: [] });
  });
  it('names the memory parameter when its value cannot be a model', () => {
    const { place, problems } = parsePlace('?scenario=litmus/sb&memory=TSO%3Cb%3E');
    expect(place).toEqual({ scenario: 'litmus/sb' });
    expect(problems).toEqual([
      { name: 'memory', message: 'a memory model is a short lower-case name, such as sc or tso' },
    ]);
  });
  it('is empty at the start', () => {
    expect(formatPlace({})).toBe('');
    expect(formatPlace({ step: 3 })).toBe('');
  });
  it('reports each bad parameter in words', () => {
    const { place, problems } = parsePlace('?schedule=%3Cscript%3E&step=-1&scenario=..%2Fetc');
    expect(place).toEqual({});
    expect(problems.map((p) => p.name).sort()).toEqual(['scenario', 'schedule', 'step']);
    expect(problems.find((p) => p.name === 'step')?.message).toMatch(/whole number/);
  });
  it('takes a read-from choice in a readable schedule, and no other <', () => {
    expect(parsePlace('?schedule=v3%3A%20A%20A%20B%20%3CB%3A0').place.schedule).toBe('v3: A A B <B:0');
    expect(parsePlace('?schedule=v3%3A%20A%20%3Cb%3E').problems.map((p) => p.name)).toEqual(['schedule']);
  });
  it('wants a versioned schedule', () => {
    expect(parsePlace('?schedule=A%20B').problems[0]?.message).toMatch(/v1/);
  });
  it('refuses absurd sizes', () => {
    expect(parsePlace('?schedule=v1.' + 'A'.repeat(30000)).problems[0]?.message).toMatch(/longer/);
    expect(parsePlace('?step=99999999').problems).toHaveLength(1);
  });
});
