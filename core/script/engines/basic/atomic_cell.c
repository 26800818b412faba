/*
 * The `atomic` object of engine basic: one atomic cell whose every operation
 * names its memory order (`load_acquire x r=0`, `store_release x 1`,
 * `fence_seq_cst x`), for litmus tests.
 *
 * A load (and a cas or fetch_add, which load too) writes the value it read
 * into register r of every `outcome` object (outcome.c), so a final
 * assertion can ask whether a combination of loaded values happened.  A
 * fence is written on a cell only because every operation names an object:
 * it orders the actor's accesses to every cell.
 */
#include "binding.h"

_Static_assert(sizeof(atomic_cell) <= COUNTER_FOOTPRINT, "a cell outgrew its footprint");

static int atomic_cell_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (basic_check_initial(params[0], err, es))
        return -1;
    atomic_cell_init(o, (uint32_t)params[0]);
    return 0;
}

#define LOAD_OP(order, ORDER)                                                                      \
    static int64_t load_##order(void *o, const int64_t *args)                                      \
    {                                                                                              \
        uint32_t v = atomic_cell_load(o, ORDER);                                                   \
        outcome_record(args[0], v);                                                                \
        return v;                                                                                  \
    }
#define STORE_OP(order, ORDER)                                                                     \
    static int64_t store_##order(void *o, const int64_t *args)                                     \
    {                                                                                              \
        atomic_cell_store(o, (uint32_t)args[0], ORDER);                                            \
        return 0;                                                                                  \
    }
#define RMW_OPS(order, ORDER)                                                                      \
    static int64_t cas_##order(void *o, const int64_t *args)                                       \
    {                                                                                              \
        uint32_t v = atomic_cell_cas(o, (uint32_t)args[0], (uint32_t)args[1], ORDER);              \
        outcome_record(args[2], v);                                                                \
        return v;                                                                                  \
    }                                                                                              \
    static int64_t fetch_add_##order(void *o, const int64_t *args)                                 \
    {                                                                                              \
        uint32_t v = atomic_cell_fetch_add(o, (uint32_t)args[0], ORDER);                           \
        outcome_record(args[1], v);                                                                \
        return v;                                                                                  \
    }
#define FENCE_OP(order, ORDER)                                                                     \
    static int64_t fence_##order(void *o, const int64_t *args)                                     \
    {                                                                                              \
        (void)o;                                                                                   \
        (void)args;                                                                                \
        atomic_cell_fence(ORDER);                                                                  \
        return 0;                                                                                  \
    }

LOAD_OP(relaxed, PLAT_RELAXED)
LOAD_OP(acquire, PLAT_ACQUIRE)
LOAD_OP(seq_cst, PLAT_SEQ_CST)
STORE_OP(relaxed, PLAT_RELAXED)
STORE_OP(release, PLAT_RELEASE)
STORE_OP(seq_cst, PLAT_SEQ_CST)
RMW_OPS(relaxed, PLAT_RELAXED)
RMW_OPS(acquire, PLAT_ACQUIRE)
RMW_OPS(release, PLAT_RELEASE)
RMW_OPS(acq_rel, PLAT_ACQ_REL)
RMW_OPS(seq_cst, PLAT_SEQ_CST)
FENCE_OP(acquire, PLAT_ACQUIRE)
FENCE_OP(release, PLAT_RELEASE)
FENCE_OP(acq_rel, PLAT_ACQ_REL)
FENCE_OP(seq_cst, PLAT_SEQ_CST)

#define LOAD_ROW(order)                                                                            \
    {                                                                                              \
        .name = "load_" #order, SCRIPT_ARGS("r"), .run = load_##order                              \
    }
#define STORE_ROW(order)                                                                           \
    {                                                                                              \
        .name = "store_" #order, SCRIPT_ARGS("value"), .run = store_##order                        \
    }
#define RMW_ROWS(order)                                                                            \
    {.name = "cas_" #order, SCRIPT_ARGS("expected", "desired", "r"), .run = cas_##order},          \
    {                                                                                              \
        .name = "fetch_add_" #order, SCRIPT_ARGS("value", "r"), .run = fetch_add_##order           \
    }
#define FENCE_ROW(order)                                                                           \
    {                                                                                              \
        .name = "fence_" #order, .run = fence_##order                                              \
    }

static const script_op cell_ops[] = {
    LOAD_ROW(relaxed),  LOAD_ROW(acquire),  LOAD_ROW(seq_cst),  STORE_ROW(relaxed),
    STORE_ROW(release), STORE_ROW(seq_cst), RMW_ROWS(relaxed),  RMW_ROWS(acquire),
    RMW_ROWS(release),  RMW_ROWS(acq_rel),  RMW_ROWS(seq_cst),  FENCE_ROW(acquire),
    FENCE_ROW(release), FENCE_ROW(acq_rel), FENCE_ROW(seq_cst),
};

static int64_t cell_value(const void *o) { return ((const atomic_cell *)o)->value.v; }

static const script_field cell_fields[] = {{.name = "value", .read = cell_value}};

const script_type type_atomic_cell = {
    .name = "atomic",
    .engine = "basic",
    .summary = "one atomic cell; every load, store, cas, fetch_add and fence names its memory "
               "order, and a load writes what it read into register r of every outcome",
    .size = sizeof(atomic_cell),
    .footprint = COUNTER_FOOTPRINT,
    SCRIPT_PARAMS("initial"),
    .init = atomic_cell_setup,
    SCRIPT_OPS(cell_ops),
    SCRIPT_FIELDS(cell_fields),
};
