/*
 * The engine registry: each engine's card (engines/<engine>/index.ts, listed
 * by the one list of engines, mk/engines.mk, through plugins/engines.ts) in
 * course order, the parts of those engines that have loaded, and the few
 * questions the app asks of them.  A card is all a page carries of an engine
 * until loadEngine() is awaited for it (the store does when a scenario of that
 * engine opens), so an engine added later makes no other engine's page
 * heavier.  The hooks' askers (describe.ts, mermaid.ts, the Stage) see only
 * loaded engines: the open scenario's, and any shown before.  The app's
 * generic parts go through here and never name an engine.
 */
import { addMessages, type Locale } from '../i18n';
import { entries } from 'virtual:lockstep/engines';
import type { EngineCard, EngineEntry } from './types';

export type {
  DiagramColumn,
  DiagramWake,
  EngineCard,
  EngineDiagram,
  EngineEntry,
  EngineParts,
  EngineReasons,
  EngineViewProps,
  EngineWords,
  Localized,
} from './types';

/** Every engine's card, in course order. */
export const ENGINES: readonly EngineCard[] = [...entries].sort(
  (a, b) => a.order - b.order || a.id.localeCompare(b.id),
);

/** The card of engine `id`, or undefined for an engine the app does not know. */
export function engineById(id: string | undefined): EngineCard | undefined {
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

const loading = new Map<string, Promise<EngineEntry>>();
const loaded = new Map<string, EngineEntry>();
/** loaded engines in course order, remade on each load (the askers read it several times a step) */
let inOrder: readonly EngineEntry[] = [];

/**
 * Loads engine `id`'s parts (the first engine's for an engine the app does
 * not know, whose scenario is shown as plain shared memory) and gives its
 * words to i18n; once per page, a failed load is tried again next time.
 */
export function loadEngine(id: string | undefined): Promise<EngineEntry> {
  const card = engineById(id) ?? ENGINES[0]!;
  let p = loading.get(card.id);
  if (p) return p;
  p = card.load().then((parts) => {
    addMessages(parts.messages);
    const entry: EngineEntry = { ...card, ...parts };
    loaded.set(card.id, entry);
    inOrder = ENGINES.flatMap((e) => loaded.get(e.id) ?? []);
    return entry;
  });
  loading.set(card.id, p);
  p.catch(() => loading.delete(card.id));
  return p;
}

/** Every engine loaded (tests, and a page that shows them all). */
export function loadEveryEngine(): Promise<EngineEntry[]> {
  return Promise.all(ENGINES.map((e) => loadEngine(e.id)));
}

/** The engines whose parts have loaded, in course order. */
export function loadedEngines(): readonly EngineEntry[] {
  return inOrder;
}

/** Engine `id` with its parts once they have loaded; undefined before, and for an engine the app does not know. */
export function loadedEngine(id: string | undefined): EngineEntry | undefined {
  return id === undefined ? undefined : loaded.get(id);
}
