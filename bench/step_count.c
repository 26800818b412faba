/*
 * step_count: the world of sim_step.c stepped a given number of times and
 * nothing else, so that an instruction counter can tell what one step costs
 * where a clock cannot (a machine shared with other work):
 *
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null build/bench/step_count 100000
 *   valgrind --tool=callgrind --callgrind-out-file=/dev/null build/bench/step_count 200000
 *
 * The difference of the two totals over 100,000 is the instructions of one
 * step: building the world, the reset and the exit cancel out.  The world is
 * sim_step.c's (two actors doing fetch_add32 on one cell, stepped A, B, A,
 * B... with sim_step, tracing off: step_world.h) and needs only
 * "sim/machine.h", so the same file compiles against an older tree's engine
 * for an A/B of two builds (bench/README.md, "sc against the build before
 * the memory models").  It prints nothing; it exits 1 if the world did not
 * take every step, 2 on a bad argument.
 */
#include "step_world.h"

#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long steps = argc == 2 ? atol(argv[1]) : 0;
    if (steps < 1 || steps > 1000000000) {
        fprintf(stderr, "usage: step_count STEPS (1..1000000000)\n");
        return 2;
    }
    sim_config cfg = {.trace = false};
    sim_machine *m = sim_new(&cfg, setup, NULL, NULL);
    if (!m || sim_reset(m) != 0) {
        fprintf(stderr, "step_count: cannot build the world\n");
        return 1;
    }
    for (long k = 0; k < steps; k++)
        sim_step(m, (int)(k & 1));
    if (cell.v != (uint32_t)steps) {
        fprintf(stderr, "step_count: the world took %u increments, not %ld\n", (unsigned)cell.v,
                steps);
        return 1;
    }
    sim_free(m);
    return 0;
}
