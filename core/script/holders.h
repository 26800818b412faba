/*
 * holders.h: who holds how many units of a counting primitive (a semaphore's
 * permits, a pool's units), kept by its binding beside it, and the
 * conservation arithmetic on them.
 *
 * The primitives do not know who holds what (nor do the real ones); a
 * binding raises an actor's count after an acquire returns and lowers it
 * before a release starts, so in correct code free + held + handed over can
 * only be below the capacity while operations are in flight, never above it.
 *
 * Invariant: `total` is the sum of `of[]`, `peak` the largest `total` so far,
 * and no per-actor count leaves the range of int32 (a hold that would is
 * refused: the binding reports it as misuse, in its own words).
 */
#ifndef LOCKSTEP_SCRIPT_HOLDERS_H
#define LOCKSTEP_SCRIPT_HOLDERS_H

#include "../sim/json.h"
#include "../sim/machine.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct script_holders {
    int64_t total, peak;
    int32_t of[SIM_MAX_ACTORS]; /* per actor; may be below 0 (a debt cleared) */
} script_holders;

/* Actor `actor` now holds n more (n may be negative); false, and nothing
 * changed, if its count would leave the range of int32. */
bool script_hold(script_holders *h, int actor, int64_t n);
/* Before a release of n by `actor`: what it holds goes down by n, never
 * below 0 (the rest is units nobody took).  Returns how much went down. */
int64_t script_unhold(script_holders *h, int actor, int64_t n);

/* free + held + in_flight - capacity: above 0, units multiplied (the
 * check's violation); below 0, units in flight or lost.  0 when capacity < 0
 * (not declared: nothing to check). */
int64_t script_excess(const script_holders *h, int64_t capacity, int64_t free_units,
                      int64_t in_flight);

/* `"key": [{"<who>": name, "permits": n}]` for every actor holding a nonzero count. */
void script_holders_json(jbuf *b, sim_machine *m, const script_holders *h, const char *key,
                         const char *who);
/* "A, B": the actors holding more than 0, into buf ("" if none). */
void script_holders_names(sim_machine *m, const script_holders *h, char *buf, size_t size);

#endif
