/*
 * bcsamples.h: a few well-formed scenario programs, built with bcbuild.
 *
 * Used by the decoder tests (as the "good" inputs that truncation and
 * mutation start from) and by tests/fuzz/make_corpus.c (as the fuzzers' seed
 * corpus).  Each returns the bytecode; free(.p) when done.
 */
#ifndef LOCKSTEP_TEST_BCSAMPLES_H
#define LOCKSTEP_TEST_BCSAMPLES_H

#include "bcbuild.h"

/* The opening lesson: n_actors actors each increment a racy `counter` (type
 * "counter" if atomic is false, "atomic_counter" if true) `times` times; the
 * final assertion says the count is n_actors * times. */
bc_bytes sample_counter(int n_actors, int times, int atomic);

/* The parking lot's mutex: n_actors actors (at most 4) each do `rounds` times
 * { lock m; unlock m } on one mini_mutex named m. */
bc_bytes sample_mutex(int n_actors, int rounds);

/* Every instruction and operand kind at least once: two objects with
 * parameters and a fixed address, nested repeats, work, sleep, the checked
 * critical section, print, in-program and final assertions, task and isr
 * actors with priorities. */
bc_bytes sample_everything(void);

/* Two actors that print, sleep and work, on no objects at all. */
bc_bytes sample_no_objects(void);

#endif
