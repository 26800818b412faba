/*
 * What every binding of engine rtos does with tasks.
 *
 * Every actor of kind task is a task of the kernel.  Scenarios write RTOS
 * priorities (a smaller number runs first; the world negates them for the
 * machine, see catalog.h) and the binding gives task ids in order of priority,
 * ties in the order the scenario lists the actors, so the lowest set bit of a
 * wait mask is the most urgent waiter.  At most 16 tasks (a 16-bit mask).
 * The tasks are created before the first operation any actor runs.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

sim_machine *rtos_m(void) { return sim_running(); }

/* The RTOS priority of actor i (the machine's is negated). */
int rtos_actor_priority(sim_machine *m, int i) { return -sim_base_priority(m, i); }

/* Task ids by rank: (priority, order in the scenario).  -1 for handlers. */
int rtos_rank_of(sim_machine *m, int actor)
{
    if (sim_actor_kind_of(m, actor) == SIM_ISR)
        return -1;
    int rank = 0, p = rtos_actor_priority(m, actor);
    for (int i = 0; i < sim_actor_count(m); i++) {
        if (i == actor || sim_actor_kind_of(m, i) == SIM_ISR)
            continue;
        int q = rtos_actor_priority(m, i);
        if (q < p || (q == p && i < actor))
            rank++;
    }
    return rank;
}

/* Create the kernel's tasks once per run, before anybody uses the kernel.
 * False (and a misuse violation) if there are too many. */
bool rtos_bind_tasks(void)
{
    sim_machine *m = rtos_m();
    rtos_kernel *k = rtos_kernel_get();
    for (int i = 0; i < sim_actor_count(m) && i < 64; i++) {
        if (k->id_of[i] || sim_actor_kind_of(m, i) == SIM_ISR)
            continue;
        int id = rtos_rank_of(m, i);
        if (id >= RTOS_MAX_TASKS) {
            sim_violation(m, "misuse",
                          "the kernel has at most 16 tasks (one bit each in a wait mask)",
                          AT("task_create"));
            return false;
        }
        rtos_task_create(id, i, rtos_actor_priority(m, i));
    }
    return true;
}

/* Every operation ends here.  An operation that ended the run may have taken
 * no step at all; one more announced step, never performed, keeps a program
 * that repeats it from spinning on the host. */
int64_t rtos_end_op(int64_t result)
{
    if (sim_outcome_of(rtos_m()) != SIM_RUNNING)
        plat_yield(AT("the run is over"));
    return result;
}

void rtos_say(const char *text)
{
    sim_machine *m = rtos_m();
    sim_action x = {.kind = SIM_ACT_PRINT,
                    .deadline = -1,
                    .text = sim_keep_text(m, text),
                    .site = {NULL, 0, "print"}};
    sim_do(m, &x);
}

/* Ticks from a scenario argument: negative is 0, and no more than the
 * language's longest sleep. */
uint32_t rtos_ticks(int64_t ms)
{
    int64_t max = SCRIPT_MAX_SLEEP_US / RTOS_TICK_US;
    return (uint32_t)(ms < 0 ? 0 : ms > max ? max : ms > UINT32_MAX ? UINT32_MAX : ms);
}

/* The waiting tasks by name, lowest bit first. */
void rtos_mask_json(jbuf *b, sim_machine *m, uint16_t mask)
{
    const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
    jb_raw(b, "[");
    for (int id = 0; id < RTOS_MAX_TASKS; id++) {
        if (!(mask >> id & 1u))
            continue;
        jb_sep(b);
        if (k && k->task[id].used.v)
            jb_str(b, sim_actor_name(m, k->task[id].plat));
        else
            jb_int(b, id);
    }
    jb_raw(b, "]");
}
