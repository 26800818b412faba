/*
 * run.h: running a machine without a learner at the controls.
 *
 * A policy picks the next choice (choice.h) wherever more than one is possible;
 * when only one is, it is taken.  Every policy works under every scheduling
 * model, because it picks among the choices the model offers.  A schedule given to sim_run is
 * replayed first, checked step by step against its fingerprints, and then the
 * policy takes over, which is how "what if I switch here?" works.
 */
#ifndef LOCKSTEP_RUN_H
#define LOCKSTEP_RUN_H

#include "machine.h"
#include "schedule.h"

typedef enum sim_policy {
    SIM_POLICY_MANUAL,      /* replay the schedule, then stop at the next choice */
    SIM_POLICY_ROUND_ROBIN, /* at each choice, the next enabled actor after the last one */
    SIM_POLICY_RANDOM,      /* at each choice, a seeded random one */
    SIM_POLICY_PRIORITY,    /* the step of the highest-priority actor (the RTOS's own rule) */
    SIM_POLICY_PCT,         /* probabilistic concurrency testing: seeded random priorities */
} sim_policy;

/* "manual", "round-robin", "random", "priority", "pct", or -1. */
int sim_policy_from_name(const char *name);

typedef enum sim_run_end {
    SIM_RUN_FINISHED, /* the machine's outcome is final (done, stuck, violation, error) */
    SIM_RUN_LIMIT,    /* max_steps reached while still running */
    SIM_RUN_WAITING,  /* manual: the next step is the learner's */
} sim_run_end;

typedef struct sim_run_result {
    sim_run_end end;
    size_t choices_used;  /* schedule entries consumed */
    uint64_t diverged_at; /* the step at which the schedule stopped applying, or 0 */
    char message[512];    /* divergence, or leftover schedule entries (the run's
                             outcome stands: a note, not an error) */
} sim_run_result;

/* Runs until the outcome is final, max_steps steps have been taken in total,
 * or (manual) a choice is needed.  prefix may be NULL.  Returns 0, or -1 if the
 * schedule cannot be used (names an unknown actor, diverges): the machine then
 * ends with an error outcome and the message says where. */
int sim_run(sim_machine *m, sim_policy policy, const sim_schedule *prefix, uint64_t seed,
            uint64_t max_steps, sim_run_result *result);

/* The schedule of the run so far (up to the current step), fingerprints
 * included. */
int sim_schedule_of(const sim_machine *m, sim_schedule *out);
/* The readable form of a schedule, with the machine's actor names. */
void sim_schedule_text(const sim_machine *m, const sim_schedule *s, jbuf *out);
/* The same with a repeat count for every run of at least min_run equal
 * entries ("tick*399"), cut after max_tokens tokens: how many entries it
 * wrote (s->n when nothing was cut). */
size_t sim_schedule_text_counted(const sim_machine *m, const sim_schedule *s, size_t min_run,
                                 size_t max_tokens, jbuf *out);

#endif
