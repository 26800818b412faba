/*
 * The learner's progress through the course: which lessons' goals they
 * reached, kept in localStorage ("lockstep.progress").  A storage that is
 * missing, full or holds nonsense is treated as no progress.  Pure functions
 * over a Storage-like object.
 */

export const PROGRESS_KEY = 'lockstep.progress';

export interface Reached {
  /** when (ISO 8601) */
  at: string;
  /** in how many steps (the whole run, start included) */
  steps: number;
  variant: string;
}

export type Progress = Record<string, Reached>;

type Store = Pick<Storage, 'getItem' | 'setItem'>;

/** The progress saved in `storage` (empty when there is none or it does not read). */
export function readProgress(storage: Store | null | undefined): Progress {
  let raw: string | null;
  try {
    raw = storage?.getItem(PROGRESS_KEY) ?? null;
  } catch {
    return {};
  }
  if (!raw) return {};
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return {};
  }
  if (!data || typeof data !== 'object' || Array.isArray(data)) return {};
  const out: Progress = {};
  for (const [id, v] of Object.entries(data as Record<string, unknown>)) {
    if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(id) || !v || typeof v !== 'object') continue;
    const r = v as Record<string, unknown>;
    out[id] = {
      at: typeof r.at === 'string' ? r.at : '',
      steps: typeof r.steps === 'number' && Number.isFinite(r.steps) ? r.steps : 0,
      variant: typeof r.variant === 'string' ? r.variant : '',
    };
  }
  return out;
}

/** Records that lesson `id`'s goal was reached (the first time is kept); returns the progress now. */
export function markReached(
  storage: Store | null | undefined,
  id: string,
  how: { steps: number; variant: string },
  now: Date = new Date(),
): Progress {
  const progress = readProgress(storage);
  if (progress[id]) return progress;
  const next = { ...progress, [id]: { at: now.toISOString(), steps: how.steps, variant: how.variant } };
  try {
    storage?.setItem(PROGRESS_KEY, JSON.stringify(next));
  } catch {
    // not saved (storage full or refused); the page still shows it for now
  }
  return next;
}

/** The browser's localStorage, or null where it is refused. */
export function browserStorage(): Store | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}
