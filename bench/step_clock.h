/*
 * step_clock.h: how the machine's native step benchmarks (sim_step.c,
 * mem_step.c) time a step: on this thread's CPU clock (what other processes
 * on a busy machine take away does not count) and on the wall clock beside
 * it, over a world of two actors stepped A, B, A, B… with sim_step from a
 * reset, tracing off, as the explorer runs.  Their medians come from
 * rounds.h.
 *
 * Invariant: a figure is ns per operation over one timed stretch; a world
 * that did not take every step it was asked for ends the program (exit 1),
 * since its figure would mean nothing.
 */
#ifndef LOCKSTEP_BENCH_STEP_CLOCK_H
#define LOCKSTEP_BENCH_STEP_CLOCK_H

#include "sim/machine.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* A moment on both clocks: this thread's CPU time and the wall clock, in ns. */
typedef struct bench_moment {
    double cpu, wall;
} bench_moment;

/* The cost of one operation between two moments, on both clocks, in ns. */
typedef struct bench_cost {
    double cpu, wall;
} bench_cost;

static inline bench_moment bench_now(void)
{
    struct timespec c, w;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &c);
    clock_gettime(CLOCK_MONOTONIC, &w);
    return (bench_moment){(double)c.tv_sec * 1e9 + (double)c.tv_nsec,
                          (double)w.tv_sec * 1e9 + (double)w.tv_nsec};
}

static inline bench_cost bench_per(bench_moment t0, bench_moment t1, double n)
{
    return (bench_cost){(t1.cpu - t0.cpu) / n, (t1.wall - t0.wall) / n};
}

/* The cost of a step of machine m's two actors stepped alternately, `steps`
 * steps from a reset; `program` names the benchmark if the world falls short. */
static inline bench_cost bench_alternate_steps(sim_machine *m, int steps, const char *program)
{
    sim_reset(m);
    bench_moment t0 = bench_now();
    for (int k = 0; k < steps; k++)
        sim_step(m, k & 1);
    bench_moment t1 = bench_now();
    if (sim_steps(m) != (uint64_t)steps) {
        fprintf(stderr, "%s: the world did not take %d steps\n", program, steps);
        exit(1);
    }
    return bench_per(t0, t1, steps);
}

#endif
