/*
 * binding.h: what the scenario bindings of engine basic share (counter.c,
 * atomic_counter.c, and engine.c that lists them).
 *
 * Invariant: the bindings are the scenario layer's side of the engine.  They
 * include the engine's headers and core/script; the engine's own files never
 * include them, so the primitives stay against plat.h alone.
 */
#ifndef LOCKSTEP_BASIC_BINDING_H
#define LOCKSTEP_BASIC_BINDING_H

#include "../../../engines/basic/counter.h"
#include "../../catalog.h"

/* Every counter, racy or atomic, takes 64 bytes of address space, on any word size. */
#define COUNTER_FOOTPRINT 64

/* An `initial` parameter that fits a counter, or -1 with a message. */
int basic_check_initial(int64_t initial, char *err, size_t es);

extern const script_type type_counter, type_atomic_counter;

#endif
