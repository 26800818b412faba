/*
 * binding.h: what the scenario bindings of engine parking_lot share
 * (mini_mutex.c and condvar.c, the object types; held.c, which mutexes each
 * actor holds; engine.c that lists the types).
 *
 * Invariant: the bindings are the scenario layer's side of the engine.  They
 * include the engine's headers and core/script; the engine's own files never
 * include them, so the primitives stay against plat.h alone.
 */
#ifndef LOCKSTEP_PARKING_LOT_BINDING_H
#define LOCKSTEP_PARKING_LOT_BINDING_H

#include "../../../engines/parking_lot/condvar.h"
#include "../../../engines/parking_lot/lot.h"
#include "../../../engines/parking_lot/mini_mutex.h"
#include "../../catalog.h"

typedef struct scripted_mutex {
    mini_mutex m; /* first: the object's address is the mutex's key */
    int8_t owner; /* 1 + the holding actor, 0 when free (binding only) */
} scripted_mutex;

/* The calling actor. */
int mutex_me(void);
/* The parking lot of machine m, or NULL before anybody parked. */
const lot *lot_if_made(const sim_machine *m);
/* The view's "key" (the object's address, which is its key in the lot) and
 * "bucket" (where its waiters queue), for every object that parks threads. */
void lot_describe_key(sim_machine *m, const void *o, jbuf *b);

/* The table of held mutexes: made by the first condvar (see held.c). */
extern plat_global mutex_held_global;
void mutex_held_push(scripted_mutex *s);
void mutex_held_drop(scripted_mutex *s);
/* The mutex the calling actor locked last and still holds, or NULL. */
scripted_mutex *mutex_held_last(void);

extern const script_type type_mini_mutex, type_condvar, type_flag_parker;

#endif
