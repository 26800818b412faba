/*
 * binding.h: what the scenario bindings of engine aqs share (thread.c, the
 * threads' table; semaphore.c, the object type; engine.c that lists it).
 *
 * Invariant: the bindings are the scenario layer's side of the engine.  They
 * include the engine's headers and core/script; the engine's own files never
 * include them, so the primitives stay against plat.h alone.
 */
#ifndef LOCKSTEP_AQS_BINDING_H
#define LOCKSTEP_AQS_BINDING_H

#include "../../../engines/aqs/caller.h"
#include "../../../engines/aqs/semaphore.h"
#include "../../catalog.h"
#include "../../holders.h"

typedef struct aqs_threads {
    aqs_thread t[SIM_MAX_ACTORS];
} aqs_threads;

/* The machine's thread table (engine global "thread"). */
extern plat_global aqs_threads_global;
/* The calling actor. */
int aqs_me(void);
/* Actor `actor`'s aqs_thread, bound to its parker on first use. */
aqs_thread *aqs_thread_of(int actor);

extern const script_type type_semaphore;

#endif
