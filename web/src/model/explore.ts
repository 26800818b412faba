/*
 * The explorer in words: its options, its progress and its result line
 * ("Found: stuck after 34 steps with 2 preemptions, in 38 executions (0.6 ms)";
 * "No stuck run or failed check within 3 preemptions: 310 executions, complete").
 * Pure.
 */
import { t, type MessageKey } from '../i18n';
import type { ExploreOptions, ExploreProgress, ExploreResult, Strategy } from '../bridge/explorer';

export const STRATEGIES: readonly Strategy[] = ['dfs', 'random', 'pct'];
export const MAX_BOUND = 8;

/** What a learner gets without touching the options. */
export const DEFAULT_EXPLORE: ExploreOptions = {
  strategy: 'dfs',
  bound: 3,
  maxExecutions: 0,
  seed: 1,
  prune: true,
  slice: 200,
};

/** Runs per search for the random strategies (they never finish on their own). */
export const RANDOM_RUNS = 2000;

/** The options as the worker gets them: the limits each strategy needs, values in range. */
export function exploreOptions(strategy: Strategy, bound: number): ExploreOptions {
  const b = Number.isFinite(bound)
    ? Math.min(MAX_BOUND, Math.max(0, Math.round(bound)))
    : DEFAULT_EXPLORE.bound;
  return {
    ...DEFAULT_EXPLORE,
    strategy,
    bound: b,
    maxExecutions: strategy === 'dfs' ? 0 : RANDOM_RUNS,
  };
}

/** "0.6 ms", "42 ms", "1.3 s" */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 10) return `${(Math.round(ms * 10) / 10).toFixed(1)} ms`;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  return `${(ms / 1000).toFixed(1)} s`;
}

/** 12,345 in the page's language. */
export function formatCount(n: number): string {
  return new Intl.NumberFormat(t('explore.numberLocale')).format(n);
}

const KIND_KEYS: Record<string, MessageKey> = {
  stuck: 'explore.kind.stuck',
  overlap: 'explore.kind.overlap',
  assertion: 'explore.kind.assertion',
  misuse: 'explore.kind.misuse',
};

/** The violation's kind in words ("stuck", "two threads in the critical section"). */
export function kindWords(kind: string | null): string {
  if (!kind) return t('explore.kind.other', { kind: '' }).trim();
  const key = KIND_KEYS[kind];
  return key ? t(key) : t('explore.kind.other', { kind });
}

/** The line that says what the search found or proved. */
/**
 * What a complete search proved, said exactly: which checks held, for which
 * actors ("no stuck run and no overlap in any interleaving of A, B and C").
 */
export interface ProvenScope {
  actors: readonly string[];
  /** the scenario checks critical sections (cs_enter/cs_exit) */
  overlap: boolean;
  /** the scenario has final assertions */
  asserts: boolean;
}

function actorList(names: readonly string[]): string {
  if (names.length < 2) return names.join('');
  return names.slice(0, -1).join(t('explore.actorsJoin')) + t('explore.actorsLast') + names[names.length - 1];
}

/** The line of a complete search ("Prove it"), or of one that could not be made. */
export function provenLine(r: ExploreResult, scope: ProvenScope, bound: number): string {
  const common = { executions: formatCount(r.executions), time: formatDuration(r.elapsedMs) };
  if (r.outOfReach)
    return t('explore.outOfReach', {
      executions: formatCount(Math.round(r.outOfReach.executions)),
      steps: formatCount(Math.round(r.outOfReach.steps)),
      limit: formatCount(r.outOfReach.limit),
      bound,
    });
  if (r.found) return resultLine(r, 'dfs');
  if (!r.complete)
    return t('explore.incompleteAll', { ...common, reason: r.reason || t('explore.reasonLimit') });
  const checks = [
    t('explore.checkStuck'),
    ...(scope.overlap ? [t('explore.checkOverlap')] : []),
    ...(scope.asserts ? [t('explore.checkAssert')] : []),
  ].join(t('explore.checkJoin'));
  // (the stateful search says how many states it remembered: which search proved it)
  if (r.search === 'stateful')
    return t('explore.provenAllStates', {
      ...common,
      checks,
      actors: actorList(scope.actors),
      states: formatCount(r.states ?? 0),
    });
  return t('explore.provenAll', { ...common, checks, actors: actorList(scope.actors) });
}

/** The progress line of a complete search in workers. */
export function proveProgressLine(p: ExploreProgress): string {
  if (p.states !== undefined)
    return t('explore.progressProveStates', {
      executions: formatCount(p.executions),
      states: formatCount(p.states),
      rate: formatCount(Math.round(p.rate ?? 0)),
    });
  if (p.estimate === undefined) return t('explore.progressProveStart');
  return t('explore.progressProve', {
    executions: formatCount(p.executions),
    estimate: formatCount(Math.round(p.estimate)),
    rate: formatCount(Math.round(p.rate ?? 0)),
    left: p.secondsLeft === undefined ? '—' : formatCount(Math.ceil(p.secondsLeft)),
  });
}

export function resultLine(r: ExploreResult, strategy: Strategy): string {
  const common = {
    executions: formatCount(r.executions),
    time: formatDuration(r.elapsedMs),
    steps: r.steps,
    preemptions: r.preemptions,
    bound: r.bound,
    pruned: formatCount(r.pruned),
  };
  if (r.found) {
    const key = r.preemptions === 1 ? 'explore.foundOne' : 'explore.found';
    return t(key, { ...common, kind: kindWords(r.kind) });
  }
  if (strategy !== 'dfs') return t('explore.noneRandom', common);
  if (r.complete) return t('explore.proven', common);
  return t('explore.incomplete', { ...common, reason: r.reason || t('explore.reasonLimit') });
}

/** The progress line while searching. */
export function progressLine(p: ExploreProgress, strategy: Strategy): string {
  const v = {
    executions: formatCount(p.executions),
    bound: p.bound,
    pruned: formatCount(p.pruned),
    time: formatDuration(p.elapsedMs),
  };
  return strategy === 'dfs' ? t('explore.progress', v) : t('explore.progressRandom', v);
}

/**
 * How far along the bar is, 0–1, or null when it cannot be known.  DFS deepens
 * its bound from 0 to the limit, so the bound tells how far it is; the random
 * strategies have a fixed number of runs.
 */
export function progressFraction(p: ExploreProgress, o: ExploreOptions): number | null {
  if (p.estimate !== undefined) return p.estimate > 0 ? Math.min(1, p.executions / p.estimate) : null;
  if (o.maxExecutions > 0) return Math.min(1, p.executions / o.maxExecutions);
  if (o.strategy === 'dfs') return Math.min(1, Math.max(0, p.bound) / (o.bound + 1));
  return null;
}
