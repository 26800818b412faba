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

#include "../../../engines/basic/cell.h"
#include "../../../engines/basic/counter.h"
#include "../../catalog.h"

/* Every counter, racy or atomic, takes 64 bytes of address space, on any word size. */
#define COUNTER_FOOTPRINT 64

/* An `initial` parameter that fits a counter, or -1 with a message. */
int basic_check_initial(int64_t initial, char *err, size_t es);

extern const script_type type_counter, type_atomic_counter, type_atomic_cell, type_outcome;

/* A litmus test's registers (outcome.c): what loads read, and the values
 * watched for (-1: any). */
#define OUTCOME_REGISTERS 4
typedef struct litmus_outcome {
    uint32_t r[OUTCOME_REGISTERS];
    int64_t watch[OUTCOME_REGISTERS];
    uint8_t written; /* bit k: register k was written */
} litmus_outcome;

/* Write `value` into register `reg` of every outcome (a misuse if reg is not
 * 0 to 3). */
void outcome_record(int64_t reg, uint32_t value);

#endif
