/*
 * One task at a time on pthreads (see port.h).  Invariant: only the thread of
 * task `running` is outside port_wait_turn; -1 means the processor idles.
 *
 * Every change of `running` happens under `lock`, with SIGUSR1 (the tick's
 * "interrupt") blocked in that thread, so the signal handler never finds the
 * lock held by the thread it interrupted.
 */
#define _GNU_SOURCE
#include "port.h"

#include "../../../core/engines/rtos/task.h"

#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t done_cv = PTHREAD_COND_INITIALIZER;
static struct port_tcb {
    pthread_t thread;
    pthread_cond_t turn;
    port_task def;
    bool ready, finished, woken;
    int64_t deadline; /* -1: none */
    uint64_t queued;  /* when it last joined the back of its priority's line */
} tcb[PORT_MAX_TASKS];
static int n_tasks, n_done, running = -1;
static uint64_t queue_seq;
static atomic_bool yield_pending[PORT_MAX_TASKS];
static atomic_bool ticking;

static void port_lock(sigset_t *old)
{
    sigset_t block;
    sigemptyset(&block);
    sigaddset(&block, SIGUSR1);
    pthread_sigmask(SIG_BLOCK, &block, old);
    pthread_mutex_lock(&lock);
}

static void port_unlock(const sigset_t *old)
{
    pthread_mutex_unlock(&lock);
    pthread_sigmask(SIG_SETMASK, old, NULL);
}

/* The platform's priority counts upward (task.c negates). */
static int urgency(int i) { return plat_task_priority(i); }

/* The most urgent ready task; among equals, the one waiting longest. */
static int port_pick(void)
{
    int best = -1;
    for (int i = 0; i < n_tasks; i++) {
        if (!tcb[i].ready)
            continue;
        if (best < 0 || urgency(i) > urgency(best) ||
            (urgency(i) == urgency(best) && tcb[i].queued < tcb[best].queued))
            best = i;
    }
    return best;
}

static void port_dispatch(void)
{
    running = port_pick();
    if (running >= 0)
        pthread_cond_signal(&tcb[running].turn);
}

static void port_wait_turn(int me)
{
    while (running != me)
        pthread_cond_wait(&tcb[me].turn, &lock);
}

/* The running task goes to the back of its line and lets the most urgent
 * ready task run (itself, if nobody else is as urgent). */
static void port_yield(int me)
{
    sigset_t old;
    port_lock(&old);
    atomic_store(&yield_pending[me], false);
    if (running != me || tcb[me].finished) {
        /* A tick that arrived late (the task has blocked, or returned, since
         * the ticker sent it): there is nothing to give away. */
        port_unlock(&old);
        return;
    }
    tcb[me].queued = ++queue_seq;
    int next = port_pick();
    if (next != me) {
        running = next;
        pthread_cond_signal(&tcb[next].turn);
        port_wait_turn(me);
    }
    port_unlock(&old);
}

/* ---- the hooks the native backend calls (plat_native.h) ---- */

static bool port_block(int me, int64_t deadline_us)
{
    sigset_t old;
    port_lock(&old);
    bool woken = tcb[me].woken; /* a wake before the block is not lost */
    if (!woken) {
        tcb[me].ready = false;
        tcb[me].deadline = deadline_us;
        port_dispatch();
        port_wait_turn(me);
        woken = tcb[me].woken;
        tcb[me].deadline = -1;
    }
    tcb[me].woken = false;
    port_unlock(&old);
    return woken;
}

static void port_wake(int t)
{
    sigset_t old;
    port_lock(&old);
    tcb[t].woken = true;
    if (!tcb[t].ready && !tcb[t].finished) {
        tcb[t].ready = true;
        tcb[t].deadline = -1;
        tcb[t].queued = ++queue_seq;
        if (running < 0)
            port_dispatch();
        else if (urgency(t) > urgency(running))
            atomic_store(&yield_pending[running], true); /* at the end of its critical section */
    }
    port_unlock(&old);
}

static void port_unmasked(int me)
{
    if (atomic_load(&yield_pending[me]))
        port_yield(me);
}

static const plat_native_port port_hooks = {port_block, port_wake, port_unmasked};

/* The tick's interrupt, in the running task's thread. */
static void port_on_tick_signal(int sig)
{
    (void)sig;
    int me = plat_task_self();
    if (me < 0 || plat_native_irq_masked(me))
        return; /* masked: it yields when it unmasks (port_unmasked) */
    if (atomic_load(&yield_pending[me]))
        port_yield(me);
}

