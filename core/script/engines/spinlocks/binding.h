/*
 * binding.h: what the scenario bindings of engine spinlocks share: who holds
 * a spinlock, kept by the binding beside the lock.
 *
 * Invariant: `owner` is 1 + the actor whose lock operation returned last and
 * has not unlocked since, or 0.  The locks themselves do not know who holds
 * them (a spinlock is a word, or two counters, or a queue); the binding
 * remembers it so the view can say who is inside and so an unlock by anybody
 * else is reported as misuse instead of silently freeing someone's lock.
 */
#ifndef LOCKSTEP_SPINLOCKS_BINDING_H
#define LOCKSTEP_SPINLOCKS_BINDING_H

#include "../../catalog.h"

#include <stdio.h>

/* Every spinlock but MCS takes 64 bytes of address space, on any word size. */
#define SPINLOCK_FOOTPRINT 64

typedef struct spin_holder {
    int8_t owner; /* 1 + the holding actor, 0 when free */
} spin_holder;

static inline int spin_me(void) { return sim_current_actor(sim_running()); }

static inline void spin_holder_take(spin_holder *h) { h->owner = (int8_t)(spin_me() + 1); }

/* Whether the caller may unlock; if not, the run ends with a misuse. */
static inline bool spin_holder_may_release(spin_holder *h)
{
    sim_machine *m = sim_running();
    char msg[120];
    if (h->owner == spin_me() + 1)
        return true;
    if (h->owner == 0)
        snprintf(msg, sizeof msg, "%s unlocked a lock that nobody holds",
                 sim_actor_name(m, spin_me()));
    else
        snprintf(msg, sizeof msg, "%s unlocked a lock that %s holds", sim_actor_name(m, spin_me()),
                 sim_actor_name(m, h->owner - 1));
    sim_violation(m, "misuse", msg, AT("unlock by a non-holder"));
    return false;
}

/* Cleared before the lock's own release, because the moment the release's
 * store lands another actor may take the lock and become the holder. */
static inline void spin_holder_drop(spin_holder *h) { h->owner = 0; }

/* "owner": the holder's name or null. */
static inline void spin_holder_json(const spin_holder *h, sim_machine *m, jbuf *b)
{
    jb_key(b, "owner");
    if (h->owner)
        jb_str(b, sim_actor_name(m, h->owner - 1));
    else
        jb_raw(b, "null");
}

#endif
