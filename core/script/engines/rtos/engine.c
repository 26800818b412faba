/*
 * Engine rtos for scenarios: its variants, its object types and its tasks for
 * the view.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

static const char *const rtos_variants[] = {"correct",
                                            "reference_post",
                                            "post_increments_count",
                                            "handoff",
                                            "timeout_keeps_debt",
                                            "naive_enable",
                                            "block_outside_critical",
                                            "init_one",
                                            "no_priority_inheritance",
                                            NULL};

/* ---- the engine: its tasks for the view -------------------------------------------------- */

static const char *rtos_state_name(int s)
{
    return s == RTOS_BLOCKED ? "blocked" : s == RTOS_DELAYED ? "delayed" : "ready";
}

/* "rtos": {"tasks": [{actor, id, priority, effective, state, wake_tick, mutexes_held}]} */
static void rtos_engine_describe(sim_machine *m, jbuf *b)
{
    jb_raw(b, "{");
    jb_key(b, "tasks");
    jb_raw(b, "[");
    for (int i = 0; i < sim_actor_count(m); i++) {
        int id = rtos_rank_of(m, i);
        if (id < 0 || id >= RTOS_MAX_TASKS)
            continue;
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "actor");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "id");
        jb_int(b, id);
        jb_key(b, "priority");
        jb_int(b, -sim_base_priority(m, i));
        jb_key(b, "effective");
        jb_int(b, -sim_priority(m, i));
        const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
        const rtos_tcb *t = k && k->task[id].used.v ? &k->task[id] : NULL;
        jb_key(b, "state");
        jb_str(b, rtos_state_name(t ? t->state.v : RTOS_READY));
        jb_key(b, "wake_tick");
        if (t && t->state.v == RTOS_DELAYED)
            jb_int(b, t->wake_tick.v);
        else
            jb_raw(b, "null");
        jb_key(b, "mutexes_held");
        jb_int(b, t ? t->mutexes_held.v : 0);
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
    jb_raw(b, "}");
}

static const script_type *const rtos_types[] = {&type_rtos_kernel, &type_rtos_sem, &type_rtos_mutex,
                                                &type_rtos_shared_counter, NULL};

const script_engine engine_rtos = {
    .name = "rtos",
    .summary = "a small preemptive RTOS: prioritized tasks, a 1 ms tick, interrupts, the bitmap "
               "semaphore, mutexes with priority inheritance",
    .variants = rtos_variants,
    .types = rtos_types,
    .describe = rtos_engine_describe,
    .model = "rtos",
    .smaller_priority_first = true,
};
