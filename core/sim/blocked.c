/*
 * Why an actor cannot move, in words (sim_block_reason).
 *
 * Invariant: an actor that can move has no reason; one that cannot has
 * exactly one, taken in this order: its own state (finished, dormant), the
 * run being over, the scheduling model holding it back, the world's own
 * explanation (a binding that knows its object), the machine's enabled rule.
 */
#include "machine_internal.h"

#include <stdio.h>

void sim_block_reason(sim_machine *m, int i, char *buf, size_t size)
{
    buf[0] = 0;
    if (i < 0 || i >= m->n_actors || sim_is_enabled(m, i))
        return;
    const sim_actor *a = &m->actors[i];
    if (a->finished) {
        snprintf(buf, size, "finished");
        return;
    }
    if (a->dormant) {
        snprintf(buf, size, a->kind == SIM_ISR ? "dormant: not raised" : "dormant: not spawned");
        return;
    }
    if (m->outcome != SIM_RUNNING && m->outcome != SIM_STUCK) {
        snprintf(buf, size, "the run is over");
        return;
    }
    if (sim_rule_allows(m, i) && m->model->held_why) {
        m->model->held_why(m, i, buf, size); /* the enabled rule allows it: the model holds it */
        if (buf[0])
            return;
    }
    if (m->hooks.describe_block && m->hooks.describe_block(m, i, buf, size, m->setup_arg))
        return;
    const sim_action *p = &a->pending;
    switch (p->kind) {
    case SIM_ACT_LOCK: {
        int owner = ((const plat_lock *)p->target)->owner - 1;
        char what[64];
        sim_object_name(m, p->target, what, sizeof what);
        if (owner == i)
            snprintf(buf, size, "waits for lock %s, which it already holds", what);
        else
            snprintf(buf, size, "waits for lock %s, held by %s", what, sim_actor_name(m, owner));
        break;
    }
    case SIM_ACT_PARK: snprintf(buf, size, "parked, and nobody will unpark it"); break;
    case SIM_ACT_BLOCK:
        if (p->deadline >= 0)
            snprintf(buf, size, "blocked until woken or %lld us", (long long)p->deadline);
        else
            snprintf(buf, size, "blocked, and nobody will wake it");
        break;
    case SIM_ACT_SLEEP: snprintf(buf, size, "sleeps until %lld us", (long long)p->deadline); break;
    default: snprintf(buf, size, "cannot move");
    }
}
