/*
 * bench/rtos_semaphore: the rtos engine's sem_pend + sem_post, uncontended,
 * natively on the rtos port (core/plat/native/rtos_port.c, one task at a time
 * with a 1 ms tick, as FreeRTOS's POSIX port runs), against the baseline a
 * FreeRTOS-POSIX-like host port would otherwise use: a counting semaphore
 * made of a pthread_mutex and a pthread_cond.  One task, no contention: this
 * measures the cost of the primitive itself (two critical sections, the count
 * and the mask), not of waiting.  Both run in the same task thread of a
 * process with several threads, as on the POSIX port (in a single-threaded
 * process glibc drops the lock prefix from the mutex, which halves the
 * baseline's cost but describes no host port).  Prints ns per pend+post pair
 * for each, and the ratio.
 */
#include "../core/engines/rtos/sem.h"
#include "../core/engines/rtos/task.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define PAIRS 5000000
#define ROUNDS 5

typedef struct cond_sem {
    pthread_mutex_t m;
    pthread_cond_t c;
    int count;
} cond_sem;

static void cond_take(cond_sem *s)
{
    pthread_mutex_lock(&s->m);
    while (s->count == 0)
        pthread_cond_wait(&s->c, &s->m);
    s->count--;
    pthread_mutex_unlock(&s->m);
}

static void cond_give(cond_sem *s)
{
    pthread_mutex_lock(&s->m);
    s->count++;
    pthread_cond_signal(&s->c);
    pthread_mutex_unlock(&s->m);
}

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static int cmp(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static void bench_task(void *arg)
{
    (void)arg;
    static rtos_sem sem;
    rtos_sem_init(&sem, 1);
    cond_sem cs = {PTHREAD_MUTEX_INITIALIZER, PTHREAD_COND_INITIALIZER, 1};
    double rtos_ns[ROUNDS], cond_ns[ROUNDS];
    for (int r = 0; r < ROUNDS; r++) {
        double t0 = now_ns();
        for (int i = 0; i < PAIRS; i++) {
            rtos_sem_pend(&sem, 0);
            rtos_sem_post(&sem);
        }
        rtos_ns[r] = (now_ns() - t0) / PAIRS;
        t0 = now_ns();
        for (int i = 0; i < PAIRS; i++) {
            cond_take(&cs);
            cond_give(&cs);
        }
        cond_ns[r] = (now_ns() - t0) / PAIRS;
    }
    qsort(rtos_ns, ROUNDS, sizeof(double), cmp);
    qsort(cond_ns, ROUNDS, sizeof(double), cmp);
    double a = rtos_ns[ROUNDS / 2], b = cond_ns[ROUNDS / 2];
    printf("bench/rtos_semaphore: pend+post uncontended, median of %d rounds of %d pairs\n", ROUNDS,
           PAIRS);
    printf("  rtos sem_pend + sem_post        %6.1f ns\n", a);
    printf("  pthread mutex+cond semaphore    %6.1f ns\n", b);
    printf("  ratio rtos / pthread            %6.2f\n", a / b);
}

int main(void)
{
    rtos_task_create(0, 0, 0);
    plat_native_rtos_task task = {bench_task, NULL, 0};
    plat_native_rtos_run(&task, 1, RTOS_TICK_US);
    return 0;
}
