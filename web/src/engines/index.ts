/*
 * The engine registry: each engine's entry (engines/<engine>/index.tsx, listed
 * in list.ts) in course order, and the few questions the app asks of it.  The
 * app's generic parts go through here and never name an engine.
 */
import type { Locale } from '../i18n';
import * as all from './list';
import type { EngineEntry } from './types';

export type { EngineDiagram, EngineEntry, EngineViewProps, EngineWords, Localized } from './types';

/** Every engine, in course order. */
export const ENGINES: readonly EngineEntry[] = (Object.values(all) as EngineEntry[]).sort(
  (a, b) => a.order - b.order || a.id.localeCompare(b.id),
);

/** The entry of engine `id`, or undefined for an engine the app does not know. */
export function engineById(id: string | undefined): EngineEntry | undefined {
  return id === undefined ? undefined : ENGINES.find((e) => e.id === id);
}

/** An engine's name for people ("Parking lot"), or its id when the app does not know it. */
export function engineTitle(id: string, locale: Locale): string {
  return engineById(id)?.title[locale] ?? id;
}

/** Where an engine stands among the others (unknown engines last). */
export function engineRank(id: string): number {
  const i = ENGINES.findIndex((e) => e.id === id);
  return i >= 0 ? i : ENGINES.length;
}
