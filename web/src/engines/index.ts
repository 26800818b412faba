/*
 * The engine registry: each engine's entry (engines/<engine>/index.ts, listed
 * by the one list of engines, mk/engines.mk, through plugins/engines.ts) in course order, and the few questions the app asks of it.  The
 * app's generic parts go through here and never name an engine.
 */
import type { Locale } from '../i18n';
import { entries } from 'virtual:lockstep/engines';
import type { EngineEntry } from './types';

export type {
  DiagramColumn,
  DiagramWake,
  EngineDiagram,
  EngineEntry,
  EngineReasons,
  EngineViewProps,
  EngineWords,
  Localized,
} from './types';

/** Every engine, in course order. */
export const ENGINES: readonly EngineEntry[] = [...entries].sort(
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

/** The names of the objects whose store may lose an update (their engine's `racy` types). */
export function racyObjects(objects: readonly { name: string; type: string }[]): Set<string> {
  const types = new Set(ENGINES.flatMap((e) => e.racy ?? []));
  return new Set(objects.filter((o) => types.has(o.type)).map((o) => o.name));
}
