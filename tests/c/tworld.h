/*
 * tworld.h: small worlds written directly in C, for testing the machine.
 *
 * A scenario normally reaches the machine as bytecode; the machine itself only
 * needs a setup function that registers shared objects (sim_add_region) and
 * actors (sim_add_actor).  A tworld is such a setup with a fixed set of shared
 * objects and up to eight actors whose bodies are plain C functions calling
 * plat_* (and sim_do for the machine's own actions: work, cs_enter, ...):
 *
 *     static void take_m(tworld *w, int self)
 *     {
 *         plat_lock_acquire(&w->m, AT("take m"));
 *     }
 *
 *     tworld w = {0};
 *     tw_actor(&w, "A", take_m);
 *     tw_actor(&w, "B", take_m);
 *     sim_machine *m = tw_start(&w, true);   // trace on
 *     ... sim_step(m, 0) ...
 *     tw_free(&w);
 *
 * The shared objects, in the order they are registered (which fixes their
 * region indices and virtual addresses):
 *
 *     region 0 "x", 1 "y"      plat_a32 cells, zero at the start
 *     region 2 "m", 3 "n"      plat_lock bucket locks, free at the start
 *     region 4 "total"         a plat_a32 counted up with fetch_add (tw_add)
 *     region 5 "racy"          a plat_a32 counted up with a load, then a
 *                              store (tw_racy_add: updates can be lost)
 *     then one "<actor>.parker" region per actor, made by sim_add_actor
 *
 * Actors report what they observed with tw_saw(); tests read w->seen after
 * stepping.  seen lives outside simulated memory on purpose: it is the
 * test's notebook, not part of the world, and is cleared on every reset
 * (a snapshot keeps it: it is the world's state_bytes).
 */
#ifndef LOCKSTEP_TEST_TWORLD_H
#define LOCKSTEP_TEST_TWORLD_H

#include "plat/plat.h"
#include "sim/machine.h"
#include "sim/run.h"

#define TW_MAX_ACTORS 8
#define TW_MAX_SEEN 16

typedef struct tworld tworld;
typedef void (*tw_fn)(tworld *w, int self);

struct tworld {
    plat_a32 x, y;
    plat_lock m, n;
    plat_a32 total;
    plat_a32 racy;

    /* the cast */
    int n_actors;
    const char *names[TW_MAX_ACTORS];
    tw_fn fns[TW_MAX_ACTORS];
    /* a number tests pass to their actors (iterations, a deadline) */
    int64_t param;
    /* the stack size of every actor; 0 = the machine's default */
    size_t stack_size;
    /* per actor: its kind (0 = thread) and priority, as tw_actor_as set them */
    sim_actor_kind kinds[TW_MAX_ACTORS];
    int prios[TW_MAX_ACTORS];
    /* called at the end of every setup: set costs, raises, priorities */
    void (*on_setup)(tworld *w, sim_machine *m);

    /* the test's notebook: values each actor saw, in order */
    int64_t seen[TW_MAX_ACTORS][TW_MAX_SEEN];
    int n_seen[TW_MAX_ACTORS];

    sim_machine *machine;
};

/* Adds an actor (call before tw_start). */
void tw_actor(tworld *w, const char *name, tw_fn fn);
/* Adds an actor of a kind (task, isr) and priority. */
void tw_actor_as(tworld *w, const char *name, sim_actor_kind kind, int priority, tw_fn fn);
/* Makes the machine and builds the world (sim_reset).  A setup that fails
 * fails the test (check_fail), so the result is never NULL. */
sim_machine *tw_start(tworld *w, bool trace);
/* Same, with a seed (random values) and a variant. */
sim_machine *tw_start_cfg(tworld *w, const sim_config *cfg);
void tw_free(tworld *w);

/* Inside an actor: note a value for the test. */
void tw_saw(tworld *w, int self, int64_t value);

/* Inside an actor: count up by one, atomically (one fetch_add) or racily (a
 * load, then a store: another actor's store in between is lost).  The
 * machine's tests need no engine for that. */
void tw_add(plat_a32 *cell);
void tw_racy_add(plat_a32 *cell);

/* Inside an actor: the machine's own actions. */
void tw_work(const char *label);
void tw_cs_enter(plat_site at);
void tw_cs_exit(plat_site at);

/* The machine's JSON and text outputs as malloc'ed strings (free them). */
char *tw_state(sim_machine *m);
char *tw_trace(sim_machine *m, uint64_t after_step);
char *tw_stuck(sim_machine *m);
char *tw_violation(sim_machine *m);
/* The schedule of the run so far: readable ("v1: A B") and compact forms. */
char *tw_schedule_text(sim_machine *m);
char *tw_schedule_compact(sim_machine *m);
/* The recorded history, one letter per choice: the first letter of the name
 * of the actor that stepped ("ABAB"), in lower case for an irq raising it
 * ("h"), '*' for a tick. */
char *tw_history(sim_machine *m);

/* "tests/c/test_machine.c:42": how the machine shows a site in this file. */
const char *tw_loc(const char *file, int line);

/* Runs the line's statements and stores its line number in var: used to know
 * the exact location a stuck report must name.  HERE(line_b), plat_...(...); */
#define HERE(var) ((var) = __LINE__)

#endif
