/*
 * The names the trace, the schedule and the command lines use for action
 * kinds and outcomes.
 *
 * Invariant: one name per kind, never reused: traces, schedules and share
 * URLs written today must read the same tomorrow, so a name is only ever
 * added, never changed.
 */
#include "machine_internal.h"

#include <string.h>

static const char *const act_names[SIM_ACT_COUNT] = {
    [SIM_ACT_NONE] = "none",
    [SIM_ACT_LOAD] = "load",
    [SIM_ACT_STORE] = "store",
    [SIM_ACT_CAS] = "cas",
    [SIM_ACT_SWAP] = "swap",
    [SIM_ACT_FETCH_ADD] = "fetch_add",
    [SIM_ACT_FETCH_OR] = "fetch_or",
    [SIM_ACT_FETCH_AND] = "fetch_and",
    [SIM_ACT_LOCK] = "lock",
    [SIM_ACT_UNLOCK] = "unlock",
    [SIM_ACT_PARK_PREPARE] = "prepare_park",
    [SIM_ACT_PARK] = "park",
    [SIM_ACT_UNPARK] = "unpark",
    [SIM_ACT_SPIN] = "spin",
    [SIM_ACT_YIELD] = "yield",
    [SIM_ACT_SLEEP] = "sleep",
    [SIM_ACT_WORK] = "work",
    [SIM_ACT_CS_ENTER] = "cs_enter",
    [SIM_ACT_CS_EXIT] = "cs_exit",
    [SIM_ACT_PRINT] = "print",
    [SIM_ACT_ASSERT] = "assert",
    [SIM_ACT_IRQ_SAVE] = "irq_save",
    [SIM_ACT_IRQ_RESTORE] = "irq_restore",
    [SIM_ACT_RAISE] = "raise",
    [SIM_ACT_SET_PRIO] = "set_priority",
    [SIM_ACT_BLOCK] = "block",
    [SIM_ACT_FENCE] = "fence",
};

const char *sim_act_name(sim_act_kind kind)
{
    return (unsigned)kind < SIM_ACT_COUNT ? act_names[kind] : "?";
}

int sim_act_kind_from_name(const char *name)
{
    for (int k = 1; k < SIM_ACT_COUNT; k++)
        if (strcmp(act_names[k], name) == 0)
            return k;
    return -1;
}

const char *sim_order_name(unsigned order)
{
    static const char *const names[] = {[PLAT_RELAXED] = "relaxed",
                                        [PLAT_ACQUIRE] = "acquire",
                                        [PLAT_RELEASE] = "release",
                                        [PLAT_ACQ_REL] = "acq_rel",
                                        [PLAT_SEQ_CST] = "seq_cst"};
    return order < sizeof names / sizeof names[0] ? names[order] : "?";
}

const char *sim_outcome_name(sim_outcome o)
{
    switch (o) {
    case SIM_RUNNING: return "running";
    case SIM_DONE: return "done";
    case SIM_STUCK: return "stuck";
    case SIM_VIOLATION: return "violation";
    case SIM_ERROR: return "error";
    }
    return "?";
}
