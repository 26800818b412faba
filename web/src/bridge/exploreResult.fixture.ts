/*
 * For the explorer's unit tests: a search's result, as a worker posts it, of
 * a complete search that found nothing and searched everything, with the
 * fields a test names changed.
 */
import type { ExploreResult } from './explorer';

export function exploreResult(o: Partial<ExploreResult> = {}): ExploreResult {
  return {
    found: false,
    kind: null,
    schedule: null,
    steps: 0,
    preemptions: 0,
    executions: 0,
    pruned: 0,
    bound: -1,
    complete: true,
    searched_all: true,
    step_limit_hits: 0,
    reason: 'every interleaving was explored',
    message: '',
    summary: '',
    elapsedMs: 0,
    total_steps: 0,
    ...o,
  };
}
