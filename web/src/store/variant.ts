/*
 * Replay under another variant or memory model: the open scenario again
 * under the other one, the schedule so far replayed while it applies (the
 * steps before it stops applying are kept), then the old run's order of
 * actors followed (passing over a step an actor no longer takes) and
 * round-robin to the end; the two runs compared (variantDiff) and the
 * learner put where the engine decided differently.  The steps past the
 * parting are the page's (assist).
 */
import { storeBuffersFor } from '../components/StoreBuffers/lazy';
import { storeHistoryFor } from '../components/StoreHistory/lazy';
import { t, tn } from '../i18n';
import { playMove } from '../model/play';
import { actorOrder, firstDifference, followsOrder } from '../model/variants';
import type { StoreCore } from './core';
import type { RunHistory } from './history';

/** A replay under another variant finishes its run in at most this many steps of the default policy. */
const MAX_FINISH_STEPS = 2000;

/** What a switch changes: the engine's variant, or the run's memory model. */
export type Setting = 'variant' | 'memory';

export function switchVariant(c: StoreCore, history: RunHistory, variant: string): Promise<void> {
  return switchSetting(c, history, 'variant', variant);
}

export function switchSetting(
  c: StoreCore,
  history: RunHistory,
  setting: Setting,
  value: string,
): Promise<void> {
  return c.enqueue(async () => {
    const old = c.state.snap;
    const scenario = c.state.scenario;
    const source = c.source;
    if (c.state.phase !== 'ready' || !old || !scenario || !source) return;
    const now = { variant: old.state.variant, memory: old.memory ?? scenario.memory ?? 'sc' };
    const from = now[setting];
    const allowed = setting === 'variant' ? (scenario.variants ?? []) : c.state.memoryModels;
    if (value === from || !allowed.includes(value)) return;
    history.keep(setting);
    c.set({ busy: true });
    try {
      const engine = await c.engine();
      if (setting === 'memory') await Promise.all([storeBuffersFor(value), storeHistoryFor(value)]);
      const schedule = old.summary.steps > 0 ? old.summary.compact : undefined;
      const opened = await engine.open(source, { ...now, [setting]: value, schedule, keepPrefix: true });
      if (opened.scheduleError) c.notify('error', t('notice.badSchedule', { message: opened.scheduleError }));
      let snap = opened.snapshot;
      const stoppedAt = opened.diverged?.step;
      let followed: number | undefined;
      if (stoppedAt !== undefined) {
        // past the parting the fingerprints no longer match: keep the same order of
        // threads (skipping one that cannot move), then let round-robin finish the run
        followed = snap.state.step + 1;
        for (const step of actorOrder(old.trace, snap.state.step)) {
          if (snap.state.outcome !== 'running') break;
          const i = snap.state.actors.findIndex((a) => a.name === step.actor);
          const a = snap.state.actors[i];
          if (a && followsOrder(step, a.next, a.status === 'enabled')) snap = await engine.step(i);
        }
        for (let n = 0; n < MAX_FINISH_STEPS; n++) {
          const move = playMove(snap.state, snap.trace, 'round-robin');
          if (move.kind !== 'step') break;
          snap = await engine.step(move.actor);
        }
      }
      const diff = firstDifference(old.trace, snap.trace, followed === undefined ? stoppedAt : undefined);
      const compared = Math.min(old.state.step, stoppedAt !== undefined ? stoppedAt - 1 : Infinity);
      // the learner lands where the engine decided differently (else the first step that
      // differs), the rest of the run ahead of them
      const land = diff?.decision?.new?.step ?? diff?.step;
      if (followed !== undefined && land !== undefined && land < snap.state.step)
        snap = await engine.goto(land);
      c.restartOps(snap);
      c.set({
        scenario: { ...scenario, ...opened.scenario, variant: scenario.variant },
        // the steps past the parting are the page's, not the learner's
        ...(followed !== undefined && !c.state.assist
          ? { assist: { by: 'replay' as const, from: followed - 1 } }
          : {}),
        // before any step there is nothing to compare: the switch is all there is to say
        variantDiff: diff
          ? { ...diff, setting, from, to: value, stoppedAt, followed, same: false, compared }
          : compared === 0
            ? null
            : {
                step: 0,
                oldEvents: [],
                newEvents: [],
                decision: null,
                setting,
                from,
                to: value,
                stoppedAt,
                same: true,
                compared,
              },
      });
      const variant = value;
      const say = () =>
        setting === 'memory'
          ? diff
            ? t('announce.memoryDiffer', { memory: value, step: diff.step })
            : compared === 0
              ? t('announce.memorySwitched', { memory: value })
              : tn('announce.memorySame', compared, { memory: value, steps: compared })
          : diff
            ? t('announce.variantDiffer', { variant, step: diff.step })
            : compared === 0
              ? t('announce.variantSwitched', { variant })
              : tn('announce.variantSame', compared, { variant, steps: compared });
      c.show(snap, say(), false, 'jump', say);
    } catch (e) {
      c.failed(e);
    }
  });
}
