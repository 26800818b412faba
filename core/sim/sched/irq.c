/*
 * Interrupts, for the models with one processor (rtos, executor).
 *
 * Rule: a raised handler runs as soon as it may, and then nothing but a
 * handler of strictly higher priority runs until it returns.  It may start
 * when the context it would interrupt (the handler running now, or else the
 * task on the processor) has not masked interrupts (plat_irq_save) and, if a
 * handler is running, its own priority is higher.  Among handlers waiting to
 * start, the highest priority goes first, and the earliest raised among
 * equals.  Handlers that have begun form a stack: the last one begun runs.
 */
#include "../machine_internal.h"

/* The handler that began last and has not returned, or -1. */
static int top_begun(const sim_machine *m)
{
    int top = -1;
    for (int i = 0; i < m->n_actors; i++) {
        const sim_actor *a = &m->actors[i];
        if (a->kind == SIM_ISR && !a->dormant && !a->finished && a->begun &&
            (top < 0 || a->begun_seq > m->actors[top].begun_seq))
            top = i;
    }
    return top;
}

static bool masks(const sim_machine *m, int context)
{
    return context >= 0 && m->actors[context].irq_depth > 0;
}

bool sim_irq_masked(const sim_machine *m)
{
    int top = top_begun(m);
    return masks(m, top >= 0 ? top : m->sched.current);
}

int sim_irq_running(const sim_machine *m)
{
    int top = top_begun(m);
    if (masks(m, top >= 0 ? top : m->sched.current))
        return top;
    int best = -1;
    for (int i = 0; i < m->n_actors; i++) {
        const sim_actor *a = &m->actors[i];
        if (a->kind != SIM_ISR || a->dormant || a->finished || a->begun)
            continue;
        if (top >= 0 && a->eff_prio <= m->actors[top].eff_prio)
            continue; /* nests only above the running handler */
        if (best < 0 || a->eff_prio > m->actors[best].eff_prio ||
            (a->eff_prio == m->actors[best].eff_prio && a->armed_seq < m->actors[best].armed_seq))
            best = i;
    }
    return best >= 0 ? best : top;
}
