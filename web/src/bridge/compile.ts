/*
 * The scenario compiler and the lesson parser, for text that was not
 * compiled when the app was built: a scenario from the picker or dropped on
 * the page, a lesson file hosted elsewhere.  Its own chunk, with the YAML
 * reader, the schema validator and every engine's catalog (a scenario's
 * text is checked against its engine's types before the page knows which
 * engine's module to load), loaded only when such a text is opened.
 */
import catalog from '@wasm/catalog.json';
import { compileScenario } from '@lockstep/scenario.js';
import { parseLesson } from '@lockstep/lesson.js';
import type { ScenarioSource } from './bridge';
import type { LessonInfo } from './lessonTypes';
import { lessonInfo } from './lessonInfo';
import type { ScenarioInfo } from './types';

export interface Compiled {
  bytecode: Uint8Array;
  scenario: ScenarioInfo;
  lesson?: LessonInfo;
}

/** Compiles the text (throws the compiler's ScenarioError or LessonError with its problems). */
export function compile(source: ScenarioSource): Compiled {
  if (source.kind === 'lesson') {
    const l = parseLesson(source.text, { file: source.file, catalog });
    return { bytecode: l.bytecode, scenario: l.scenario, lesson: lessonInfo(l) };
  }
  return compileScenario(source.text, { file: source.file, catalog });
}
