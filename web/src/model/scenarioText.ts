/*
 * What a scenario says to the learner, in the learner's language: its title
 * (the picker, the header, the screen reader's "ready") and its description
 * (the sandbox's intro).  A file that wrote one string has it in both
 * languages (wasm/js/scenario/compile.js), so a text never mixes the two.
 * Pure functions.
 */
import type { LessonText } from '../bridge/lessonTypes';
import type { ScenarioInfo } from '../bridge/types';
import type { Locale } from '../i18n';
import { inLocale } from './lesson';

/** The scenario's title as the header and the announcements say it. */
export function scenarioTitle(s: Pick<ScenarioInfo, 'title'>, locale: Locale): string {
  return inLocale(s.title, locale);
}

/** The sandbox's intro: the description, or '' when the file has none. */
export function scenarioIntro(s: Pick<ScenarioInfo, 'description'>, locale: Locale): string {
  return inLocale(s.description, locale).trim();
}

/** A picker row's words: the title read at build time, else the file's name ("racy-counter"). */
export function pickerTitle(id: string, title: LessonText | null | undefined, locale: Locale): string {
  return inLocale(title, locale) || id.slice(id.indexOf('/') + 1);
}
