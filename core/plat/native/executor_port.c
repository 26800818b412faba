/*
 * The native async executor: every task a fiber, all on one real thread.
 *
 * Invariant: only the thread that called plat_native_executor_run runs task
 * code, and only the one task in `polling` at a time; a task's poll ends when
 * it blocks ("returns Pending") or returns, by a user-space stack switch back
 * to the executor loop (core/sim/coro.c: a few nanoseconds, no system call,
 * no other thread), as on upstream embassy's executor.
 *
 * The order is the executor model's rule (core/sim/sched/executor.c): a wake
 * or an expired deadline puts a task on the run queue once; when the batch
 * being polled is used up, the whole queue is taken as the next batch and
 * polled last-in first-out.  Timers use the real clock: expired deadlines are
 * queued when a batch is taken (as an alarm interrupt would have queued them
 * meanwhile), and with nothing queued the thread sleeps until the earliest
 * deadline.  Nothing else ever wakes a task here, so with nothing queued and
 * no deadline every unfinished task is stuck: the run reports them and ends.
 */
#define _GNU_SOURCE
#include "executor_port.h"

#include "../../sim/coro.h"
#include "../plat.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Tasks' stacks: engine futures live on them, and a task may printf. */
#define EXEC_STACK (256u * 1024u)

static struct etask {
    coro *fiber;
    const plat_native_rtos_task *spec;
    int64_t deadline_us; /* while pending: when its timer queues it, or -1 */
    unsigned irq_depth;  /* its interrupt mask while another task is polled */
    bool queued, finished, woken;
} et[PLAT_NATIVE_MAX_TASKS];
static int e_tasks, polling = -1;
static bool e_active;
static coro *e_loop; /* the executor loop's context: the calling thread's own */
static int e_queue[PLAT_NATIVE_MAX_TASKS], e_nqueue, e_batch[PLAT_NATIVE_MAX_TASKS], e_nbatch;

bool plat_native_exec_active(void) { return e_active; }
int plat_native_exec_self(void) { return polling; }

static void enqueue(int t)
{
    if (!et[t].queued && !et[t].finished) {
        et[t].queued = true;
        e_queue[e_nqueue++] = t;
    }
}

void plat_native_exec_wake(int task)
{
    if (task < 0 || task >= e_tasks)
        return;
    et[task].woken = true;
    enqueue(task);
}

bool plat_native_exec_block(int64_t deadline_us)
{
    struct etask *t = &et[polling];
    t->deadline_us = deadline_us;
    t->irq_depth = plat_native_irq_depth;
    coro_switch(t->fiber, e_loop);
    /* polled again (the loop restored irq_depth): a wake or the deadline queued it */
    bool woken = t->woken;
    t->woken = false;
    t->deadline_us = -1;
    return woken;
}

static void task_fiber(void *arg)
{
    struct etask *t = arg;
    t->spec->entry(t->spec->arg);
    t->finished = true;
    coro_switch(t->fiber, e_loop); /* the loop never switches back */
}

/* Queue the pending tasks whose deadline has passed; the earliest deadline
 * still ahead (or -1 if none). */
static int64_t fire_timers(void)
{
    int64_t now = -1, next = -1;
    for (int i = 0; i < e_tasks; i++) {
        struct etask *t = &et[i];
        if (t->finished || t->queued || t->deadline_us < 0 || i == polling)
            continue;
        if (now < 0)
            now = plat_native_now_us();
        if (t->deadline_us <= now)
            enqueue(i);
        else if (next < 0 || t->deadline_us < next)
            next = t->deadline_us;
    }
    return next;
}

/* The next task to poll, sleeping for timers as needed; -1 when every task
 * has finished or the unfinished ones can never be woken. */
static int next_task(void)
{
    while (e_nbatch == 0) {
        int64_t next_deadline = fire_timers();
        if (e_nqueue > 0) {
            memcpy(e_batch, e_queue, sizeof e_queue[0] * (size_t)e_nqueue);
            e_nbatch = e_nqueue;
            e_nqueue = 0;
        } else if (next_deadline >= 0) {
            plat_native_sleep_us(next_deadline - plat_native_now_us());
        } else {
            return -1;
        }
    }
    int t = e_batch[--e_nbatch];
    et[t].queued = false;
    return t;
}

void plat_native_executor_run(const plat_native_rtos_task *tasks, int n)
{
    e_tasks = n < PLAT_NATIVE_MAX_TASKS ? n : PLAT_NATIVE_MAX_TASKS;
    e_nqueue = e_nbatch = 0;
    e_loop = coro_host();
    for (int i = 0; i < e_tasks; i++) {
        et[i] = (struct etask){.spec = &tasks[i], .deadline_us = -1};
        et[i].fiber = coro_new(EXEC_STACK, task_fiber, &et[i]);
        if (!et[i].fiber) {
            fprintf(stderr, "lockstep: no memory for the executor's task stacks\n");
            exit(70);
        }
        enqueue(i);
    }
    e_active = true;
    unsigned loop_irq_depth = plat_native_irq_depth;
    for (int t; (t = next_task()) >= 0;) {
        polling = t;
        plat_native_irq_depth = et[t].irq_depth;
        coro_switch(e_loop, et[t].fiber);
        polling = -1;
    }
    plat_native_irq_depth = loop_irq_depth;
    e_active = false;
    for (int i = 0; i < e_tasks; i++) {
        if (!et[i].finished)
            fprintf(stderr,
                    "lockstep: executor: task %d is pending with no wake and no timer to come: "
                    "stuck\n",
                    i);
        coro_free(et[i].fiber);
    }
}
