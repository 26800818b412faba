/*
 * Where the run is, as an address holds it (scenario or lesson, variant,
 * memory model, schedule, step): what the Share button copies, what the URL follows, what
 * browser Back returns to.  A dropped file has no address.
 */
import { atStart } from '../model/lesson';
import type { Place } from '../model/params';
import type { StoreCore } from './core';

export function placeOf(c: StoreCore): Place {
  const { snap, lesson, fromFile, scenarioId, scenario, assist } = c.state;
  // steps the learner did not take stay theirs after a reload (the goal banner reads it)
  const helped = assist ? { by: assist.by, from: assist.from } : {};
  const steps = snap?.state.step ?? 0;
  // a dropped file has no address: the address names nothing rather than the wrong scenario
  if (fromFile) return {};
  const variant = snap?.state.variant;
  // the memory model, when not the one the scenario (or lesson) names
  const memory = snap?.memory && snap.memory !== (scenario?.memory ?? 'sc') ? snap.memory : undefined;
  if (lesson) {
    // a lesson's address names the lesson; the run only once it is more than the lesson's start
    const start = !snap || atStart(lesson, snap);
    const whole = snap ? (snap.full ?? snap.summary) : null;
    return {
      lesson: lesson.id,
      variant: variant && variant !== lesson.variant ? variant : undefined,
      memory,
      schedule: start || !whole || whole.steps === 0 ? undefined : whole.compact,
      step: start || !whole || whole.steps === 0 ? undefined : steps,
      ...helped,
    };
  }
  return {
    scenario: scenarioId === c.defaultScenario ? undefined : scenarioId,
    variant: variant && variant !== (scenario?.variant ?? 'correct') ? variant : undefined,
    memory,
    // the whole recorded run (also when back before its end), and where in it
    schedule: snap && (snap.full ?? snap.summary).steps > 0 ? (snap.full ?? snap.summary).compact : undefined,
    step: snap && (snap.full ?? snap.summary).steps > 0 ? steps : undefined,
    ...helped,
  };
}
