/*
 * What every engine's reason table must do (engines/<engine>/reasons.test.ts
 * calls it with its examples): say each example in Chinese exactly, have an
 * example for every code it knows, and use no English words in Chinese but
 * the names of code (unpark, poll, release…) and of the example's objects.
 */
import { describe, expect, it } from 'vitest';
import type { Blocked } from '../bridge/types';
import type { ReasonArgs } from '../model/blocked';
import type { EngineReasons } from './types';

export interface ReasonExample {
  b: Blocked & Record<string, string | number>;
  zh: string;
}

/** Names of code a Chinese reason may keep in English (model/blocked.test.ts holds the machine's to it too). */
export const CODE_WORDS = [
  'unpark',
  'unpark_one',
  'validate',
  'poll',
  'release',
  'acquire',
  'pend',
  'post',
  'tick',
  'notify',
  'next_message',
  'wait_mask',
];

export function saysItsReasons(reasons: EngineReasons, names: string[], examples: ReasonExample[]): void {
  describe('the engine’s reason codes', () => {
    for (const { b, zh } of examples)
      it(`says ${b.why} ${JSON.stringify(b)} in Chinese`, () => {
        const say = reasons[b.why];
        expect(say, b.why).toBeDefined();
        expect(say!['zh-CN'](b as unknown as ReasonArgs)).toBe(zh);
      });

    it('has an example for every code it knows', () => {
      expect([...new Set(examples.map((x) => x.b.why))].sort()).toEqual(Object.keys(reasons).sort());
    });

    it('says the Chinese without English words other than names of code and of objects', () => {
      for (const { zh } of examples) {
        const words = zh.match(/[A-Za-z_]{3,}/g) ?? [];
        expect(words.filter((w) => !CODE_WORDS.includes(w) && !names.includes(w))).toEqual([]);
      }
    });
  });
}
