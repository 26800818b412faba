/*
 * Actors as the models see them: states, choices, raising, priorities and the
 * cost of actions in virtual time (see machine.h, choice.h, sched/model.h).
 *
 * Invariant: an actor is in exactly one state.  Finished and dormant actors
 * never step; dormant ones count neither as stuck nor as unfinished, and only
 * a raise (an irq choice, or a step that raises) makes them ready again.
 */
#include "machine_internal.h"
#include "mem/model.h"

#include <stdio.h>
#include <string.h>

int sim_choices(const sim_machine *m, sim_choice out[SIM_MAX_CHOICES])
{
    if (m->outcome != SIM_RUNNING)
        return 0;
    int n = 0;
    for (int i = 0; i < m->n_actors; i++)
        if (sim_is_enabled(m, i))
            out[n++] = sim_step_choice(i);
    return n + sim_extra_choices(m, out + n);
}

/* The scheduling model's choices other than steps, then the memory model's.
 * The models only answer (coro.h). */
int sim_extra_choices(const sim_machine *m, sim_choice out[SIM_MAX_CHOICES])
{
    if (!m->extras || m->outcome != SIM_RUNNING)
        return 0;
    coro_no_switch++;
    int n = m->model->extra_choices ? m->model->extra_choices(m, out) : 0;
    if (m->mem->choices)
        n += m->mem->choices(m, out + n);
    coro_no_switch--;
    return n;
}

bool sim_choice_possible(const sim_machine *m, sim_choice c)
{
    if (c.kind == SIM_CHOICE_STEP)
        return m->outcome == SIM_RUNNING && sim_is_enabled(m, c.actor);
    sim_choice all[SIM_MAX_CHOICES];
    int n = sim_choices(m, all);
    for (int k = 0; k < n; k++)
        if (sim_choice_eq(all[k], c))
            return true;
    return false;
}

bool sim_choice_optional(const sim_machine *m, sim_choice c)
{
    if (c.kind == SIM_CHOICE_PLACE)
        return true; /* without it the store goes at the end: its actor's step is there */
    if (c.kind == SIM_CHOICE_STEP || sim_choice_is_memory(c.kind) || !m->model->optional)
        return false; /* a store reaching memory is never optional: others wait for it */
    coro_no_switch++; /* the model only answers (coro.h) */
    bool optional = m->model->optional(m, c);
    coro_no_switch--;
    return optional;
}

/* The models only answer (coro.h). */
bool sim_dependent(const sim_machine *m, sim_choice a, sim_choice b)
{
    coro_no_switch++;
    bool dependent;
    if (sim_choice_is_memory(a.kind) || sim_choice_is_memory(b.kind))
        dependent = m->mem->dependent(m, a, b);
    else if (m->mem->ordered && a.kind == SIM_CHOICE_STEP && b.kind == SIM_CHOICE_STEP &&
             m->mem->ordered(&m->actors[a.actor].pending) &&
             m->mem->ordered(&m->actors[b.actor].pending))
        dependent = true; /* both in the model's one order (ra: seq_cst) */
    else
        dependent =
            m->model->dependent ? m->model->dependent(m, a, b) : sim_dependent_default(m, a, b);
    coro_no_switch--;
    return dependent;
}

const char *sim_model_name(const sim_machine *m) { return m->model ? m->model->name : "?"; }
const char *sim_memory_name(const sim_machine *m) { return m->mem ? m->mem->name : "?"; }
bool sim_memory_known(const char *name) { return name && *name && sim_mem_model_named(name); }

sim_actor_state sim_actor_state_of(const sim_machine *m, int i)
{
    const sim_actor *a = &m->actors[i];
    if (a->finished)
        return SIM_STATE_FINISHED;
    if (a->dormant)
        return SIM_STATE_DORMANT;
    return sim_is_enabled(m, i) ? SIM_STATE_READY : SIM_STATE_BLOCKED;
}

const char *sim_actor_state_name(sim_actor_state s)
{
    switch (s) {
    case SIM_STATE_READY: return "ready";
    case SIM_STATE_BLOCKED: return "blocked";
    case SIM_STATE_DORMANT: return "dormant";
    case SIM_STATE_FINISHED: return "finished";
    }
    return "?";
}

sim_actor_kind sim_actor_kind_of(const sim_machine *m, int i) { return m->actors[i].kind; }

int sim_raise(sim_machine *m, int i)
{
    if (i < 0 || i >= m->n_actors)
        return -1;
    sim_actor *a = &m->actors[i];
    if (a->dormant) {
        a->arm_now = true; /* armed when setup is over (see settle) */
        m->arm_any = true;
    } else {
        a->raise_pending = true;
    }
    return 0;
}

void sim_set_raises(sim_machine *m, int i, int n)
{
    m->actors[i].raises_left = (uint16_t)(n < 0 ? 0 : n > 65535 ? 65535 : n);
}

void sim_set_dormant(sim_machine *m, int i)
{
    m->actors[i].dormant = true;
    m->extras = m->extras || m->model->extra_choices;
}

int sim_priority(const sim_machine *m, int i) { return m->actors[i].eff_prio; }
int sim_base_priority(const sim_machine *m, int i) { return m->actors[i].base_prio; }
void sim_set_priority(sim_machine *m, int i, int priority) { m->actors[i].eff_prio = priority; }

void sim_set_cost(sim_machine *m, sim_act_kind kind, int64_t us)
{
    if ((unsigned)kind < SIM_ACT_COUNT)
        m->cost[kind] = us < 0 ? 0 : us;
}

void sim_set_wake_preempts(sim_machine *m, bool at_once) { m->sched.rtos.wake_preempts = at_once; }

int64_t sim_cost(const sim_machine *m, sim_act_kind kind)
{
    return (unsigned)kind < SIM_ACT_COUNT ? m->cost[kind] : 0;
}

void sim_emit_machine(sim_machine *m, int kind, int actor, int64_t old_v, int64_t new_v)
{
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)actor,
                   .kind = (uint8_t)kind,
                   .region = -1,
                   .other = -1,
                   .old_v = (uint64_t)old_v,
                   .new_v = (uint64_t)new_v};
    sim_emit(m, &e);
}
