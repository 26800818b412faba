/*
 * binding.h: what the scenario bindings of engine embassy share (one file per
 * object type in this folder, and engine.c that lists them).
 *
 * Invariant: the bindings are the scenario layer's side of the engine.  They
 * include the engine's headers and core/script, and the engine's own files
 * never include them: the primitives stay against plat.h alone.
 */
#ifndef LOCKSTEP_EMBASSY_BINDING_H
#define LOCKSTEP_EMBASSY_BINDING_H

#include "../../../engines/embassy/fair_semaphore.h"
#include "../../../engines/embassy/greedy_semaphore.h"
#include "../../../engines/embassy/mutex.h"
#include "../../../engines/embassy/once_lock.h"
#include "../../../engines/embassy/pipe.h"
#include "../../../engines/embassy/pubsub.h"
#include "../../../engines/embassy/rwlock.h"
#include "../../../engines/embassy/select.h"
#include "../../../engines/embassy/signal.h"
#include "../../../engines/embassy/watch.h"
#include "../../catalog.h"
#include "../../holders.h"

/* A count parameter between 0 and max, or -1 with a message naming it. */
int embassy_check_count(int64_t v, const char *what, int64_t max, char *err, size_t es);

/* "KEY": [the tasks a MultiWakerRegistration holds, in order]. */
void embassy_multi_waker_json(jbuf *b, const char *key, const embassy_multi_waker *w);

extern const script_type type_embassy_executor, type_embassy_mutex, type_embassy_rwlock,
    type_embassy_greedy, type_embassy_fair, type_embassy_once, type_embassy_watch,
    type_embassy_pipe, type_embassy_pubsub;

#endif
