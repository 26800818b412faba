/*
 * counter.h: the racy counter and the atomic counter (engine `basic`).
 *
 * The smallest story in concurrency.  `counter_increment` reads the value and
 * writes it back plus one: two separate steps, so two threads can both read 4
 * and both write 5, and one increment is lost.  `atomic_counter_increment` is a
 * single fetch_add: there is no moment between the read and the write for
 * anybody else to step into, so no update is ever lost.
 */
#ifndef LOCKSTEP_BASIC_COUNTER_H
#define LOCKSTEP_BASIC_COUNTER_H

#include "../../plat/plat.h"

typedef struct counter {
    plat_a32 value;
} counter;

typedef struct atomic_counter {
    plat_a32 value;
} atomic_counter;

void counter_init(counter *c, uint32_t initial);
/* value = value + 1, as a load and a separate store (updates can be lost). */
void counter_increment(counter *c);
uint32_t counter_get(counter *c);

void atomic_counter_init(atomic_counter *c, uint32_t initial);
/* value = value + 1 in one atomic fetch_add (no update is ever lost). */
void atomic_counter_increment(atomic_counter *c);
uint32_t atomic_counter_get(atomic_counter *c);

#endif
