/*
 * mem/sc.c: sequential consistency.
 *
 * Invariant: memory is the cells themselves.  Every access reads and writes
 * the cell directly, in the order the machine performs steps, so all actors
 * agree on one total order of accesses and a store is visible to everyone the
 * moment its step is taken.  Memory orders ask for nothing weaker than this,
 * so sc honours every one of them by ignoring it.
 */
#include "sc.h"

#include <string.h>

static uint64_t sc_access(sim_machine *m, int actor, const sim_action *p, sim_event *e)
{
    (void)m;
    (void)actor;
    return sim_sc_access(p, e);
}

const sim_mem_model sim_mem_sc = {.name = "sc", .access = sc_access};

/* Every model a run may name, sc first: the one list the machine, the
 * catalog (and through it the app's memory switch) read. */
static const sim_mem_model *const models[] = {&sim_mem_sc, &sim_mem_tso, &sim_mem_ra};
enum { N_MODELS = sizeof models / sizeof models[0] };

const sim_mem_model *sim_mem_model_named(const char *name)
{
    if (!name || !*name)
        return &sim_mem_sc;
    for (size_t i = 0; i < N_MODELS; i++)
        if (strcmp(models[i]->name, name) == 0)
            return models[i];
    return NULL;
}

const char *sim_memory_model_at(int i) { return i >= 0 && i < N_MODELS ? models[i]->name : NULL; }
