/*
 * The address bar: ?scenario=<engine>/<id>&schedule=v1.AgQA…&step=4
 *
 * Reading checks every parameter before anything uses it and reports each bad
 * one in words (the page shows them); the C side checks a schedule's content
 * again when it replays it.  Writing produces the same form, so a copied
 * address restores the same run.
 */
import { t } from '../i18n';

export interface Place {
  /** a lesson's id (lessons/NN-id.md); the address names a lesson or a scenario */
  lesson?: string;
  scenario?: string;
  /** the engine variant, when not the scenario's own */
  variant?: string;
  /** the memory model, when not the scenario's own ("tso"; the module's list is checked on opening) */
  memory?: string;
  schedule?: string;
  step?: number;
  /** the UI language the learner chose ("en", "zh-CN") */
  lang?: string;
  /**
   * who took the run's steps after step `from` when it was not the learner
   * (the explorer's run, Play's steps, a replay under another variant), so a
   * reloaded run does not hand their goal to the learner (store/state.ts, Assist)
   */
  by?: Helper;
  from?: number;
}

/** Who may take steps for the learner (store/state.ts, Assist). */
export type Helper = 'player' | 'explorer' | 'replay';
const HELPERS: readonly Helper[] = ['player', 'explorer', 'replay'];

export interface ParamProblem {
  name: string;
  message: string;
}

export const MAX_SCHEDULE = 20000;
export const MAX_STEP = 1000000;
const SCENARIO_RE = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/i;
const VARIANT_RE = /^[a-z][a-z0-9_]{0,39}$/;
const MEMORY_RE = /^[a-z][a-z0-9_]{0,15}$/;
const LESSON_RE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const LANGS = ['en', 'zh-CN'];
// readable ("v1: A B@cas:m [r:3]", "v1 seed=7: …") or compact ("v1.AgQA-_")
// v2 schedules also hold !H (raise handler H) and ~T (a task's turn), v3 ^A (a flush of
// A's store buffer); any entry may carry a repeat count (tick*399)
export const SCHEDULE_CHARS = /^[A-Za-z0-9 :._\-@[\]=!~^*]*$/;
/** v3's <A:N (actor A's next load reads store N of its cell): the one place a `<` may stand */
const READ_FROM = /<[A-Za-z0-9_]+:\d+/g;

/** Whether a schedule holds only the characters schedules have (a `<` only in a read-from choice). */
export function scheduleCharsOk(s: string): boolean {
  return SCHEDULE_CHARS.test(s.replace(READ_FROM, ''));
}

export function parsePlace(search: string): { place: Place; problems: ParamProblem[] } {
  const q = new URLSearchParams(search);
  const place: Place = {};
  const problems: ParamProblem[] = [];
  const bad = (name: string, message: string) => problems.push({ name, message });

  const lesson = q.get('lesson');
  if (lesson !== null && lesson !== '') {
    if (lesson.length > 80 || !LESSON_RE.test(lesson)) bad('lesson', t('param.badLesson'));
    else place.lesson = lesson;
  }
  const scenario = q.get('scenario');
  if (scenario !== null) {
    if (scenario.length > 200 || !SCENARIO_RE.test(scenario)) bad('scenario', t('param.badScenario'));
    else place.scenario = scenario;
  }
  const schedule = q.get('schedule');
  if (schedule !== null && schedule.trim() !== '') {
    const s = schedule.trim();
    if (s.length > MAX_SCHEDULE) bad('schedule', t('param.tooLong', { max: MAX_SCHEDULE }));
    else if (!scheduleCharsOk(s)) bad('schedule', t('param.badChars'));
    else if (!/^v\d+(\.|:|\s+seed=)/.test(s)) bad('schedule', t('param.badPrefix'));
    else place.schedule = s;
  }
  const variant = q.get('variant');
  if (variant !== null && variant !== '') {
    if (!VARIANT_RE.test(variant)) bad('variant', t('param.badVariant'));
    else place.variant = variant;
  }
  const memory = q.get('memory');
  if (memory !== null && memory !== '') {
    if (!MEMORY_RE.test(memory)) bad('memory', t('param.badMemory'));
    else place.memory = memory;
  }
  const lang = q.get('lang');
  if (lang !== null && lang !== '') {
    const l = LANGS.find((x) => x.toLowerCase() === lang.toLowerCase());
    if (!l) bad('lang', t('param.badLang', { langs: LANGS.join(', ') }));
    else place.lang = l;
  }
  const by = q.get('by');
  if (by !== null && by !== '') {
    const helper = HELPERS.find((h) => h === by);
    if (!helper) bad('by', t('param.badBy', { helpers: HELPERS.join(', ') }));
    else {
      place.by = helper;
      const from = q.get('from') ?? '0';
      const n = /^\d{1,7}$/.test(from) ? Number(from) : NaN;
      if (!(n >= 0 && n <= MAX_STEP)) bad('from', t('param.notStep', { max: MAX_STEP }));
      else place.from = n;
    }
  }
  const step = q.get('step');
  if (step !== null) {
    const n = /^\d{1,7}$/.test(step) ? Number(step) : NaN;
    if (!(n >= 0 && n <= MAX_STEP)) bad('step', t('param.notStep', { max: MAX_STEP }));
    else place.step = n;
  }
  return { place, problems };
}

/** The query string for a place ("" when there is nothing to say). */
export function formatPlace(place: Place): string {
  const q = new URLSearchParams();
  if (place.lesson) q.set('lesson', place.lesson);
  if (place.scenario) q.set('scenario', place.scenario);
  if (place.variant) q.set('variant', place.variant);
  if (place.memory) q.set('memory', place.memory);
  if (place.schedule) q.set('schedule', place.schedule);
  if (place.step !== undefined && place.schedule) q.set('step', String(place.step));
  if (place.by && place.schedule) {
    q.set('by', place.by);
    q.set('from', String(place.from ?? 0));
  }
  if (place.lang) q.set('lang', place.lang);
  const s = q.toString();
  return s ? `?${s}` : '';
}

/**
 * Whether an address's fragment carries a document (`#src=…`: a lesson or scenario a link holds,
 * share/open.ts opens it).  Tiny and here, so the entries test it before loading that chunk.
 */
export function carriesDocument(hash: string): boolean {
  return /^#(?:[^#]*&)?src=/.test(hash);
}
