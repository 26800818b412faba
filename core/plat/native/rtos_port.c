/*
 * The native rtos port: tasks on real threads, one at a time, a real tick.
 *
 * Invariant: at most one task runs engine code at any moment: the one whose
 * index is in `running` (a task waits for its turn on the kernel's condition
 * variable before it runs on).  Which task that is follows the rtos model's
 * rule (core/sim/sched/rtos.c): the ready task of the highest effective
 * priority; among equals, the one running keeps the processor until a tick,
 * then the one that has waited longest gets it.
 *
 * Like FreeRTOS's POSIX port, a timer thread delivers the tick: every tick_us
 * it asks the running task to give way when another ready task has an equal
 * or higher priority.  The running task does so at its next platform call
 * (every plat_* atomic and lock is such a point, PLAT_NATIVE_POINT), unless
 * it has masked interrupts with plat_irq_save; then at the plat_irq_restore
 * that unmasks them.  So a preemption can land between the load and the
 * store of a racy increment, on real hardware, with real time.
 *
 * The async executor (plat_native_executor_run) is not this kernel: its tasks
 * are fibers on one thread (executor_port.c); while it runs, the plat_task_*
 * calls below hand over to it.
 *
 * Built only with -DPLAT_NATIVE_RTOS: alone in tests/c/rtos_port (mk/rtos-port.mk),
 * under the rtos engine in tests/c/rtos and bench/rtos_semaphore (mk/native-bench.mk).
 */
#define _GNU_SOURCE
#include "../plat_tasks.h"
#include "executor_port.h"

#include <errno.h>
#include <string.h>

static pthread_mutex_t k_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t k_turn = PTHREAD_COND_INITIALIZER; /* `running` changed, or a wake */

static struct ktask {
    int base, eff;
    bool ready, finished, woken;
    uint64_t rr; /* its place in the line of its priority */
    const plat_native_rtos_task *spec;
} kt[PLAT_NATIVE_MAX_TASKS];
static int k_tasks, running = -1;
static uint64_t rr_seq;
static bool k_stop;
/* The tick asks the running task to give way (read inline at every platform
 * call, plat_native.h); a task's interrupt mask is its thread's own count. */
_Atomic int plat_native_preempt;
_Thread_local unsigned plat_native_irq_depth;
static _Thread_local int self = -1;
void (*plat_native_irq_hook)(int handler);

/* Under k_lock: the task that should run, or -1. */
static int pick(void)
{
    int best = -1;
    for (int i = 0; i < k_tasks; i++) {
        if (!kt[i].ready || kt[i].finished)
            continue;
        if (best < 0 || kt[i].eff > kt[best].eff ||
            (kt[i].eff == kt[best].eff && kt[i].rr < kt[best].rr))
            best = i;
    }
    return best;
}

static void switch_to_next(void)
{
    running = pick();
    pthread_cond_broadcast(&k_turn);
}

static void wait_turn(void)
{
    while (running != self)
        pthread_cond_wait(&k_turn, &k_lock);
}

/* Under k_lock: go to the back of my line and let the scheduler choose. */
static void yield_locked(void)
{
    kt[self].rr = ++rr_seq;
    atomic_store(&plat_native_preempt, 0);
    switch_to_next();
    wait_turn();
}

/* The slow half of PLAT_NATIVE_POINT: the tick has asked for a switch. */
void plat_native_preempted(void)
{
    if (self < 0 || plat_native_irq_depth)
        return; /* no task, or masked: it gives way when it unmasks */
    pthread_mutex_lock(&k_lock);
    if (running == self)
        yield_locked();
    pthread_mutex_unlock(&k_lock);
}

void plat_irq_raise(int handler, plat_site at)
{
    (void)at;
    if (plat_native_irq_hook)
        plat_native_irq_hook(handler);
}

int plat_task_self(void) { return plat_native_exec_active() ? plat_native_exec_self() : self; }

int plat_task_priority(int task)
{
    if (plat_native_exec_active())
        return 0; /* the executor has no priorities */
    pthread_mutex_lock(&k_lock);
    int p = task >= 0 && task < k_tasks ? kt[task].eff : 0;
    pthread_mutex_unlock(&k_lock);
    return p;
}

int plat_task_base_priority(int task)
{
    if (plat_native_exec_active())
        return 0;
    pthread_mutex_lock(&k_lock);
    int p = task >= 0 && task < k_tasks ? kt[task].base : 0;
    pthread_mutex_unlock(&k_lock);
    return p;
}

/* Under k_lock: if a ready task now outranks the running one, switch. */
static void reschedule_locked(void)
{
    int best = pick();
    if (best < 0 || best == running)
        return;
    if (running < 0) {
        switch_to_next(); /* the processor was idle */
    } else if (kt[best].eff > kt[running].eff) {
        if (running == self && plat_native_irq_depth == 0)
            yield_locked(); /* preempt myself at once */
        else
            atomic_store(&plat_native_preempt,
                         1); /* the running task gives way at its next point */
    }
}

