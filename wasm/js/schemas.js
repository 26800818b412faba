// @ts-check
/**
 * The validators of Lockstep's two schemas, each compiled by ajv the first
 * time it is needed (scenario/ajv.js says how).
 *
 * The web build replaces this module with the same two functions over
 * validators generated when the app is built (web/plugins/schemas.ts), so the
 * page never compiles code at run time and works under a Content Security
 * Policy without 'unsafe-eval'.  Keep the exports in step with that plugin.
 */
import scenarioSchema from './scenario.schema.json' with { type: 'json' };
import lessonSchema from '../../lessons/lesson.schema.json' with { type: 'json' };
import { newAjv } from './scenario/ajv.js';

/** @type {import('ajv').ValidateFunction | null} */
let scenario = null;
/** @type {import('ajv').ValidateFunction | null} */
let lesson = null;

/** The validator of scenario.schema.json. */
export function scenarioValidator() {
  return (scenario ??= newAjv().compile(scenarioSchema));
}

/** The validator of lessons/lesson.schema.json. */
export function lessonValidator() {
  return (lesson ??= newAjv().compile(lessonSchema));
}
