/*
 * How a run ends before it is done or stuck: a check fails (a violation) or
 * the machine cannot go on (an error).
 *
 * Invariant: the first ending wins.  Once the outcome is not "running",
 * nothing here changes it or its message, and its event is the last the
 * trace gets about it; so a violation found while reporting another one
 * cannot hide the first.
 */
#include "escape.h"
#include "machine_internal.h"

#include <stdio.h>

/* End the run with an error nobody can step past (stack overflow, divergence). */
void sim_end_error(sim_machine *m, const char *message)
{
    if (m->outcome != SIM_RUNNING)
        return;
    m->outcome = SIM_ERROR;
    snprintf(m->end_kind, sizeof m->end_kind, "error");
    text_escape(m->end_message, sizeof m->end_message, message);
    snprintf(m->last_error, sizeof m->last_error, "%s", m->end_message);
    m->end_step = m->step;
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = -1,
                   .kind = SIM_EV_ERROR,
                   .region = -1,
                   .other = -1,
                   .text = m->end_message};
    sim_emit(m, &e);
}

void sim_assert_result(sim_machine *m, bool held)
{
    /* The step's event is the last one: nothing ran between it and now. */
    if (m->n_events && m->events[m->n_events - 1].kind == SIM_ACT_ASSERT &&
        m->events[m->n_events - 1].actor == m->current)
        m->events[m->n_events - 1].ok = held;
}

void sim_violation(sim_machine *m, const char *kind, const char *message, plat_site at)
{
    sim_violation_thrown(m, kind, message, at, NULL, NULL);
}

void sim_violation_thrown(sim_machine *m, const char *kind, const char *message, plat_site at,
                          const char *reference, const char *thrown)
{
    if (m->outcome != SIM_RUNNING)
        return;
    m->outcome = SIM_VIOLATION;
    snprintf(m->end_kind, sizeof m->end_kind, "%s", kind);
    text_escape(m->end_message, sizeof m->end_message, message);
    bool said = reference && thrown;
    snprintf(m->end_reference, sizeof m->end_reference, "%s", said ? reference : "");
    snprintf(m->end_thrown, sizeof m->end_thrown, "%s", said ? thrown : "");
    m->end_step = m->step;
    m->end_actor = m->current;
    m->end_site = at;
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)m->current,
                   .kind = SIM_EV_VIOLATION,
                   .region = -1,
                   .other = -1,
                   .site = at,
                   .text = m->end_message};
    sim_emit(m, &e);
}
