/*
 * visited.h: the stateful search's memory of the states it has explored
 * (visited.c), for explore.c.
 *
 * Invariant: a state is remembered under its key with the sleep set it was
 * last explored with, as a mask (visited_mask); two states with one key have
 * the same futures (visited.c's opening comment says why), so the choices a
 * remembered visit explored need not be explored again from the same key.
 */
#ifndef LOCKSTEP_VISITED_H
#define LOCKSTEP_VISITED_H

#include "explore_internal.h"

typedef enum visit {
    VISIT_SKIP,  /* not a state whose key is sound here: search on as without memory */
    VISIT_NEW,   /* first seen: remembered with the run's sleep set */
    VISIT_AGAIN, /* seen with a sleep set Z' not inside the run's Z: only the choices of
                  * Z' that are awake now are left, and the sleep set is now Z ∩ Z' */
    VISIT_PRUNE, /* seen with a sleep set inside the run's: nothing new below */
    VISIT_FULL,  /* first seen, and the table can hold no more (max_states, or memory):
                  * the search cannot go on and stay what it says it is */
} visit;

typedef struct visited visited;

typedef struct state_key {
    uint64_t a, b;
} state_key;

/* The key of the machine's state (its opening comment says what goes in),
 * or false when it has none that is sound (an actor in the middle of an
 * operation it cannot vouch for, a memory model other than sc). */
bool visited_key(const sim_machine *m, state_key *key);
/* The same key, the memory's part hashed only where it changed since the
 * last key v made (region_digest.h); v may be NULL. */
bool visited_key_cached(const sim_machine *m, visited *v, state_key *key);

/* The states a search remembers at most, unless told (explore_config.max_states):
 * a table of 16-byte slots at most three quarters full, 2 GiB at the limit. */
#define VISITED_DEFAULT_STATES (64u << 20)

/* At most max_states states (0: the default); NULL when memory is short. */
visited *visited_new(size_t max_states);
void visited_free(visited *v);
size_t visited_states(const visited *v);
/* Whether the table stopped growing because memory ran short (not at its
 * limit of states). */
bool visited_out_of_memory(const visited *v);

/* At the machine's state before a choice among E[0..n), with the run's sleep
 * set e->sleep; *key is the state's key unless VISIT_SKIP.  VISIT_AGAIN
 * narrows e->sleep to Z ∩ Z' and sets *left to the choices (a bit per
 * visited_bit) to explore from here. */
visit visited_at(explorer *e, visited *v, const xchoice *E, int n, uint64_t *left, state_key *key);
/* The bit of choice c in a visited mask (0-30: a step of actors 0-30, 31:
 * the tick), or -1 (not kept: a state whose sleep set holds such a choice is
 * never remembered). */
int visited_bit(sim_choice c);

#endif
