/*
 * The embassy engine on the native executor: how many polls a second the
 * executor runs, and what one wake costs (a task woken through a one-slot
 * waker and polled again), next to a pthread_cond_signal round trip between
 * two threads (signal, the other wakes and signals back).
 *
 * Figures, not pass/fail.  Build and run: make bench-embassy.
 */
#define _GNU_SOURCE
#include "engines/embassy/waker.h"

#include <pthread.h>
#include <stdio.h>
#include <time.h>

#define ROUNDS 20000

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* ---- ping-pong through two one-slot wakers ---------------------------------- */

static embassy_waker_reg slot[2];
static plat_a32 turn; /* whose turn it is: 0 or 1 */
static uint32_t rounds_done;

typedef struct embassy_bench_turn {
    embassy_future future;
    int me;
} embassy_bench_turn;

static embassy_poll embassy_bench_poll(embassy_future *f)
{
    int me = ((embassy_bench_turn *)f)->me;
    if ((int)plat_load32(&turn, PLAT_ACQUIRE, AT("whose turn?")) == me)
        return EMBASSY_READY;
    embassy_waker_register(&slot[me]);
    return EMBASSY_PENDING;
}

static void embassy_bench_task(void *arg)
{
    int me = (int)(intptr_t)arg;
    for (int r = 0; r < ROUNDS; r++) {
        embassy_bench_turn t = {{embassy_bench_poll, NULL}, me};
        embassy_await(&t.future);
        plat_store32(&turn, (uint32_t)(1 - me), PLAT_RELEASE, AT("your turn"));
        embassy_waker_wake(&slot[1 - me]);
        if (me == 0)
            rounds_done++;
    }
}

/* ---- the same with pthread_cond_signal --------------------------------------- */

static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
static int cturn;

static void *cond_thread(void *arg)
{
    int me = (int)(intptr_t)arg;
    for (int r = 0; r < ROUNDS; r++) {
        pthread_mutex_lock(&mu);
        while (cturn != me)
            pthread_cond_wait(&cv, &mu);
        cturn = 1 - me;
        pthread_cond_signal(&cv);
        pthread_mutex_unlock(&mu);
    }
    return NULL;
}

int main(void)
{
    embassy_executor_set_poll_cost(0);
    plat_native_rtos_task tasks[2] = {{embassy_bench_task, (void *)0, 0},
                                      {embassy_bench_task, (void *)1, 0}};
    double t0 = now_s();
    plat_native_executor_run(tasks, 2);
    double exec_s = now_s() - t0;
    uint32_t polls =
        embassy_executor_get()->tasks[0].polls + embassy_executor_get()->tasks[1].polls;

    pthread_t a, b;
    t0 = now_s();
    pthread_create(&a, NULL, cond_thread, (void *)0);
    pthread_create(&b, NULL, cond_thread, (void *)1);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    double cond_s = now_s() - t0;

    printf(
        "embassy native executor: %u rounds, %u polls in %.3f s: %.0f polls/s, %.2f us per wake\n",
        rounds_done, polls, exec_s, polls / exec_s, exec_s * 1e6 / (2.0 * ROUNDS));
    printf("pthread_cond_signal round trip: %d rounds in %.3f s: %.2f us per signal\n", ROUNDS,
           cond_s, cond_s * 1e6 / (2.0 * ROUNDS));
    return 0;
}
