/*
 * Unit tests run with every engine's parts and every language's table
 * loaded, as in a page that has shown every engine in both languages: the
 * hooks' askers (model/describe.ts, model/mermaid.ts, the Stage) read loaded
 * engines only, a page awaits its engine before it shows a scenario
 * (store/opening.ts), and setLocale switches at once to a loaded language.
 */
import { loadEveryEngine } from './engines';
import { LOCALES, loadLocale } from './i18n';

await Promise.all([loadEveryEngine(), ...LOCALES.map(loadLocale)]);
