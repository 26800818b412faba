/*
 * The native executor (plat_native_executor_run, core/plat/native/executor_port.c)
 * in real time: the same poll order as the executor model in the simulator
 * (tests/c/test_models.c), a timer that really waits, and never two tasks at
 * once.
 */
#define _GNU_SOURCE
#include "check.h"
#include "plat/plat_tasks.h"

#include <stdatomic.h>
#include <time.h>

static plat_a32 polls;
static uint32_t seen[4][2];
static _Atomic int inside, overlaps;
static int64_t timer_waited_us;
static bool timer_woken; /* checked by the test, never inside a task (CHECK longjmps) */

static void count_poll(int me, int round)
{
    if (atomic_fetch_add(&inside, 1) != 0)
        atomic_fetch_add(&overlaps, 1);
    seen[me][round] = plat_fetch_add32(&polls, 1, PLAT_RELAXED, AT("count a poll"));
    atomic_fetch_sub(&inside, 1);
}

static void poll_twice(void *arg)
{
    int me = (int)(intptr_t)arg;
    count_poll(me, 0);
    plat_task_block(-1, AT("pending"));
    count_poll(me, 1);
}

static void timer_then_wake_all(void *arg)
{
    (void)arg;
    int64_t t0 = plat_native_now_us();
    bool woken = plat_task_block(t0 + 1000, AT("timer: 1 ms"));
    timer_waited_us = plat_native_now_us() - t0;
    timer_woken = woken;
    for (int t = 0; t < 3; t++)
        plat_task_wake(t, AT("wake"));
}

TEST(executor_polls_batches_last_in_first_out_with_a_real_timer)
{
    /* Queued A, B, C, W; the first batch is polled W, C, B, A: W starts its
     * 1 ms timer, A..C count a poll each and return Pending.  When the timer
     * fires W is polled and wakes A, B, C; the next batch is C, B, A. */
    plat_init32(&polls, 0);
    plat_native_rtos_task tasks[4] = {{poll_twice, (void *)0, 0},
                                      {poll_twice, (void *)1, 0},
                                      {poll_twice, (void *)2, 0},
                                      {timer_then_wake_all, NULL, 0}};
    plat_native_executor_run(tasks, 4);
    CHECK_EQ(seen[2][0], 0);
    CHECK_EQ(seen[1][0], 1);
    CHECK_EQ(seen[0][0], 2);
    CHECK_EQ(seen[2][1], 3);
    CHECK_EQ(seen[1][1], 4);
    CHECK_EQ(seen[0][1], 5);
    CHECK(timer_waited_us >= 1000);
    CHECK(!timer_woken); /* the deadline, not a wake, ended the wait */
    CHECK_EQ(atomic_load(&overlaps), 0);
}

/* ---- nothing queued: sleep, not spin; nothing to come: stuck ---------------------- */

static int64_t slept_us;

static void sleep_20ms(void *arg)
{
    (void)arg;
    int64_t t0 = plat_native_now_us();
    plat_task_block(t0 + 20000, AT("timer: 20 ms"));
    slept_us = plat_native_now_us() - t0;
}

static int64_t thread_cpu_us(void)
{
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return (int64_t)t.tv_sec * 1000000 + t.tv_nsec / 1000;
}

TEST(executor_sleeps_until_the_next_timer_on_its_own_thread)
{
    /* The tasks run on the calling thread: its processor time over the run
     * is what the executor spent, and a 20 ms wait must not be spent spinning. */
    plat_native_rtos_task tasks[1] = {{sleep_20ms, NULL, 0}};
    int64_t cpu0 = thread_cpu_us();
    plat_native_executor_run(tasks, 1);
    int64_t cpu_us = thread_cpu_us() - cpu0;
    CHECK(slept_us >= 20000);
    CHECK(cpu_us < 5000);
}

static bool stuck_task_ran_on, other_done;

static void wait_forever(void *arg)
{
    (void)arg;
    plat_task_block(-1, AT("pending, and nobody will wake it"));
    stuck_task_ran_on = true;
}

static void finish(void *arg)
{
    (void)arg;
    other_done = true;
}

TEST(executor_returns_when_the_pending_tasks_can_never_be_woken)
{
    plat_native_rtos_task tasks[2] = {{wait_forever, NULL, 0}, {finish, NULL, 0}};
    plat_native_executor_run(tasks, 2); /* reports task 0 stuck on stderr */
    CHECK(other_done);
    CHECK(!stuck_task_ran_on);
}