void plat_task_set_priority(int task, int priority, plat_site at)
{
    (void)at;
    if (plat_native_exec_active())
        return; /* the executor has no priorities */
    pthread_mutex_lock(&k_lock);
    if (task >= 0 && task < k_tasks) {
        kt[task].eff = priority;
        reschedule_locked();
    }
    pthread_mutex_unlock(&k_lock);
}

bool plat_task_block(int64_t deadline_us, plat_site at)
{
    if (plat_native_exec_active()) {
        if (plat_native_exec_self() < 0)
            plat_native_misuse(at, "plat_task_block outside a task", NULL, NULL);
        return plat_native_exec_block(deadline_us);
    }
    if (self < 0)
        plat_native_misuse(at, "plat_task_block outside a task", NULL, NULL);
    pthread_mutex_lock(&k_lock);
    struct ktask *t = &kt[self];
    if (!t->woken) {
        t->ready = false;
        switch_to_next();
        while (!t->woken) {
            if (deadline_us < 0) {
                pthread_cond_wait(&k_turn, &k_lock);
                continue;
            }
            int64_t left = deadline_us - plat_native_now_us();
            if (left <= 0)
                break;
            struct timespec ts;
            clock_gettime(CLOCK_REALTIME, &ts);
            int64_t ns = (int64_t)ts.tv_nsec + left * 1000;
            ts.tv_sec += (time_t)(ns / 1000000000);
            ts.tv_nsec = (long)(ns % 1000000000);
            pthread_cond_timedwait(&k_turn, &k_lock, &ts);
        }
        if (!t->ready) { /* the deadline passed: ready again, at the back of the line */
            t->ready = true;
            t->rr = ++rr_seq;
            reschedule_locked();
        }
        wait_turn();
    }
    bool woken = t->woken;
    t->woken = false;
    pthread_mutex_unlock(&k_lock);
    return woken;
}

void plat_task_wake(int task, plat_site at)
{
    (void)at;
    if (plat_native_exec_active()) {
        plat_native_exec_wake(task); /* polled in a later batch; nobody is preempted */
        return;
    }
    pthread_mutex_lock(&k_lock);
    if (task >= 0 && task < k_tasks && !kt[task].finished) {
        kt[task].woken = true;
        if (!kt[task].ready) {
            kt[task].ready = true;
            kt[task].rr = ++rr_seq;
        }
        pthread_cond_broadcast(&k_turn);
        reschedule_locked();
    }
    pthread_mutex_unlock(&k_lock);
}

void plat_native_task_enter(int id, int priority)
{
    (void)id;
    (void)priority; /* tasks are made by plat_native_rtos_run here */
}

static void *task_main(void *arg)
{
    self = (int)(intptr_t)arg;
    pthread_mutex_lock(&k_lock);
    wait_turn();
    pthread_mutex_unlock(&k_lock);
    kt[self].spec->entry(kt[self].spec->arg);
    pthread_mutex_lock(&k_lock);
    kt[self].finished = true;
    kt[self].ready = false;
    switch_to_next();
    pthread_mutex_unlock(&k_lock);
    return NULL;
}

static void *tick_main(void *arg)
{
    int64_t tick_us = *(const int64_t *)arg, next = plat_native_now_us() + tick_us;
    for (;;) {
        plat_native_sleep_us(next - plat_native_now_us());
        next += tick_us;
        pthread_mutex_lock(&k_lock);
        if (k_stop) {
            pthread_mutex_unlock(&k_lock);
            return NULL;
        }
        /* Another ready task of at least the running one's priority: its turn. */
        for (int i = 0; i < k_tasks && running >= 0; i++)
            if (i != running && kt[i].ready && !kt[i].finished && kt[i].eff >= kt[running].eff)
                atomic_store(&plat_native_preempt, 1);
        pthread_mutex_unlock(&k_lock);
    }
}

void plat_native_rtos_run(const plat_native_rtos_task *tasks, int n, int64_t tick_us)
{
    pthread_t threads[PLAT_NATIVE_MAX_TASKS], ticker;
    pthread_mutex_lock(&k_lock);
    memset(kt, 0, sizeof kt);
    k_tasks = n < PLAT_NATIVE_MAX_TASKS ? n : PLAT_NATIVE_MAX_TASKS;
    k_stop = false;
    running = -1;
    atomic_store(&plat_native_preempt, 0);
    for (int i = 0; i < k_tasks; i++)
        kt[i] = (struct ktask){.base = tasks[i].priority,
                               .eff = tasks[i].priority,
                               .ready = true,
                               .rr = (uint64_t)i,
                               .spec = &tasks[i]};
    rr_seq = (uint64_t)k_tasks;
    pthread_mutex_unlock(&k_lock);
    for (int i = 0; i < k_tasks; i++)
        pthread_create(&threads[i], NULL, task_main, (void *)(intptr_t)i);
    pthread_create(&ticker, NULL, tick_main, &tick_us);
    pthread_mutex_lock(&k_lock);
    switch_to_next();
    pthread_mutex_unlock(&k_lock);
    for (int i = 0; i < k_tasks; i++)
        pthread_join(threads[i], NULL);
    pthread_mutex_lock(&k_lock);
    k_stop = true;
    pthread_mutex_unlock(&k_lock);
    pthread_join(ticker, NULL);
}
