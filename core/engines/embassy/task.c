/*
 * The executor's side of a task (see task.h): poll, count, charge, Pending.
 *
 * Invariant: a task is polled only by embassy_await, one poll at a time, and
 * every poll adds poll_ns to the virtual clock; whole microseconds are
 * charged as soon as they add up, so busy re-polling moves time forward and
 * the clock still reaches the timers.
 */
#include "task.h"

#include <string.h>

static void embassy_executor_init(void *data)
{
    embassy_executor *ex = data;
    ex->poll_ns = 50;
    for (int i = 0; i < EMBASSY_MAX_TASKS; i++) {
        ex->tasks[i].timer_at = -1;
        ex->tasks[i].pending_since = -1;
    }
}

static embassy_executor embassy_native_executor;
plat_global embassy_executor_global = {
    .name = "executor",
    .size = sizeof(embassy_executor),
    .init = embassy_executor_init,
    .native_storage = &embassy_native_executor,
};

embassy_executor *embassy_executor_get(void) { return plat_global_get(&embassy_executor_global); }

void embassy_executor_set_poll_cost(uint32_t ns) { embassy_executor_get()->poll_ns = ns; }

int64_t embassy_now_ns(void)
{
    return plat_now_coarse(AT("read the clock")) * 1000 + embassy_executor_get()->busy_ns;
}

/* The executor's thread spent poll_ns in this poll (of task t). */
static void embassy_charge_poll(embassy_executor *ex, embassy_task *t)
{
    t->busy_ns += ex->poll_ns;
    ex->busy_ns += ex->poll_ns;
    if (ex->busy_ns < 1000)
        return;
    int64_t us = ex->busy_ns / 1000;
    ex->busy_ns %= 1000;
    plat_sleep_until(plat_now(AT("poll time adds up")) + us, AT("poll time adds up"));
}

static uint32_t embassy_await_cancellable_if(embassy_future *f, bool cancellable, bool *dropped);

uint32_t embassy_await(embassy_future *f)
{
    bool dropped;
    return embassy_await_cancellable_if(f, false, &dropped);
}

uint32_t embassy_await_cancellable(embassy_future *f, bool *dropped)
{
    return embassy_await_cancellable_if(f, true, dropped);
}

static uint32_t embassy_await_cancellable_if(embassy_future *f, bool cancellable, bool *dropped)
{
    embassy_executor *ex = embassy_executor_get();
    embassy_task *t = &ex->tasks[plat_task_self()];
    t->await_polls = 0;
    *dropped = false;
    for (;;) {
        t->state = EMBASSY_RUNNING;
        t->polls++;
        t->await_polls++;
        t->timer_at = -1;
        if (t->pending_since >= 0)
            t->idle_ns += embassy_now_ns() - t->pending_since;
        t->pending_since = -1;
        embassy_charge_poll(ex, t);
        if (f->poll(f) == EMBASSY_READY) {
            t->state = EMBASSY_RUNNING; /* it runs on to its next await */
            t->await_point = NULL;
            return t->await_polls;
        }
        t->state = EMBASSY_IDLE;
        t->pending_since = embassy_now_ns();
        /* Return Pending: the executor polls somebody else until a wake (or
         * this poll's timer) queues the task again. */
        if (!cancellable) {
            plat_task_block(t->timer_at, AT("return Pending"));
        } else if (plat_task_await(t->timer_at, AT("return Pending (may be dropped)"))) {
            if (f->drop)
                f->drop(f); /* cancelled at this await point */
            *dropped = true;
            t->state = EMBASSY_RUNNING;
            t->await_point = NULL;
            return t->await_polls;
        }
    }
}

void embassy_wake(int task, plat_site at)
{
    /* Counted once the wake is done, not before: a wake is a step of its own,
     * and the task table must not show it before the step that performs it. */
    plat_task_wake(task, at);
    embassy_executor *ex = embassy_executor_get();
    ex->tasks[task].wakes++;
    if (task == plat_task_self())
        ex->tasks[task].self_wakes++;
}

void embassy_arm_timer(int64_t deadline_us)
{
    embassy_task *t = &embassy_executor_get()->tasks[plat_task_self()];
    if (t->timer_at < 0 || deadline_us < t->timer_at)
        t->timer_at = deadline_us;
}

void embassy_set_await_point(const char *what)
{
    embassy_executor_get()->tasks[plat_task_self()].await_point = what;
}
