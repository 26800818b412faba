/*
 * What a step costs under each memory model, natively: sc (the default)
 * beside tso (x86 store buffers) and ra (C11 release/acquire: every store
 * kept in its cell's history, a view per actor) in the same run.
 *
 * The world is two actors that each store to their own cell and load the
 * other's, forever (store buffering's pattern), stepped alternately with
 * sim_step, tracing off, as the explorer runs.  Under tso every store goes
 * into the actor's store buffer and a load first looks there; a full buffer
 * (8 stores) moves its oldest store to memory, so the tso figure includes
 * that work too.  Under ra a store joins its cell's history (which grows to
 * 500,000 stores a cell in a round: the figure includes that memory) and a
 * load reads the newest store and moves the actor's view.  No flush or
 * read_from choices are taken: the steps are the same steps under every
 * model.
 *
 * Reported: ns per step (median of 7 rounds of 1,000,000 steps, the thread's
 * CPU time) for each model and the ratios tso / sc and ra / sc.
 */
#define _GNU_SOURCE
#include "rounds.h"
#include "sim/machine.h"
#include "step_clock.h"

#include <stdio.h>
#include <stdlib.h>

#define ROUNDS 7
#define STEPS 1000000 /* per round */

static plat_a32 cells[2];

static void store_then_load(void *arg)
{
    int me = (int)(intptr_t)arg;
    for (uint32_t k = 1;; k++) {
        plat_store32(&cells[me], k, PLAT_RELAXED, AT("store mine"));
        plat_load32(&cells[!me], PLAT_RELAXED, AT("load theirs"));
    }
}

static int setup(sim_machine *m, void *arg)
{
    (void)arg;
    cells[0].v = cells[1].v = 0;
    if (sim_add_region(m, "x", &cells[0], sizeof cells[0], 0, 0) < 0 ||
        sim_add_region(m, "y", &cells[1], sizeof cells[1], 0, 0) < 0)
        return -1;
    if (sim_add_actor(m, "A", SIM_THREAD, 0, store_then_load, (void *)(intptr_t)0) < 0 ||
        sim_add_actor(m, "B", SIM_THREAD, 0, store_then_load, (void *)(intptr_t)1) < 0)
        return -1;
    return 0;
}

int main(void)
{
    static const char *const models[] = {"sc", "tso", "ra"};
    enum { N = sizeof models / sizeof models[0] };
    sim_machine *m[N];
    for (int i = 0; i < N; i++) {
        sim_config cfg = {.memory = models[i]};
        m[i] = sim_new(&cfg, setup, NULL, NULL);
        if (!m[i] || sim_reset(m[i]) != 0) {
            fprintf(stderr, "mem_step: cannot build the world under %s\n", models[i]);
            return 1;
        }
    }
    double rounds[N][ROUNDS];
    for (int r = 0; r < ROUNDS; r++) /* alternated, so a busy moment hits both */
        for (int i = 0; i < N; i++)
            rounds[i][r] = bench_alternate_steps(m[i], STEPS, "mem_step").cpu;
    double med[N];
    printf("mem_step (native): store + load steps, median of %d rounds of %d steps\n", ROUNDS,
           STEPS);
    for (int i = 0; i < N; i++) {
        med[i] = bench_median(rounds[i], ROUNDS); /* sorts the rounds */
        printf("  %-4s %6.1f ns per step (CPU time; rounds %.1f..%.1f)\n", models[i], med[i],
               rounds[i][0], rounds[i][ROUNDS - 1]);
        sim_free(m[i]);
    }
    printf("  tso / sc: %.2fx\n  ra / sc: %.2fx\n", med[1] / med[0], med[2] / med[0]);
    return 0;
}
