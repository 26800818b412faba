/*
 * The mutex object of engine rtos: take and give with priority inheritance.
 */
#include "binding.h"

#include <stdio.h>
#include <string.h>

static int rtos_mutex_setup(void *o, const int64_t *params, char *err, size_t es)
{
    if (params[0] < 0 || params[0] > 2) {
        snprintf(err, es, "inherit must be 0 (none), 1 (FreeRTOS's rule) or 2 (transitive)");
        return -1;
    }
    rtos_mutex_init(o, (int)params[0]);
    return 0;
}

static int64_t rtos_op_take(void *o, const int64_t *args)
{
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    int r = rtos_mutex_take(o, rtos_ticks(args[0]));
    if (r == RTOS_TIMEOUT) {
        sim_machine *m = rtos_m();
        char name[48], text[120];
        sim_object_name(m, o, name, sizeof name);
        snprintf(text, sizeof text, "%s: take %s timed out at %lld ms",
                 sim_actor_name(m, sim_current_actor(m)), name,
                 (long long)(sim_now(m) / RTOS_TICK_US));
        rtos_say(text);
    }
    return rtos_end_op(r);
}

static int64_t rtos_op_give(void *o, const int64_t *args)
{
    (void)args;
    if (!rtos_bind_tasks())
        return rtos_end_op(RTOS_ERROR);
    return rtos_end_op(rtos_mutex_give(o));
}

static int64_t rtos_field_owner(const void *o)
{
    return (int64_t)((const rtos_mutex *)o)->owner.v - 1;
}
static int64_t rtos_field_mutex_mask(const void *o) { return ((const rtos_mutex *)o)->wait_mask.v; }
static int64_t rtos_field_inherit(const void *o) { return ((const rtos_mutex *)o)->inherit; }

static const script_op rtos_mutex_ops[] = {
    {.name = "take", SCRIPT_ARGS("timeout_ms"), .run = rtos_op_take},
    {.name = "give", .run = rtos_op_give},
};

static const script_field rtos_mutex_fields[] = {
    {.name = "owner", .read = rtos_field_owner},
    {.name = "wait_mask", .read = rtos_field_mutex_mask},
    {.name = "inherit", .read = rtos_field_inherit},
};

/* "holder": name or null, "waiting": [names] */
static void rtos_mutex_describe(const void *o, sim_machine *m, jbuf *b)
{
    const rtos_mutex *x = o;
    const rtos_kernel *k = sim_global_peek(m, &rtos_kernel_global);
    jb_key(b, "holder");
    int owner = (int)x->owner.v - 1;
    if (k && owner >= 0 && k->task[owner].used.v)
        jb_str(b, sim_actor_name(m, k->task[owner].plat));
    else
        jb_raw(b, "null");
    jb_key(b, "waiting");
    rtos_mask_json(b, m, x->wait_mask.v);
}

static void rtos_say_mutex_takes(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "takes %s, held by %s (bit %lld of wait_mask 0x%04llx)",
             sim_blocked_text_of(r, "object"),
             sim_blocked_arg_of(r, "holder") ? sim_blocked_text_of(r, "holder") : "nobody",
             (long long)sim_blocked_num_of(r, "bit", 0),
             (unsigned long long)sim_blocked_num_of(r, "mask", 0));
}

static const sim_blocked_code rtos_mutex_takes = {"rtos.mutex.takes", rtos_say_mutex_takes};

static bool rtos_mutex_explain_block(const void *o, const char *name, sim_machine *m, int actor,
                                     sim_blocked *r)
{
    const rtos_mutex *x = o;
    int rank = rtos_rank_of(m, actor);
    if (sim_pending(m, actor)->kind != SIM_ACT_BLOCK || rank < 0 || rank >= RTOS_MAX_TASKS ||
        !(x->wait_mask.v >> rank & 1u))
        return false;
    int owner_id = (int)x->owner.v - 1;
    const char *owner = NULL; /* nobody */
    for (int i = 0; owner_id >= 0 && i < sim_actor_count(m); i++)
        if (rtos_rank_of(m, i) == owner_id)
            owner = sim_actor_name(m, i);
    sim_blocked_set(r, &rtos_mutex_takes);
    sim_blocked_text(r, "object", name);
    if (owner)
        sim_blocked_text(r, "holder", owner);
    sim_blocked_num(r, "bit", rank);
    sim_blocked_num(r, "mask", x->wait_mask.v);
    return true;
}

/* Every mutex takes 256 bytes of address space, on any word size. */
#define MUTEX_FOOTPRINT 256
_Static_assert(sizeof(rtos_mutex) <= MUTEX_FOOTPRINT, "a mutex outgrew its footprint");

const script_type type_rtos_mutex = {
    .name = "mutex",
    .engine = "rtos",
    .summary = "a mutex with an owner and priority inheritance: inherit 0 none (a binary "
               "semaphore), 1 FreeRTOS's rule, 2 transitive",
    .size = sizeof(rtos_mutex),
    .footprint = MUTEX_FOOTPRINT,
    SCRIPT_PARAMS("inherit"),
    .param_defaults = {1},
    .init = rtos_mutex_setup,
    SCRIPT_OPS(rtos_mutex_ops),
    SCRIPT_FIELDS(rtos_mutex_fields),
    .describe = rtos_mutex_describe,
    .explain_block = rtos_mutex_explain_block,
};
