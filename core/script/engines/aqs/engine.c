/*
 * Engine aqs for scenarios: its variants, its one object type and its
 * threads' interrupt flags for the view.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

static const char *const aqs_variants[] = {"correct", "acquire_in_try", "compensating_release",
                                           "no_propagation", NULL};

/* "aqs": {"threads": [{"actor", "interrupted"}]} for the threads that used it. */
static void aqs_engine_describe(sim_machine *m, jbuf *b)
{
    const aqs_threads *ts = sim_global_peek(m, &aqs_threads_global);
    jb_raw(b, "{");
    jb_key(b, "threads");
    jb_raw(b, "[");
    for (int i = 0; ts && i < sim_actor_count(m) && i < SIM_MAX_ACTORS; i++) {
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "actor");
        jb_str(b, sim_actor_name(m, i));
        jb_key(b, "interrupted");
        jb_raw(b, ts->t[i].interrupted.v ? "true" : "false");
        jb_raw(b, "}");
    }
    jb_raw(b, "]}");
}

static const script_type *const aqs_types[] = {&type_semaphore, NULL};

const script_engine engine_aqs = {
    .name = "aqs",
    .summary = "a Java-style counting semaphore on a small AbstractQueuedSynchronizer",
    .variants = aqs_variants,
    .types = aqs_types,
    .describe = aqs_engine_describe,
};
