/*
 * Which choices without an actor the bar offers as buttons: every kind of the
 * machine's table (the catalog's choice_kinds) that names no actor and that
 * the running machine offers now, in the table's order.  The bar reads kinds
 * from the table, so a kind the C table adds gets a button with no change here.
 */
import type { ChoiceKindInfo, ExtraChoice, Outcome } from '../../bridge/types';

export function offeredKinds(
  kinds: readonly ChoiceKindInfo[],
  choices: readonly ExtraChoice[] | undefined,
  outcome: Outcome,
): ChoiceKindInfo[] {
  if (outcome !== 'running' || !choices?.length) return [];
  return kinds.filter((k) => !k.actor && choices.some((c) => c.kind === k.kind));
}
