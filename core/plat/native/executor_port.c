/*
 * The native async executor: every task a fiber, all on one real thread.
 *
 * Invariant: only the thread that called plat_native_executor_run runs task
 * code, and only the one task in `polling` at a time; a task's poll ends when
 * it blocks ("returns Pending") or returns, by a user-space stack switch back
 * to the executor loop (core/coro/coro.c: a few nanoseconds, no system call,
 * no other thread), as on upstream embassy's executor.
 *
 * The order is the executor model's rule (core/sim/sched/executor.c): a wake
 * or an expired deadline puts a task on the run queue once; when the batch
 * being polled is used up, the whole queue is taken as the next batch and
 * polled last-in first-out.  Timers use the real clock, read by an alarm
 * thread as upstream's std time driver does: it sleeps until the earliest
 * deadline and then raises a flag; when a batch is taken and the flag is up,
 * the expired deadlines are queued (as an alarm interrupt would have queued
 * them meanwhile).  So a busy executor reads no clock between alarms: a clock
 * reading costs more than a poll.  With nothing queued the thread sleeps
 * until the earliest deadline.  Nothing else ever wakes a task here, so with
 * nothing queued and no deadline every unfinished task is stuck: the run
 * reports them and ends.
 */
#define _GNU_SOURCE
#include "executor_port.h"

#include "../../coro/coro.h"
#include "../plat_tasks.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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

/* ---- the alarm: one thread, one deadline ----------------------------------------
 *
 * `alarm_at` (under alarm_mu) is the earliest deadline the alarm thread waits
 * for, or -1.  When it passes, the thread sets `alarm_rang` and forgets it;
 * the executor re-arms it for the next deadline when it queues the expired
 * ones.  Arming only ever moves the deadline earlier, so a task that blocks
 * with a later deadline costs no signal. */
static pthread_t alarm_thread;
static pthread_mutex_t alarm_mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t alarm_cv;
static int64_t alarm_at = -1;
static bool alarm_quit;
static atomic_bool alarm_rang;

static void *alarm_main(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&alarm_mu);
    while (!alarm_quit) {
        if (alarm_at < 0) {
            pthread_cond_wait(&alarm_cv, &alarm_mu);
        } else if (plat_native_now_us() >= alarm_at) {
            alarm_at = -1;
            atomic_store_explicit(&alarm_rang, true, memory_order_release);
        } else {
            struct timespec ts = {(time_t)(alarm_at / 1000000), (long)(alarm_at % 1000000) * 1000};
            pthread_cond_timedwait(&alarm_cv, &alarm_mu, &ts);
        }
    }
    pthread_mutex_unlock(&alarm_mu);
    return NULL;
}

static void alarm_arm(int64_t deadline_us)
{
    pthread_mutex_lock(&alarm_mu);
    if (alarm_at < 0 || deadline_us < alarm_at) {
        alarm_at = deadline_us;
        pthread_cond_signal(&alarm_cv);
    }
    pthread_mutex_unlock(&alarm_mu);
}

static void alarm_start(void)
{
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC); /* plat_native_now_us's clock */
    pthread_cond_init(&alarm_cv, &attr);
    pthread_condattr_destroy(&attr);
    alarm_at = -1;
    alarm_quit = false;
    atomic_store(&alarm_rang, false);
    if (pthread_create(&alarm_thread, NULL, alarm_main, NULL) != 0) {
        fprintf(stderr, "lockstep: executor: cannot start the alarm thread\n");
        exit(70);
    }
}

static void alarm_stop(void)
{
    pthread_mutex_lock(&alarm_mu);
    alarm_quit = true;
    pthread_cond_signal(&alarm_cv);
    pthread_mutex_unlock(&alarm_mu);
    pthread_join(alarm_thread, NULL);
    pthread_cond_destroy(&alarm_cv);
}

/* Whether the alarm rang since the last call (a plain load first: the flag is
 * down on almost every batch, and a read costs less than an exchange). */
static bool alarm_rang_once(void)
{
    return atomic_load_explicit(&alarm_rang, memory_order_relaxed) &&
           atomic_exchange_explicit(&alarm_rang, false, memory_order_acquire);
}

/* ---- the executor ---------------------------------------------------------------- */

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
    if (deadline_us >= 0)
        alarm_arm(deadline_us);
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

/* Queue the pending tasks whose deadline has passed and arm the alarm for
 * the earliest one still ahead; returns that deadline (or -1 if none). */
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
    if (next >= 0)
        alarm_arm(next);
    return next;
}

/* The next task to poll, sleeping for timers as needed; -1 when every task
 * has finished or the unfinished ones can never be woken. */
static int next_task(void)
{
    while (e_nbatch == 0) {
        /* The clock is read only when the alarm rang or nothing is queued. */
        int64_t next_deadline = 0;
        if (e_nqueue == 0 || alarm_rang_once())
            next_deadline = fire_timers();
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
    alarm_start();
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
    alarm_stop();
    for (int i = 0; i < e_tasks; i++) {
        if (!et[i].finished)
            fprintf(stderr,
                    "lockstep: executor: task %d is pending with no wake and no timer to come: "
                    "stuck\n",
                    i);
        coro_free(et[i].fiber);
    }
}
