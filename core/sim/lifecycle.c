/*
 * An actor's coroutine, from its making to its end: started up to its first
 * announced action, armed again when raised, parked forever when finished.
 *
 * Invariant: only the host starts or restarts a coroutine; so a handler that
 * a step raises is armed by the host after that step (sim_arm_raised), never
 * from inside the actor that raised it.  (During a walk actors also switch to
 * each other, sim_pass_turn, but only to one suspended in sim_do, never to
 * start one.)  Stacks are kept across resets.
 */
#include "address_map.h"
#include "machine_internal.h"

#include <stdio.h>
#include <string.h>

sim_machine *sim_running_machine;

static void actor_main(void *arg);

int sim_add_actor(sim_machine *m, const char *name, sim_actor_kind kind, int priority,
                  void (*entry)(void *arg), void *arg)
{
    if (m->n_actors >= SIM_MAX_ACTORS) {
        sim_fail(m, "too many actors (at most %d)", SIM_MAX_ACTORS);
        return -1;
    }
    int i = m->n_actors;
    sim_actor *a = &m->actors[i];
    coro *co = a->co; /* stacks are kept across resets */
    memset(a, 0, sizeof *a);
    sim_copy_name(a->name, sizeof a->name, name);
    a->kind = kind;
    a->base_prio = a->eff_prio = priority;
    /* An interrupt handler waits to be raised; the environment may raise it
     * once unless the world says otherwise (sim_set_raises). */
    a->dormant = kind == SIM_ISR;
    a->raises_left = kind == SIM_ISR ? 1 : 0;
    a->entry = entry;
    a->arg = arg;
    a->parker.owner = (int16_t)i;
    a->parker.woken_by = -1;
    if (co && coro_stack_size(co) >= m->cfg.stack_size) {
        coro_restart(co, actor_main, a);
    } else {
        coro_free(co);
        co = coro_new(m->cfg.stack_size, actor_main, a);
        if (!co) {
            sim_fail(m, "out of memory for the stack of actor %s", name);
            return -1;
        }
    }
    a->co = co;
    char pname[SIM_NAME_MAX + sizeof ".parker"]; /* "<name>.parker", cut to a name */
    size_t at = strlen(a->name);
    memcpy(pname, a->name, at);
    memcpy(pname + at, ".parker", sizeof ".parker");
    a->parker_region = sim_add_region(m, pname, &a->parker, sizeof a->parker,
                                      SIM_PARKERS_START + (uint64_t)i * SIM_PARKER_SPAN, 0);
    if (a->parker_region < 0)
        return -1;
    m->n_actors++;
    return i;
}

/* Run actor i up to its first announced action (or its end). */
static void start_actor(sim_machine *m, int i)
{
    m->current = i;
    sim_running_machine = m;
    coro_switch(m->host, m->actors[i].co);
    sim_running_machine = NULL;
    m->current = -1;
}

void sim_start_actors(sim_machine *m)
{
    for (int i = 0; i < m->n_actors; i++)
        if (!m->actors[i].dormant)
            start_actor(m, i);
}

void sim_arm(sim_machine *m, int i)
{
    sim_actor *a = &m->actors[i];
    a->dormant = false;
    a->finished = false;
    a->begun = false;
    a->arm_now = false;
    a->raise_pending = false;
    a->armed_seq = ++m->sched.seq;
    coro_restart(a->co, actor_main, a);
    sim_emit_machine(m, SIM_EV_RAISE, i, 0, 0);
    start_actor(m, i);
}

void sim_arm_raised(sim_machine *m)
{
    m->arm_any = false;
    for (int i = 0; i < m->n_actors; i++)
        if (m->actors[i].arm_now && m->outcome == SIM_RUNNING)
            sim_arm(m, i);
}

static void actor_main(void *arg)
{
    sim_actor *a = arg;
    a->entry(a->arg);
    sim_machine *m = sim_running_machine;
    if (a->kind == SIM_ISR) {
        /* A handler that returns waits to be raised again (re-arming); one
         * raised while it ran runs again at once. */
        a->dormant = true;
        if (a->raise_pending) {
            a->arm_now = true;
            m->arm_any = true;
        }
    } else {
        a->finished = true;
    }
    a->pending.kind = SIM_ACT_NONE;
    sim_event e = {.step = m->step,
                   .time = m->now,
                   .actor = (int16_t)m->current,
                   .kind = SIM_EV_FINISH,
                   .region = -1,
                   .other = -1};
    sim_emit(m, &e);
    for (;;)
        coro_switch(a->co, m->host); /* never resumed again */
}

sim_machine *sim_running(void) { return sim_running_machine; }
int sim_current_actor(const sim_machine *m) { return m->current; }

int sim_actor_count(const sim_machine *m) { return m->n_actors; }
const char *sim_actor_name(const sim_machine *m, int i)
{
    return i >= 0 && i < m->n_actors ? m->actors[i].name : "?";
}
int sim_actor_by_name(const sim_machine *m, const char *name)
{
    for (int i = 0; i < m->n_actors; i++)
        if (strcmp(m->actors[i].name, name) == 0)
            return i;
    return -1;
}
const sim_action *sim_pending(const sim_machine *m, int i) { return &m->actors[i].pending; }
bool sim_is_finished(const sim_machine *m, int i) { return m->actors[i].finished; }
