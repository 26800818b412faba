/*
 * The `litmus_outcome` object of engine basic: the registers of a litmus test and
 * one combination of their values to watch for.
 *
 *   objects:
 *     both_zero: {type: litmus_outcome, r0: 0, r1: 0}  # A's load read 0, and B's
 *   assert: both_zero.seen == 0                  # never both (sc forbids it)
 *
 * Invariant: an outcome's registers r0..r3 hold the value the last load
 * naming that register read (loads of `atomic` cells, atomic_cell.c), and
 * `seen` is 1 exactly when every register the outcome watches (a parameter
 * not -1) was written and holds the watched value.  Registers belong to the
 * scenario, not to memory: writing one is no access and no step.
 *
 * Every outcome of a world hears every load: the machine's engine global
 * "outcomes" lists them, made afresh at every reset.
 */
#include "binding.h"

#include <stdio.h>

enum { MAX_OUTCOMES = 8 };

typedef struct outcomes {
    litmus_outcome *list[MAX_OUTCOMES];
    int n;
} outcomes;

static void outcomes_init(void *data) { (void)data; /* zeroed: no outcome yet */ }

static plat_global outcomes_global = {
    .name = "outcomes",
    .size = sizeof(outcomes),
    .init = outcomes_init,
};

void outcome_record(int64_t reg, uint32_t value)
{
    if (reg < 0 || reg >= OUTCOME_REGISTERS) {
        plat_misuse(AT("pick a register"), "a register is r=0, r=1, r=2 or r=3");
        return;
    }
    outcomes *all = plat_global_get(&outcomes_global);
    for (int i = 0; i < all->n; i++) {
        all->list[i]->r[reg] = value;
        all->list[i]->written |= (uint8_t)(1u << reg);
    }
}

static int outcome_setup(void *o, const int64_t *params, char *err, size_t es)
{
    litmus_outcome *out = o;
    for (int k = 0; k < OUTCOME_REGISTERS; k++) {
        if (params[k] < -1 || params[k] > UINT32_MAX) {
            snprintf(err, es, "r%d must be -1 (not watched) or between 0 and %u", k, UINT32_MAX);
            return -1;
        }
        out->watch[k] = params[k];
    }
    outcomes *all = plat_global_get(&outcomes_global);
    if (all->n == MAX_OUTCOMES) {
        snprintf(err, es, "a scenario has at most %d outcomes", MAX_OUTCOMES);
        return -1;
    }
    all->list[all->n++] = out;
    return 0;
}

static int64_t outcome_seen(const void *o)
{
    const litmus_outcome *out = o;
    for (int k = 0; k < OUTCOME_REGISTERS; k++)
        if (out->watch[k] >= 0 && (!(out->written >> k & 1) || out->r[k] != out->watch[k]))
            return 0;
    return 1;
}

/* A register's value, or -1 while no load has written it. */
#define REGISTER_FIELD(k)                                                                          \
    static int64_t outcome_r##k(const void *o)                                                     \
    {                                                                                              \
        const litmus_outcome *out = o;                                                             \
        return out->written >> (k)&1 ? (int64_t)out->r[k] : -1;                                    \
    }
REGISTER_FIELD(0)
REGISTER_FIELD(1)
REGISTER_FIELD(2)
REGISTER_FIELD(3)

static const script_field outcome_fields[] = {
    {.name = "seen", .read = outcome_seen}, {.name = "r0", .read = outcome_r0},
    {.name = "r1", .read = outcome_r1},     {.name = "r2", .read = outcome_r2},
    {.name = "r3", .read = outcome_r3},
};

const script_type type_outcome = {
    .name = "litmus_outcome",
    .engine = "basic",
    .summary = "the registers r0..r3 that loads write, and whether they hold the values watched "
               "for (seen)",
    .size = sizeof(litmus_outcome),
    .footprint = COUNTER_FOOTPRINT,
    .n_params = OUTCOME_REGISTERS,
    .param_names = {"r0", "r1", "r2", "r3"},
    .param_defaults = {-1, -1, -1, -1},
    .init = outcome_setup,
    SCRIPT_FIELDS(outcome_fields),
};
