/*
 * The enabled rule, and what happens when a choice has been taken: raised
 * handlers are armed, the model catches up, virtual time jumps when everybody
 * waits for it, and the run ends done or stuck.
 *
 * Invariant: after sim_settle the run is either over (done, stuck, violation,
 * error) or offers at least one choice.  The clock only jumps forward, to the
 * earliest deadline, and only when no choice exists; stuck means no choice
 * and no deadline, and every actor still waiting gets a stuck event saying
 * why.
 */
#include "machine_internal.h"

#include <limits.h>

bool sim_is_enabled(const sim_machine *m, int i)
{
    if (!sim_rule_allows(m, i))
        return false;
    if (!m->may_step)
        return true;
    coro_no_switch++; /* the model's rule only answers (coro.h) */
    bool may = m->may_step(m, i);
    coro_no_switch--;
    return may;
}

int sim_enabled(const sim_machine *m, int out[SIM_MAX_ACTORS])
{
    int n = 0;
    if (m->outcome != SIM_RUNNING)
        return 0;
    for (int i = 0; i < m->n_actors; i++)
        if (sim_can_step(m, i))
            out[n++] = i;
    return n;
}

void sim_settle(sim_machine *m, int moved)
{
    if (m->arm_any)
        sim_arm_raised(m);
    if (m->update)
        m->update(m);
    if (m->outcome == SIM_RUNNING && moved >= 0 && sim_can_step(m, moved))
        return; /* the common case: whoever just moved can move again */
    while (m->outcome == SIM_RUNNING) {
        /* Only optional choices (a drop, an early timer wake) do not hold
         * the clock: time passes to the next deadline as if they were not
         * there, and they stay possible. */
        sim_choice choices[SIM_MAX_CHOICES];
        int n = sim_choices(m, choices), optional = 0;
        for (int k = 0; k < n; k++)
            optional += sim_choice_optional(m, choices[k]);
        if (n > optional)
            return;
        int64_t next = INT64_MAX;
        bool all_finished = true; /* or dormant: neither counts as stuck */
        for (int i = 0; i < m->n_actors; i++) {
            const sim_actor *a = &m->actors[i];
            if (a->finished || a->dormant)
                continue;
            all_finished = false;
            const sim_action *p = &a->pending;
            if ((p->kind == SIM_ACT_SLEEP || p->kind == SIM_ACT_PARK || p->kind == SIM_ACT_BLOCK) &&
                p->deadline > m->now && p->deadline < next)
                next = p->deadline;
        }
        if (n > 0 && next == INT64_MAX)
            return; /* nothing to wait for: the optional choices are all there is */
        if (all_finished) {
            if (m->hooks.at_end)
                m->hooks.at_end(m, m->setup_arg); /* may end it with a violation */
            if (m->outcome == SIM_RUNNING)
                m->outcome = SIM_DONE;
            return;
        }
        if (next != INT64_MAX) {
            sim_event e = {.step = m->step,
                           .time = next,
                           .actor = -1,
                           .kind = SIM_EV_CLOCK,
                           .region = -1,
                           .other = -1,
                           .old_v = (uint64_t)m->now,
                           .new_v = (uint64_t)next};
            m->now = next;
            sim_emit(m, &e);
            if (m->update)
                m->update(m);
            continue;
        }
        m->outcome = SIM_STUCK;
        for (int i = 0; i < m->n_actors; i++) {
            if (m->actors[i].finished || m->actors[i].dormant)
                continue;
            sim_blocked r;
            char why[400];
            sim_blocked_of(m, i, &r);
            sim_blocked_english(&r, why, sizeof why);
            sim_event e = {.step = m->step,
                           .time = m->now,
                           .actor = (int16_t)i,
                           .kind = SIM_EV_STUCK,
                           .region = -1,
                           .other = -1,
                           .site = m->actors[i].pending.site,
                           .text = sim_keep_text(m, why)};
            if (m->cfg.trace) { /* the same reason as data, for the trace */
                jbuf data = {0};
                sim_blocked_json(&r, &data);
                e.data = sim_keep_text(m, data.failed || !data.text ? "" : data.text);
                jb_free(&data);
            }
            sim_emit(m, &e);
        }
        return;
    }
}
