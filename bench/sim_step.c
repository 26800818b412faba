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
 *
 * Times are the CPU time of this thread (user + system), so that other
 * processes on a busy machine, which take the CPU away between our
 * instructions, do not count as the cost of a step; the wall-clock median of
 * the same rounds is printed beside it.
 */
#define _GNU_SOURCE
#include "coro/coro.h"
#include "rounds.h"
#include "sim/machine.h"
#include "sim/run.h"
#include "step_clock.h"
#include "step_world.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <ucontext.h>

#define ROUNDS 7
#define STEPS 1000000 /* per round */
#define ROUND_TRIPS 200000

/* ns per step, stepping A, B, A, B, ... with sim_step; every step an increment. */
static bench_cost round_sim_step(sim_machine *m)
{
    bench_cost c = bench_alternate_steps(m, STEPS, "sim_step");
    if (cell.v != STEPS) {
        fprintf(stderr, "sim_step: the world did not take %d increments\n", STEPS);
        exit(1);
    }
    return c;
}

/* ns per step under sim_run round-robin (the same alternation, chosen by the
 * policy). */
static bench_cost round_sim_run(sim_machine *m)
{
    sim_reset(m);
    sim_run_result res;
    bench_moment t0 = bench_now();
    sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, STEPS, &res);
    bench_moment t1 = bench_now();
    if (res.end != SIM_RUN_LIMIT || sim_steps(m) != STEPS) {
        fprintf(stderr, "sim_run: the world did not take %d steps\n", STEPS);
        exit(1);
    }
    return bench_per(t0, t1, STEPS);
}

/* ---- bare coro_switch ------------------------------------------------------------- */

static coro *host, *pong;

static void ponger(void *arg)
{
    (void)arg;
    for (;;)
        coro_switch(pong, host);
}

static bench_cost round_coro(void)
{
    bench_moment t0 = bench_now();
    for (int k = 0; k < ROUND_TRIPS; k++)
        coro_switch(host, pong);
    return bench_per(t0, bench_now(), ROUND_TRIPS);
}

/* ---- the swapcontext baseline ------------------------------------------------------ */

static ucontext_t main_ctx, other_ctx;

static void other_main(void)
{
    for (;;)
        swapcontext(&other_ctx, &main_ctx);
}

/* Kept out of main: getcontext "returns twice", which would make the
 * compiler wary of every local variable of its caller. */
static void setup_swapcontext(void)
{
    static unsigned char other_stack[65536];
    getcontext(&other_ctx);
    other_ctx.uc_stack.ss_sp = other_stack;
    other_ctx.uc_stack.ss_size = sizeof other_stack;
    other_ctx.uc_link = NULL;
    makecontext(&other_ctx, other_main, 0);
}

static bench_cost round_swapcontext(void)
{
    bench_moment t0 = bench_now();
    for (int k = 0; k < ROUND_TRIPS; k++)
        swapcontext(&main_ctx, &other_ctx);
    return bench_per(t0, bench_now(), ROUND_TRIPS);
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
    setup_swapcontext();

    bench_cost rounds[4][ROUNDS];
    round_sim_step(m); /* warm up: page in the stacks and the history */
    round_coro();
    round_swapcontext();
    for (int r = 0; r < ROUNDS; r++) {
        rounds[0][r] = round_sim_step(m);
        rounds[1][r] = round_sim_run(m);
        rounds[2][r] = round_coro();
        rounds[3][r] = round_swapcontext();
    }
    /* medians, on each clock */
    double cpu[4], wall[4], lo = 0, hi = 0;
    for (int i = 0; i < 4; i++) {
        double c[ROUNDS], w[ROUNDS];
        for (int r = 0; r < ROUNDS; r++)
            c[r] = rounds[i][r].cpu, w[r] = rounds[i][r].wall;
        cpu[i] = bench_median(c, ROUNDS);
        wall[i] = bench_median(w, ROUNDS);
        if (i == 0)
            lo = c[0], hi = c[ROUNDS - 1]; /* sorted by bench_median() */
    }
    static const char *const what[4] = {
        "one simulated step (switch + fetch_add), sim_step:",
        "the same, chosen by sim_run round-robin:",
        "bare coro_switch round trip (two switches):",
        "swapcontext round trip (two calls), the baseline:",
    };
    printf("sim_step (native): median of %d rounds (%d steps, %d round trips each)\n", ROUNDS,
           STEPS, ROUND_TRIPS);
    printf("  %-52s %8s %10s\n", "", "CPU time", "wall clock");
    for (int i = 0; i < 4; i++)
        printf("  %-52s %6.1f ns %7.1f ns\n", what[i], cpu[i], wall[i]);
    printf("  %-52s %6.1fx %8.1fx\n", "swapcontext round trip / simulated step:", cpu[3] / cpu[0],
           wall[3] / wall[0]);
    printf("  (a step's CPU time over the rounds: %.1f..%.1f ns)\n", lo, hi);
    printf("  target: step <= 100 ns (CPU time) ................ %s\n",
           cpu[0] <= 100 ? "met" : "MISSED");
    /* Issue 2 asked for 10x; issue 12 made the ratio information only: a
     * swapcontext's signal-mask system call costs what the kernel makes it
     * (4.8x on this kernel, 32x on an older one), not what a step costs. */
    printf("  swapcontext ratio: information only (it measures the kernel's system call)\n");
    coro_free(pong);
    sim_free(m);
    return 0;
}
