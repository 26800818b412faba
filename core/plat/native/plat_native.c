/*
 * The out-of-line half of the native backend: system calls and the per-thread
 * parker.  Kept out of the header so engines do not see <linux/futex.h>.
 */
#define _GNU_SOURCE
#include "../plat_tasks.h"

#include <errno.h>
#include <sched.h>
#include <string.h>

#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

static _Thread_local plat_parker self_parker;
static const char *variant = "correct";

const char *plat_variant(void) { return variant; }
void plat_native_set_variant(const char *name) { variant = name; }

plat_parker *plat_parker_self(void) { return &self_parker; }

int64_t plat_native_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int64_t plat_native_now_coarse_us(void)
{
    struct timespec ts;
#ifdef CLOCK_MONOTONIC_COARSE
    clock_gettime(CLOCK_MONOTONIC_COARSE, &ts);
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void plat_native_sleep_us(int64_t us)
{
    struct timespec ts = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

void plat_native_yield(void) { sched_yield(); }

#ifdef __linux__
void plat_native_futex_wait(_Atomic uint32_t *word, uint32_t expected, int64_t timeout_us)
{
    struct timespec ts, *tsp = NULL;
    if (timeout_us >= 0) {
        ts.tv_sec = (time_t)(timeout_us / 1000000);
        ts.tv_nsec = (long)(timeout_us % 1000000) * 1000;
        tsp = &ts;
    }
    /* The kernel sleeps only if *word still equals expected: no lost wakeup. */
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, tsp, NULL, 0);
}

void plat_native_futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#else
/* Without futexes: poll with a short sleep.  Correct, not fast. */
void plat_native_futex_wait(_Atomic uint32_t *word, uint32_t expected, int64_t timeout_us)
{
    if (atomic_load(word) == expected)
        plat_native_sleep_us(timeout_us >= 0 && timeout_us < 50 ? timeout_us : 50);
}
void plat_native_futex_wake(_Atomic uint32_t *word) { (void)word; }
#endif

void plat_native_misuse(plat_site at, const char *message, const char *reference,
                        const char *thrown)
{
    fprintf(stderr, "lockstep: misuse at %s:%d (%s): %s", at.file, at.line, at.label, message);
    if (reference && thrown)
        fprintf(stderr, " (%s: %s)", reference, thrown);
    fprintf(stderr, "\n");
    abort();
}

/* Runs g->init exactly once, whichever thread gets here first. */
void plat_native_global_init(plat_global *g)
{
    static pthread_mutex_t once = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&once);
    if (!__atomic_load_n(&g->native_ready, __ATOMIC_RELAXED)) {
        memset(g->native_storage, 0, g->size);
        g->init(g->native_storage);
        __atomic_store_n(&g->native_ready, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&once);
}

/* "In an interrupt" is whatever the delivering thread says, with or without
 * the rtos port. */
static _Thread_local bool in_interrupt;
bool plat_in_interrupt(void) { return in_interrupt; }
void plat_native_set_in_interrupt(bool in) { in_interrupt = in; }

/* ---- tasks and interrupts ------------------------------------------------------------
 * Tasks as plain threads.  The rtos port (rtos_port.c, -DPLAT_NATIVE_RTOS) has
 * its own versions, which run one task at a time. */
#ifndef PLAT_NATIVE_RTOS

static struct native_task {
    plat_parker parker;
    _Atomic int base, effective;
    _Atomic unsigned irq_depth;
} tasks[PLAT_NATIVE_MAX_TASKS];
static _Thread_local int self_task = -1;
void (*plat_native_irq_hook)(int handler);

void plat_native_task_enter(int id, int priority)
{
    self_task = id;
    atomic_store(&tasks[id].base, priority);
    atomic_store(&tasks[id].effective, priority);
}

static struct native_task *task_of(int id)
{
    return id >= 0 && id < PLAT_NATIVE_MAX_TASKS ? &tasks[id] : NULL;
}

/* A thread that is no task masks in a slot of its own. */
static _Thread_local _Atomic unsigned loose_depth;
static _Atomic unsigned *depth_of_self(void)
{
    struct native_task *t = task_of(self_task);
    return t ? &t->irq_depth : &loose_depth;
}

plat_irq_state plat_irq_save(plat_site at)
{
    (void)at;
    return (plat_irq_state){(uint8_t)(atomic_fetch_add(depth_of_self(), 1) > 0)};
}

/* Restoring "not masked" unmasks whatever the depth (plat.h). */
void plat_irq_restore(plat_irq_state s, plat_site at)
{
    (void)at;
    _Atomic unsigned *depth = depth_of_self();
    if (!s.was_masked)
        atomic_store(depth, 0);
    else if (atomic_load(depth) > 1)
        atomic_fetch_sub(depth, 1);
}

void plat_irq_raise(int handler, plat_site at)
{
    (void)at;
    if (plat_native_irq_hook)
        plat_native_irq_hook(handler);
}

int plat_task_self(void) { return self_task; }

int plat_task_priority(int task) { return task_of(task) ? atomic_load(&tasks[task].effective) : 0; }
int plat_task_base_priority(int task) { return task_of(task) ? atomic_load(&tasks[task].base) : 0; }

void plat_task_set_priority(int task, int priority, plat_site at)
{
    (void)at;
    if (task_of(task))
        atomic_store(&tasks[task].effective, priority);
}

bool plat_task_block(int64_t deadline_us, plat_site at)
{
    struct native_task *t = task_of(self_task);
    if (!t)
        plat_native_misuse(at, "plat_task_block outside a task", NULL, NULL);
    bool woken = deadline_us < 0 ? (plat_parker_sleep(&t->parker, at), true)
                                 : plat_parker_sleep_until(&t->parker, deadline_us, at);
    atomic_store(&t->parker.woken, 0); /* the wake is used up */
    return woken;
}

void plat_task_wake(int task, plat_site at)
{
    struct native_task *t = task_of(task);
    if (t)
        plat_parker_wake(&t->parker, at);
}
#endif /* PLAT_NATIVE_RTOS */
