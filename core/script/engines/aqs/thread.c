/*
 * The threads of engine aqs's scenarios.  The engine needs each thread's
 * aqs_thread (its park permit, its interrupt flag, its queue node).  They
 * live in one table per machine, the engine global "thread": element i
 * belongs to actor i, so the trace names actor B's node status and interrupt
 * flag "thread[1]".
 */
#include "binding.h"

static void aqs_threads_init(void *data) { (void)data; /* bound lazily, see aqs_thread_of */ }

plat_global aqs_threads_global = {
    .name = "thread",
    .size = sizeof(aqs_threads),
    .elem_size = sizeof(aqs_thread),
    .init = aqs_threads_init,
};

int aqs_me(void) { return sim_current_actor(sim_running()); }

aqs_thread *aqs_thread_of(int actor)
{
    aqs_threads *ts = plat_global_get(&aqs_threads_global);
    aqs_thread *t = &ts->t[actor];
    if (!t->parker)
        aqs_thread_init(t, sim_parker_of(sim_running(), actor), (uint32_t)actor + 1);
    return t;
}
