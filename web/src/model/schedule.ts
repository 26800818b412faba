/*
 * Editing the schedule by hand: what the learner typed, tidied and checked
 * for the obvious (characters, length, the version prefix) before the engine
 * checks that it fits the scenario.  Pure.
 */
import { t } from '../i18n';
import { MAX_SCHEDULE, scheduleCharsOk } from './params';

export type ScheduleCheck = { ok: true; schedule: string } | { ok: false; message: string };

/**
 * "A B  A" → "v1: A B A"; "A ^A B <B:0" → "v3: …" (a flush or a read-from
 * choice is v3's); "v1.AgQA" stays; anything with characters a schedule
 * never has is refused with the reason.
 */
export function checkSchedule(text: string): ScheduleCheck {
  const s = text.replace(/\s+/g, ' ').trim();
  if (s === '') return { ok: false, message: t('schedule.empty') };
  if (s.length > MAX_SCHEDULE) return { ok: false, message: t('param.tooLong', { max: MAX_SCHEDULE }) };
  if (!scheduleCharsOk(s)) return { ok: false, message: t('param.badChars') };
  if (/^v\d+(\.|:|\s+seed=)/.test(s)) return { ok: true, schedule: s };
  if (/^v\d+$/.test(s)) return { ok: true, schedule: `${s}:` };
  return { ok: true, schedule: `${/[\^<]/.test(s) ? 'v3' : 'v1'}: ${s}` };
}

/** A readable schedule's version ("v3" of "v3: A ^A"); "v1" when it says none. */
export function scheduleVersion(schedule: string): string {
  return /^(v\d+)/.exec(schedule)?.[1] ?? 'v1';
}

/** The readable schedule without its version prefix, for showing ("A B A"). */
export function scheduleBody(schedule: string): string {
  return schedule.replace(/^v\d+:\s*/, '');
}
