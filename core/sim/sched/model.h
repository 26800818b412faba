/*
 * sched/model.h: what a scheduling model is.
 *
 * Invariant: the machine asks its model, and only its model, which choices
 * exist in a state; the machine's own enabled rule (locks, parkers, sleeps)
 * comes first and the model only narrows it down and adds the choices that
 * are not steps (irq, tick).  A model keeps its state in its own part of the
 * machine's sim_sched_state (state.h), which reset clears, so going back
 * replays a model as exactly as it replays the actors.
 *
 * The models, one file each:
 *   threads.c   any actor the enabled rule allows may step (the default)
 *   rtos.c      only the highest-priority ready task runs; equal priorities
 *               take turns at each tick; interrupts preempt and nest
 *   executor.c  one task polled at a time on one thread; the run queue is
 *               taken in batches, each polled in reverse order of enqueueing
 * irq.c holds the interrupt rules that rtos and executor share.
 *
 * The machine knows models by name (sim_model_named, model.c), never
 * engines: whoever builds a world says which model its engine runs under.
 */
#ifndef LOCKSTEP_SCHED_MODEL_H
#define LOCKSTEP_SCHED_MODEL_H

#include "../choice.h"
#include "../json.h"
#include "../machine.h"
#include "state.h"

#include <stddef.h>

/* The hooks that answer a question (may_step, extra_choices, held_why,
 * dependent, state_json, optional) read the machine and never act.  For the
 * three asked at every step (may_step, extra_choices, optional) the machine
 * enforces it: a coroutine switch under them aborts (coro_no_switch,
 * coro.h), which lets the wasm build leave their callers uninstrumented by
 * Asyncify (mk/wasm.mk). */
typedef struct sim_model {
    const char *name;
    /* Set the model's state up after the world was built. */
    void (*start)(sim_machine *m);
    /* Actor i passes the enabled rule: may it step now?  NULL: yes. */
    bool (*may_step)(const sim_machine *m, int actor);
    /* Appends the choices that are not steps; returns how many. */
    int (*extra_choices)(const sim_machine *m, sim_choice *out);
    /* Takes a choice that is not a step (irq, tick). 0, or -1. */
    int (*take_extra)(sim_machine *m, sim_choice c);
    /* After every choice taken and every clock jump, on the host: keep the
     * model's state up to date (the task on the CPU, the run queue, a tick
     * that fell due while time passed).  NULL: nothing to do. */
    void (*update)(sim_machine *m);
    /* Inside a step, just after actor `actor` performed `act` (an unpark that
     * puts a task on the run queue).  NULL: nothing to do. */
    void (*performed)(sim_machine *m, int actor, const sim_action *act);
    /* Why the model holds back actor i, which the enabled rule allows: a
     * reason (blocked.h) in *out, which is left without a code if the model
     * does not hold it back. */
    void (*held_why)(const sim_machine *m, int actor, sim_blocked *out);
    /* Whether two choices, both possible in the current state, may fail to
     * commute (taking them in either order could end differently). */
    bool (*dependent)(const sim_machine *m, sim_choice a, sim_choice b);
    /* The model's own state for views, as one JSON value (the executor's run
     * queue).  NULL: the state JSON has no "sched" key. */
    void (*state_json)(const sim_machine *m, jbuf *b);
    /* Whether a choice possible now is one the run goes on fine without (a
     * drop, the executor's early alarm): the default policies take it only
     * when nothing else is possible; the explorer and a schedule may take it
     * anywhere.  NULL: none is. */
    bool (*optional)(const sim_machine *m, sim_choice c);
} sim_model;

/* The model with this name, or NULL.  NULL or "" is "threads". */
const sim_model *sim_model_named(const char *name);

extern const sim_model sim_model_threads, sim_model_rtos, sim_model_executor;

/* ---- shared by the models (irq.c, threads.c) ---------------------------------- */

/* irq(H) for every dormant handler the environment may still raise. */
int sim_irq_env_choices(const sim_machine *m, sim_choice *out);
/* Raise handler h from the environment (an irq choice). 0 or -1. */
int sim_irq_take(sim_machine *m, sim_choice c);
/* Interrupt models: the handler that runs now (nesting by priority, masking
 * by the interrupted context's critical section), or -1 if no handler runs
 * and the tasks' rule applies. */
int sim_irq_running(const sim_machine *m);
/* Whether the context that would be interrupted now masks interrupts. */
bool sim_irq_masked(const sim_machine *m);
/* Actions that change who may run, whatever object they name: they never
 * commute with each other (masking, raising, priorities). */
static inline bool sim_act_schedules(sim_act_kind k)
{
    return k == SIM_ACT_IRQ_SAVE || k == SIM_ACT_IRQ_RESTORE || k == SIM_ACT_RAISE ||
           k == SIM_ACT_SET_PRIO;
}

/* Whether two actions may fail to commute: they touch the same object and are
 * not both loads, or share hidden state (the checked critical section,
 * prints), or one is an assertion (it reads anything) or changes who may run.
 * Every model judges two steps by this (inline: the explorer asks at every
 * step). */
static inline bool sim_actions_dependent(const sim_action *x, const sim_action *y)
{
    sim_act_kind a = x->kind, b = y->kind;
    if (sim_act_schedules(a) || sim_act_schedules(b))
        return true; /* even a local step: whether it may run at all can change */
    if (a == SIM_ACT_WORK || a == SIM_ACT_SPIN || a == SIM_ACT_YIELD || a == SIM_ACT_SLEEP ||
        a == SIM_ACT_NONE || b == SIM_ACT_WORK || b == SIM_ACT_SPIN || b == SIM_ACT_YIELD ||
        b == SIM_ACT_SLEEP || b == SIM_ACT_NONE)
        return false; /* local steps touch nothing shared */
    if (a == SIM_ACT_ASSERT || b == SIM_ACT_ASSERT)
        return true;
    if (!x->target || !y->target)
        return a == b;
    if (x->target != y->target)
        return false;
    return !(a == SIM_ACT_LOAD && b == SIM_ACT_LOAD);
}

/* The dependence of two steps by the actions they are about to perform
 * (different objects commute, two loads commute). */
bool sim_steps_dependent(const sim_machine *m, int a, int b);
/* The rule every model starts from: step/step by their actions; an irq
 * conflicts with a step that raises, masks or unmasks the same handler's
 * interrupts, and with nothing else. */
bool sim_dependent_default(const sim_machine *m, sim_choice a, sim_choice b);

#endif
