/*
 * Tasks (see task.h).  Invariant: a task is READY, BLOCKED or DELAYED, and
 * only a BLOCKED task is woken by rtos_task_wakeup.
 *
 * The kernel's scheduler itself is the platform's: plat_task_block gives the
 * processor away and plat_task_wake makes a task eligible again; which ready
 * task runs (the most urgent, equal priorities taking turns at each tick) is
 * the rule of the machine underneath.  What this file keeps is the kernel's
 * own record of each task, which is what the semaphore's logic reads.
 */
#include "task.h"
#include "critical.h"

static void rtos_kernel_init(void *data)
{
    rtos_kernel *k = data;
    rtos_flags *f = &k->flags;
    /* The four rows of the pend/post table: does the blocking pend count
     * itself, and does a post that wakes somebody add a unit? */
    f->pend_decrements = !plat_variant_is("post_increments_count") && !plat_variant_is("handoff");
    f->post_increments = !plat_variant_is("reference_post") && !plat_variant_is("handoff");
    f->naive_enable = plat_variant_is("naive_enable");
    f->block_outside_critical = plat_variant_is("block_outside_critical");
    f->timeout_keeps_debt = plat_variant_is("timeout_keeps_debt");
    f->init_one = plat_variant_is("init_one");
    f->no_inheritance = plat_variant_is("no_priority_inheritance");
}

static rtos_kernel rtos_native_kernel;
plat_global rtos_kernel_global = {
    .name = "tcb",
    .size = sizeof(rtos_kernel),
    .init = rtos_kernel_init,
    .native_storage = &rtos_native_kernel,
};

rtos_kernel *rtos_kernel_get(void) { return plat_global_get(&rtos_kernel_global); }

void rtos_task_create(int id, int plat, int priority)
{
    rtos_kernel *k = rtos_kernel_get();
    if (id < 0 || id >= RTOS_MAX_TASKS || plat < 0 || plat >= 64 || k->task[id].used.v) {
        plat_misuse(AT("task_create"), "task_create: ids are 0 to 15, one task each");
        return;
    }
    rtos_tcb *t = &k->task[id];
    plat_init8(&t->used, 1);
    plat_init8(&t->state, RTOS_READY);
    t->plat = (int16_t)plat;
    t->priority = (int8_t)priority;
    k->id_of[plat] = (int8_t)(id + 1);
}

int rtos_task_current(void)
{
    if (plat_in_interrupt())
        return -1;
    int plat = plat_task_self();
    return plat >= 0 && plat < 64 ? rtos_kernel_get()->id_of[plat] - 1 : -1;
}

/* The platform counts priorities upward; this kernel counts them downward. */
int rtos_prio_effective(int id) { return -plat_task_priority(rtos_kernel_get()->task[id].plat); }
int rtos_prio_base(int id) { return -plat_task_base_priority(rtos_kernel_get()->task[id].plat); }

void rtos_prio_set(int id, int priority)
{
    plat_task_set_priority(rtos_kernel_get()->task[id].plat, -priority,
                           AT("set the effective priority"));
}

bool rtos_task_block(const void *on, bool is_mutex, uint32_t timeout, rtos_key key)
{
    rtos_kernel *k = rtos_kernel_get();
    rtos_tcb *t = &k->task[rtos_task_current()];
    t->waits_on = on;
    t->waits_on_mutex = is_mutex;
    plat_store8(&t->state, RTOS_BLOCKED, PLAT_RELAXED, AT("task_block: leave the ready list"));
    int64_t deadline = timeout ? plat_now(AT("now")) + (int64_t)timeout * RTOS_TICK_US : -1;
    /* (for the explorer: what a blocked task does once it runs again
     * depends on its operation, what it waits on, its deadline and the
     * critical section it resumes; nothing it read in there before) */
    plat_loop_state(AT("schedule(): what a blocked task keeps"), (uintptr_t)on, is_mutex,
                    (uint64_t)deadline, key.was_masked);
    bool woken = plat_task_block(deadline, AT("schedule(): switch away until woken"));
    if (!woken) /* the timeout: nobody made it READY, it does so itself */
        plat_store8(&t->state, RTOS_READY, PLAT_RELAXED, AT("timed out: back to the ready list"));
    t->waits_on = NULL;
    return woken;
}

void rtos_task_wakeup(int id)
{
    rtos_tcb *t = &rtos_kernel_get()->task[id];
    if (plat_load8(&t->state, PLAT_RELAXED, AT("task_wakeup: is it blocked?")) != RTOS_BLOCKED)
        return; /* still running (or delayed): there is nothing to wake */
    plat_store8(&t->state, RTOS_READY, PLAT_RELAXED, AT("task_wakeup: back to the ready list"));
    plat_task_wake(t->plat, AT("task_wakeup: it may run at the next scheduling point"));
}

void rtos_delay(uint32_t ms)
{
    rtos_kernel *k = rtos_kernel_get();
    int id = rtos_task_current();
    if (id < 0) {
        plat_misuse(AT("delay_ms"), "delay_ms from an interrupt handler: a handler cannot wait");
        return;
    }
    rtos_tcb *t = &k->task[id];
    int64_t now = plat_now(AT("now"));
    int64_t until = now + (int64_t)ms * RTOS_TICK_US;
    rtos_key key = rtos_enter_critical();
    plat_store32(&t->wake_tick, (uint32_t)(until / RTOS_TICK_US), PLAT_RELAXED,
                 AT("delay_ms: the tick to wake at"));
    plat_store8(&t->state, RTOS_DELAYED, PLAT_RELAXED, AT("delay_ms: onto the delayed list"));
    plat_task_block(until, AT("delay_ms: switch away until the tick"));
    plat_store8(&t->state, RTOS_READY, PLAT_RELAXED, AT("delay_ms: back to the ready list"));
    rtos_exit_critical(key);
}
