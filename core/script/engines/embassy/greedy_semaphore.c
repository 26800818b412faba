/*
 * The GreedySemaphore of engine embassy, with the releaser each task holds.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

/* A scenario task keeps the releaser of what it acquired (the permits add
 * up over several acquires) until it drops it (`drop_releaser`: the permits
 * go back) or disarms it (`disarm`: they stay taken).  `release` is the
 * semaphore's own release(n), as after a disarm. */
typedef struct embassy_greedy_obj {
    embassy_greedy_semaphore s;
    script_holders held; /* the permits of each task's releaser */
} embassy_greedy_obj;

static int embassy_greedy_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (embassy_check_count(params[0], "permits", 1000000, err, es))
        return -1;
    embassy_greedy_init(&((embassy_greedy_obj *)o)->s, (uint32_t)params[0]);
    return 0;
}

/* The calling task's releaser holds n more permits. */
static void embassy_releaser_grows(embassy_greedy_obj *g, uint32_t n)
{
    if (!script_hold(&g->held, plat_task_self(), n))
        plat_misuse(AT("releaser: count its permits"),
                    "one task's releaser may hold at most 2147483647 permits");
}

/* The calling task's releaser, emptied: the permits it held. */
static uint32_t embassy_releaser_take(embassy_greedy_obj *g)
{
    int task = plat_task_self();
    return (uint32_t)script_unhold(&g->held, task, g->held.of[task]);
}

/* acquire(n).await: the polls it took; the task's releaser holds n more. */
static int64_t embassy_greedy_acquire_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    embassy_greedy_acquire f;
    embassy_greedy_acquire_init(&f, &g->s, (uint32_t)args[0]);
    uint32_t polls = embassy_await(&f.future);
    embassy_releaser_grows(g, embassy_greedy_releaser_of(&f).permits);
    return polls;
}

/* acquire_all(min).await: the permits it took (every one there was). */
static int64_t embassy_greedy_acquire_all_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    embassy_greedy_acquire f;
    embassy_greedy_acquire_all_init(&f, &g->s, (uint32_t)args[0]);
    embassy_await(&f.future);
    uint32_t took = embassy_greedy_releaser_of(&f).permits;
    embassy_releaser_grows(g, took);
    return took;
}

static int64_t embassy_greedy_try_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    bool taken = embassy_greedy_try_acquire(&g->s, (uint32_t)args[0]);
    if (taken)
        embassy_releaser_grows(g, (uint32_t)args[0]);
    return taken;
}

static int64_t embassy_greedy_try_all_op(void *o, const int64_t *args)
{
    embassy_greedy_obj *g = o;
    uint32_t took = embassy_greedy_try_acquire_all(&g->s, (uint32_t)args[0]);
    embassy_releaser_grows(g, took);
    return took;
}

/* Dropping the task's releaser: the permits it gave back. */
static int64_t embassy_greedy_drop_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_greedy_obj *g = o;
    uint32_t n = embassy_releaser_take(g);
    embassy_greedy_releaser r = {.s = &g->s, .permits = n};
    embassy_greedy_releaser_drop(&r);
    return n;
}

/* releaser.disarm(): the permits it held, now never given back. */
static int64_t embassy_greedy_disarm_op(void *o, const int64_t *args)
{
    (void)args;
    embassy_greedy_obj *g = o;
    embassy_greedy_releaser r = {.s = &g->s, .permits = embassy_releaser_take(g)};
    return embassy_greedy_releaser_disarm(&r);
}

static int64_t embassy_greedy_release_op(void *o, const int64_t *args)
{
    embassy_greedy_release(&((embassy_greedy_obj *)o)->s, (uint32_t)args[0]);
    return 0;
}

static int64_t embassy_greedy_set_op(void *o, const int64_t *args)
{
    embassy_greedy_set(&((embassy_greedy_obj *)o)->s, (uint32_t)args[0]);
    return 0;
}

static int64_t embassy_greedy_permits(const void *o)
{
    return ((const embassy_greedy_obj *)o)->s.permits.v;
}
static int64_t embassy_greedy_waker(const void *o)
{
    return embassy_waker_peek(&((const embassy_greedy_obj *)o)->s.waker);
}
/* Permits the tasks' releasers hold (disarmed ones no longer count). */
static int64_t embassy_greedy_held(const void *o)
{
    return ((const embassy_greedy_obj *)o)->held.total;
}

/* "releasers": [{"task", "permits"}] of every task that holds some. */
static void embassy_greedy_describe(const void *o, sim_machine *m, jbuf *b)
{
    script_holders_json(b, m, &((const embassy_greedy_obj *)o)->held, "releasers", "task");
}

static const script_op embassy_greedy_ops[] = {
    {.name = "acquire", SCRIPT_ARGS("n"), .run = embassy_greedy_acquire_op},
    {.name = "acquire_all", SCRIPT_ARGS("min"), .run = embassy_greedy_acquire_all_op},
    {.name = "try_acquire", SCRIPT_ARGS("n"), .run = embassy_greedy_try_op},
    {.name = "try_acquire_all", SCRIPT_ARGS("min"), .run = embassy_greedy_try_all_op},
    {.name = "drop_releaser", .run = embassy_greedy_drop_op},
    {.name = "disarm", .run = embassy_greedy_disarm_op},
    {.name = "release", SCRIPT_ARGS("n"), .run = embassy_greedy_release_op},
    {.name = "set", SCRIPT_ARGS("n"), .run = embassy_greedy_set_op},
};
static const script_field embassy_greedy_fields[] = {
    {.name = "permits", .read = embassy_greedy_permits},
    {.name = "waker", .read = embassy_greedy_waker},
    {.name = "held", .read = embassy_greedy_held},
};

/* Every greedy semaphore takes 1024 bytes of address space, on any word size. */
#define GREEDY_FOOTPRINT 1024
_Static_assert(sizeof(embassy_greedy_obj) <= GREEDY_FOOTPRINT,
               "a greedy semaphore outgrew its footprint");

const script_type type_embassy_greedy = {
    .name = "greedy_semaphore",
    .engine = "embassy",
    .summary = "GreedySemaphore: whoever is polled with enough permits takes them",
    .size = sizeof(embassy_greedy_obj),
    .footprint = GREEDY_FOOTPRINT,
    SCRIPT_PARAMS("permits"),
    .param_defaults = {1},
    .init = embassy_greedy_setup,
    SCRIPT_OPS(embassy_greedy_ops),
    SCRIPT_FIELDS(embassy_greedy_fields),
    .describe = embassy_greedy_describe,
};