static void *port_ticker(void *arg)
{
    int64_t tick_us = *(int64_t *)arg;
    while (atomic_load(&ticking)) {
        struct timespec ts = {0, (long)(tick_us * 1000)};
        nanosleep(&ts, NULL);
        sigset_t old;
        port_lock(&old);
        int64_t now = plat_native_now_us();
        for (int i = 0; i < n_tasks; i++)
            if (!tcb[i].ready && !tcb[i].finished && tcb[i].deadline >= 0 &&
                now >= tcb[i].deadline) {
                tcb[i].ready = true; /* a delay or a timeout is over */
                tcb[i].deadline = -1;
                tcb[i].queued = ++queue_seq;
            }
        if (running < 0) {
            port_dispatch();
        } else {
            bool rival = false; /* another ready task at least as urgent */
            for (int i = 0; i < n_tasks; i++)
                if (i != running && tcb[i].ready && urgency(i) >= urgency(running))
                    rival = true;
            if (rival) {
                atomic_store(&yield_pending[running], true);
                pthread_kill(tcb[running].thread, SIGUSR1);
            }
        }
        port_unlock(&old);
    }
    return NULL;
}

static void *port_task_main(void *arg)
{
    int me = (int)(intptr_t)arg;
    plat_native_task_enter(me, -tcb[me].def.priority);
    /* Created while port_run held the lock (signal blocked): take the tick. */
    sigset_t tick;
    sigemptyset(&tick);
    sigaddset(&tick, SIGUSR1);
    pthread_sigmask(SIG_UNBLOCK, &tick, NULL);
    sigset_t old;
    port_lock(&old);
    port_wait_turn(me);
    port_unlock(&old);
    tcb[me].def.fn(tcb[me].def.arg);
    port_lock(&old);
    tcb[me].finished = true;
    tcb[me].ready = false;
    n_done++;
    port_dispatch();
    pthread_cond_broadcast(&done_cv);
    port_unlock(&old);
    return NULL;
}

static atomic_bool finished;

static void *port_watchdog(void *arg)
{
    int seconds = *(int *)arg;
    for (int i = 0; i < seconds * 100 && !atomic_load(&finished); i++) {
        struct timespec ts = {0, 10 * 1000 * 1000};
        nanosleep(&ts, NULL);
    }
    if (!atomic_load(&finished)) {
        fprintf(stderr, "watchdog: the tasks are still running after %d s (running: %d)\n", seconds,
                running);
        _exit(3);
    }
    return NULL;
}

void port_run(const port_task *tasks, int n, int64_t tick_us, int watchdog_s)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = port_on_tick_signal;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = SA_RESTART;
    sigaction(SIGUSR1, &sa, NULL);
    plat_native_port_hooks = &port_hooks;

    sigset_t old;
    port_lock(&old);
    n_tasks = n;
    n_done = 0;
    running = -1;
    for (int i = 0; i < n; i++) {
        memset(&tcb[i], 0, sizeof tcb[i]);
        pthread_cond_init(&tcb[i].turn, NULL);
        tcb[i].def = tasks[i];
        tcb[i].ready = true;
        tcb[i].deadline = -1;
        tcb[i].queued = ++queue_seq;
        atomic_store(&yield_pending[i], false);
        plat_native_task_enter(i, -tasks[i].priority); /* so port_pick sees it at once */
        rtos_task_create(i, i, tasks[i].priority);
    }
    for (int i = 0; i < n; i++)
        pthread_create(&tcb[i].thread, NULL, port_task_main, (void *)(intptr_t)i);
    port_dispatch();
    port_unlock(&old);

    atomic_store(&ticking, true);
    pthread_t ticker;
    pthread_create(&ticker, NULL, port_ticker, &tick_us);

    /* The watchdog needs no lock: a hang that holds it is still caught. */
    static int watchdog_seconds;
    watchdog_seconds = watchdog_s;
    atomic_store(&finished, false);
    pthread_t dog;
    pthread_create(&dog, NULL, port_watchdog, &watchdog_seconds);
    port_lock(&old);
    while (n_done < n)
        pthread_cond_wait(&done_cv, &lock);
    port_unlock(&old);
    atomic_store(&ticking, false);
    pthread_join(ticker, NULL);
    for (int i = 0; i < n; i++) {
        pthread_join(tcb[i].thread, NULL);
        pthread_cond_destroy(&tcb[i].turn);
    }
    atomic_store(&finished, true); /* only now: a thread that never returns is a hang too */
    pthread_join(dog, NULL);
    plat_native_port_hooks = NULL;
}

void port_busy(int64_t us)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    do {
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    } while ((t.tv_sec - t0.tv_sec) * 1000000LL + (t.tv_nsec - t0.tv_nsec) / 1000 < us);
}
