/*
 * What one simulated step costs natively, against the naive way to build the
 * machine.
 *
 * A step is: the scheduler resumes an actor's coroutine, the actor performs
 * its announced atomic action, runs to its next platform call, announces it
 * and switches back.  The world here is two actors doing fetch_add32 on one
 * cell, stepped alternately with sim_step (so every step is also an actor
 * switch), tracing off, as the explorer runs.  The figure is the median of
 * several rounds.
 *
 * The baseline is a bare swapcontext round trip (two swapcontext calls
 * ping-ponging between two ucontexts): what each step would cost at the very
 * least if the machine switched with swapcontext, which makes a signal-mask
 * system call every time.  Targets (issue 2): a step <= 100 ns, and at least
 * 10x cheaper than the swapcontext round trip.
 *
 * Also shown, to tell where the time goes: the same world driven by sim_run
 * round-robin (the policy's own overhead) and a bare coro_switch round trip
 * (the machine's context switch alone).
 */
#define _GNU_SOURCE
#include "sim/coro.h"
#include "sim/machine.h"
#include "sim/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>

#define ROUNDS 7
#define STEPS 1000000 /* per round */
#define ROUND_TRIPS 200000

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, by_value);
    return v[n / 2];
}

/* ---- the world: two actors, one cell ------------------------------------------------ */

static plat_a32 cell;

static void adder(void *arg)
{
    (void)arg;
    for (;;) /* more increments than any round takes */
        plat_fetch_add32(&cell, 1, PLAT_RELAXED, AT("fetch_add cell, 1"));
}

static int setup(sim_machine *m, void *arg)
{
    (void)arg;
    cell.v = 0;
    if (sim_add_region(m, "cell", &cell, sizeof cell, 0, 0) < 0)
        return -1;
    if (sim_add_actor(m, "A", SIM_THREAD, 0, adder, NULL) < 0 ||
        sim_add_actor(m, "B", SIM_THREAD, 0, adder, NULL) < 0)
        return -1;
    return 0;
}

/* ns per step, stepping A, B, A, B, ... with sim_step. */
static double round_sim_step(sim_machine *m)
{
    sim_reset(m);
    double t0 = now_ns();
    for (int k = 0; k < STEPS; k++)
        sim_step(m, k & 1);
    double t1 = now_ns();
    if (cell.v != STEPS || sim_steps(m) != STEPS) {
        fprintf(stderr, "sim_step: the world did not take %d steps\n", STEPS);
        exit(1);
    }
    return (t1 - t0) / STEPS;
}

/* ns per step under sim_run round-robin (the same alternation, chosen by the
 * policy). */
static double round_sim_run(sim_machine *m)
{
    sim_reset(m);
    sim_run_result res;
    double t0 = now_ns();
    sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, STEPS, &res);
    double t1 = now_ns();
    if (res.end != SIM_RUN_LIMIT || sim_steps(m) != STEPS) {
        fprintf(stderr, "sim_run: the world did not take %d steps\n", STEPS);
        exit(1);
    }
    return (t1 - t0) / STEPS;
}

/* ---- bare coro_switch ------------------------------------------------------------- */

static coro *host, *pong;

static void ponger(void *arg)
{
    (void)arg;
    for (;;)
        coro_switch(pong, host);
}

static double round_coro(void)
{
    double t0 = now_ns();
    for (int k = 0; k < ROUND_TRIPS; k++)
        coro_switch(host, pong);
    return (now_ns() - t0) / ROUND_TRIPS;
}

/* ---- the swapcontext baseline ------------------------------------------------------ */

static ucontext_t main_ctx, other_ctx;

static void other_main(void)
{
    for (;;)
        swapcontext(&other_ctx, &main_ctx);
}

static double round_swapcontext(void)
{
    double t0 = now_ns();
    for (int k = 0; k < ROUND_TRIPS; k++)
        swapcontext(&main_ctx, &other_ctx);
    return (now_ns() - t0) / ROUND_TRIPS;
}

int main(void)
{
    sim_config cfg = {.trace = false};
    sim_machine *m = sim_new(&cfg, setup, NULL, NULL);
    if (!m || sim_reset(m) != 0) {
        fprintf(stderr, "sim_step: cannot build the world\n");
        return 1;
    }
    host = coro_host();
    pong = coro_new(CORO_MIN_STACK, ponger, NULL);
    static unsigned char other_stack[65536];
    getcontext(&other_ctx);
    other_ctx.uc_stack.ss_sp = other_stack;
    other_ctx.uc_stack.ss_size = sizeof other_stack;
    other_ctx.uc_link = NULL;
    makecontext(&other_ctx, other_main, 0);

    double step[ROUNDS], run[ROUNDS], co[ROUNDS], swap[ROUNDS];
    round_sim_step(m); /* warm up: page in the stacks and the history */
    round_coro();
    round_swapcontext();
    for (int r = 0; r < ROUNDS; r++) {
        step[r] = round_sim_step(m);
        run[r] = round_sim_run(m);
        co[r] = round_coro();
        swap[r] = round_swapcontext();
    }
    double s = median(step, ROUNDS), sr = median(run, ROUNDS), c = median(co, ROUNDS),
           w = median(swap, ROUNDS);
    double fastest = step[0], slowest = step[ROUNDS - 1];

    printf("sim_step (native): median of %d rounds\n", ROUNDS);
    printf("  one simulated step (switch + fetch_add), sim_step:  %7.1f ns"
           "   (rounds %.1f..%.1f, %d steps each)\n",
           s, fastest, slowest, STEPS);
    printf("  the same, chosen by sim_run round-robin:            %7.1f ns\n", sr);
    printf("  bare coro_switch round trip (two switches):         %7.1f ns\n", c);
    printf("  swapcontext round trip (two calls), the baseline:   %7.1f ns\n", w);
    printf("  swapcontext round trip / simulated step:            %7.1fx\n", w / s);
    printf("  target: step <= 100 ns ........................... %s\n",
           s <= 100 ? "met" : "MISSED");
    printf("  target: >= 10x faster than swapcontext ........... %s\n",
           w / s >= 10 ? "met" : "MISSED");
    coro_free(pong);
    sim_free(m);
    return 0;
}
