/*
 * The engine registry: the engines' cards (engines/<engine>/index.ts, listed
 * by the one list of engines, mk/engines.mk, through plugins/engines.ts), the
 * parts of those engines that have loaded, and the few questions the app asks
 * of them.  A page knows only the cards it has met: a compiled lesson or
 * scenario brings its engine's (knowCard), and the list of them all is a
 * chunk fetched when a page first shows every engine (loadCards: the
 * pickers); a card is all a page carries of an engine until loadEngine() is
 * awaited for it (the store does when a scenario of that engine opens).  So
 * an engine added later makes no other engine's page heavier, not even by
 * its card.  The hooks' askers (describe.ts, mermaid.ts, the Stage) see only
 * loaded engines: the open scenario's, and any shown before.  The app's
 * generic parts go through here and never name an engine.
 */
import { addMessages, type Locale } from '../i18n';
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

/** Every card known so far, by id: those the opened lessons and scenarios brought, and all once loadCards() has run. */
const known = new Map<string, EngineCard>();
let all: Promise<readonly EngineCard[]> | null = null;
let allCards: readonly EngineCard[] | null = null;

const byCourse = (a: EngineCard, b: EngineCard) => a.order - b.order || a.id.localeCompare(b.id);

/**
 * Makes a card known: a lesson's or a scenario's compiled chunk carries its
 * engine's card (web/plugins/builtIn.ts), so opening it needs no list.
 */
export function knowCard(card: EngineCard): void {
  if (!known.has(card.id)) known.set(card.id, card);
}

/**
 * Every engine's card, in course order: a chunk of its own, fetched the
 * first time a page needs them all (the pickers, the lesson list, a scenario
 * whose engine no chunk has brought); once per page, again after a failure.
 */
export function loadCards(): Promise<readonly EngineCard[]> {
  all ??= import('virtual:lockstep/engines').then(async (m) => {
    const entries = await m.entries();
    for (const card of entries) knowCard(card);
    return (allCards = [...entries].sort(byCourse));
  });
  all.catch(() => (all = null));
  return all;
}

/** The card of engine `id` once known (see knowCard, loadCards), else undefined. */
export function engineById(id: string | undefined): EngineCard | undefined {
  return id === undefined ? undefined : known.get(id);
}

/** An engine's name for people ("Parking lot"), or its id while its card is not known. */
export function engineTitle(id: string, locale: Locale): string {
  return engineById(id)?.title[locale] ?? id;
}

/** Where an engine stands among the others (unknown engines last); the order is known once loadCards() has answered. */
export function engineRank(id: string): number {
  const cards = allCards ?? [];
  const i = cards.findIndex((e) => e.id === id);
  return i >= 0 ? i : cards.length;
}

/** The names of the objects whose store may lose an update (the known engines' `racy` types: the open scenario's engine is known). */
export function racyObjects(objects: readonly { name: string; type: string }[]): Set<string> {
  const types = new Set([...known.values()].flatMap((e) => e.racy ?? []));
  return new Set(objects.filter((o) => types.has(o.type)).map((o) => o.name));
}

const loading = new Map<string, Promise<EngineEntry>>();
const loaded = new Map<string, EngineEntry>();
/** an engine the app does not know -> the engine shown in its place (the first) */
const standIns = new Map<string, string>();
/** loaded engines in course order, remade on each load (the askers read it several times a step) */
let inOrder: readonly EngineEntry[] = [];

function loadParts(card: EngineCard): Promise<EngineEntry> {
  let p = loading.get(card.id);
  if (p) return p;
  p = card.load().then((parts) => {
    addMessages(parts.messages);
    const entry: EngineEntry = { ...card, ...parts };
    loaded.set(card.id, entry);
    inOrder = [...loaded.values()].sort(byCourse);
    return entry;
  });
  loading.set(card.id, p);
  p.catch(() => loading.delete(card.id));
  return p;
}

/**
 * Loads engine `id`'s parts (the first engine's for an engine the app does
 * not know, whose scenario is shown as plain shared memory) and gives its
 * words to i18n; once per page, a failed load is tried again next time.  A
 * known card loads its parts at once; else the cards come first.
 */
export function loadEngine(id: string | undefined): Promise<EngineEntry> {
  const card = engineById(id);
  if (card) return loadParts(card);
  return loadCards().then((cards) => {
    const shown = engineById(id) ?? cards[0]!;
    if (id !== undefined && shown.id !== id) standIns.set(id, shown.id);
    return loadParts(shown);
  });
}

/** Every engine loaded (tests, and a page that shows them all). */
export async function loadEveryEngine(): Promise<EngineEntry[]> {
  return Promise.all((await loadCards()).map(loadParts));
}

/** The engines whose parts have loaded, in course order. */
export function loadedEngines(): readonly EngineEntry[] {
  return inOrder;
}

/** Engine `id` with its parts once they have loaded; undefined before, and for an engine the app does not know. */
export function loadedEngine(id: string | undefined): EngineEntry | undefined {
  return id === undefined ? undefined : loaded.get(id);
}

/** What the page shows for engine `id` once loadEngine(id) has answered: its own entry, or the one standing in for it. */
export function shownEngine(id: string | undefined): EngineEntry | undefined {
  return id === undefined ? undefined : (loaded.get(id) ?? loaded.get(standIns.get(id) ?? ''));
}
