/*
 * Scenario bindings of engine `spinlocks`: the engine, its variants and its
 * five lock types (one file each: tas.c, ttas.c, ticket.c, mcs.c, peterson.c)
 * and the counter a critical section updates (guarded_counter.c).
 * Invariant: every variant names exactly one mistake, and which locks it
 * touches is said here and in core/engines/spinlocks/variant.h.
 */
#include "../../catalog.h"

static const char *const spinlocks_variants[] = {
    "correct",
    "check_then_set",    /* tas_lock, ttas_lock: the set is a store after a load */
    "racy_ticket",       /* ticket_lock: the ticket is a load and a store */
    "mcs_no_link_wait",  /* mcs_lock: unlock leaves before a late successor links */
    "peterson_no_fence", /* peterson_lock: no fence between the stores and the loads */
    "relaxed_unlock",    /* tas, ttas, ticket: unlock's store is relaxed, not release */
    "relaxed_lock",      /* tas, ttas, ticket: lock's swap or load is relaxed, not acquire */
    NULL,
};

extern const script_type type_tas_lock, type_ttas_lock, type_ticket_lock, type_mcs_lock,
    type_peterson_lock, type_guarded_counter;
static const script_type *const spinlocks_types[] = {&type_tas_lock,
                                                     &type_ttas_lock,
                                                     &type_ticket_lock,
                                                     &type_mcs_lock,
                                                     &type_peterson_lock,
                                                     &type_guarded_counter,
                                                     NULL};

const script_engine engine_spinlocks = {
    .name = "spinlocks",
    .summary = "the spinlocks of every operating-systems course: test-and-set, "
               "test-and-test-and-set, ticket, MCS and Peterson's",
    .variants = spinlocks_variants,
    .types = spinlocks_types,
};
