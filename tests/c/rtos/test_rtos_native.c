/*
 * The rtos engine natively, the FreeRTOS-POSIX-port way: on the native rtos
 * port (core/plat/native/rtos_port.c, -DPLAT_NATIVE_RTOS), one task at a time
 * on pthreads, a timer thread delivering the 1 ms tick.
 *
 *   shared_counter: the reference's experiment.  Two tasks of equal priority
 *     add 1 to a shared counter 100,000 times each (a load, an add on a slow
 *     core, a store).  Unprotected, a tick between load and store loses an
 *     update: below 200,000 in most rounds.  Inside sem_pend/sem_post on a
 *     semaphore made with 1: exactly 200,000, every round.
 *   priority_inversion: High waits for a mutex Low holds while Mid burns
 *     20 ms; High's wait with and without inheritance.
 *
 * Each test runs under check.h's watchdog.
 */
#define _GNU_SOURCE
#define CHECK_MAIN
#include "../check.h"

#include "../../../core/engines/rtos/mutex.h"
#include "../../../core/engines/rtos/sem.h"
#include "../../../core/engines/rtos/task.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

CHECK_WATCHDOG(300);

/* One task of this kernel per platform task, id i on platform task i: the
 * port counts priorities upward, the kernel downward (task.h), so list the
 * tasks most urgent first.  Runs them until every one has returned. */
typedef struct rtos_native_task {
    void (*fn)(void *arg);
    int priority; /* the kernel's: smaller is more urgent */
} rtos_native_task;

static void run_tasks(const rtos_native_task *tasks, int n)
{
    plat_native_rtos_task plat[RTOS_MAX_TASKS];
    for (int i = 0; i < n; i++) {
        rtos_task_create(i, i, tasks[i].priority);
        plat[i] = (plat_native_rtos_task){tasks[i].fn, NULL, -tasks[i].priority};
    }
    plat_native_rtos_run(plat, n, RTOS_TICK_US);
}

/* Burns `us` microseconds of this thread's processor time (time it spends
 * waiting for its turn does not count).  The port preempts a task at its
 * platform calls (rtos_port.c), so the loop passes one each time round, as
 * the engine's own loads and stores do. */
static void busy_cpu_us(int64_t us)
{
    struct timespec t0, t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t0);
    do {
        plat_native_point();
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    } while ((t.tv_sec - t0.tv_sec) * 1000000LL + (t.tv_nsec - t0.tv_nsec) / 1000 < us);
}

/* A fresh kernel for each round (natively it is one static instance); the
 * variant read at first use is kept. */
static void fresh_kernel(void)
{
    rtos_kernel *k = rtos_kernel_get();
    rtos_flags f = k->flags;
    memset(k, 0, sizeof *k);
    k->flags = f;
}

/* ---- the shared counter ---- */

#define INCREMENTS 100000
static plat_a32 shared_counter; /* read and written with platform calls, as in the scenario */
static rtos_sem mutex_sem;
static bool protect;

/* The add between load and store, at the speed of a small microcontroller
 * (about a microsecond), so that most 1 ms ticks land inside it. */
static void slow_add(void)
{
    for (volatile int i = 0; i < 300; i++) {
    }
}

static void add_task(void *arg)
{
    (void)arg;
    for (int i = 0; i < INCREMENTS; i++) {
        if (protect)
            rtos_sem_pend(&mutex_sem, 0);
        uint32_t v =
            plat_load32(&shared_counter, PLAT_RELAXED, AT("load"));      /* a tick may land after */
        slow_add();                                                      /* add */
        plat_store32(&shared_counter, v + 1, PLAT_RELAXED, AT("store")); /* ...or before this */
        if (protect)
            rtos_sem_post(&mutex_sem);
    }
}

static uint32_t counter_round(bool with_sem)
{
    fresh_kernel();
    protect = with_sem;
    plat_init32(&shared_counter, 0);
    rtos_sem_init(&mutex_sem, 1);
    rtos_native_task tasks[2] = {{add_task, 6}, {add_task, 6}};
    run_tasks(tasks, 2);
    return plat_load32(&shared_counter, PLAT_RELAXED, AT("the total"));
}

TEST(shared_counter_unprotected_loses_updates_protected_is_exact)
{
    int below = 0;
    printf("     unprotected:");
    for (int r = 0; r < 5; r++) {
        uint32_t total = counter_round(false);
        printf(" %u", total);
        below += total < 2 * INCREMENTS;
        CHECK(total <= 2 * INCREMENTS);
    }
    printf("\n     protected:  ");
    for (int r = 0; r < 3; r++) {
        uint32_t total = counter_round(true);
        printf(" %u", total);
        CHECK_EQ(total, 2 * INCREMENTS);
    }
    printf("\n");
    CHECK(below >= 3); /* "below 200,000 in most rounds" */
}

/* ---- priority inversion ---- */

static rtos_mutex lock;
static int64_t high_waited_us;
/* Whether Mid had finished its burst when High got the lock: the behaviour
 * the test asserts.  The waits themselves are printed, never compared: they
 * are wall-clock figures, and on a busy machine they stretch. */
static bool mid_done;
static bool mid_done_before_high_got_lock;

static void high_task(void *arg)
{
    (void)arg;
    rtos_delay(2);
    int64_t t0 = plat_native_now_us();
    rtos_mutex_take(&lock, 0);
    high_waited_us = plat_native_now_us() - t0;
    mid_done_before_high_got_lock = mid_done;
    rtos_mutex_give(&lock);
}

static void mid_task(void *arg)
{
    (void)arg;
    rtos_delay(3);
    busy_cpu_us(20000); /* 20 ms of processor time, no mutex */
    mid_done = true;
}

static void low_task(void *arg)
{
    (void)arg;
    rtos_mutex_take(&lock, 0);
    busy_cpu_us(5000); /* 5 ms inside the critical section */
    rtos_mutex_give(&lock);
}

/* One run of the three tasks; returns whether Mid finished first. */
static bool inversion_round(int inherit, int64_t *waited_us)
{
    fresh_kernel();
    mid_done = false;
    rtos_mutex_init(&lock, inherit);
    rtos_native_task tasks[3] = {{high_task, 1}, {mid_task, 2}, {low_task, 3}};
    run_tasks(tasks, 3);
    *waited_us = high_waited_us;
    return mid_done_before_high_got_lock;
}

/* Low holds the lock for 5 ms of processor time; High asks at tick 2, Mid
 * wakes at tick 3.  Ticks are wall-clock and Low's 5 ms are at least 5 ms of
 * wall time, so both arrive while Low holds the lock however loaded the
 * machine is.  Without inheritance Mid preempts Low and High waits for all
 * of Mid's burst; with either kind of inheritance Low runs at High's
 * priority, gives the lock, and High has it before Mid is done. */
TEST(priority_inversion_high_waits_for_mid_only_without_inheritance)
{
    int64_t none, simple, chain;
    CHECK(inversion_round(RTOS_INHERIT_NONE, &none));
    CHECK(!inversion_round(RTOS_INHERIT_SIMPLE, &simple));
    CHECK(!inversion_round(RTOS_INHERIT_TRANSITIVE, &chain));
    printf(
        "     High waited: %.1f ms with a binary semaphore, %.1f ms with FreeRTOS's inheritance, "
        "%.1f ms transitive\n",
        none / 1000.0, simple / 1000.0, chain / 1000.0);
    /* A lower bound only: Mid's 20 ms of processor time take 20 ms or more. */
    CHECK(none >= 20000);
}
