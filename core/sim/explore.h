/*
 * explore.h: searching schedules for a bad interleaving.
 *
 * The explorer re-runs a machine from the start again and again, each time
 * making different choices at the steps where more than one actor could move,
 * until some run ends badly (stuck, a violation) or every run within the bound
 * has been tried.  Runs are cheap (the trace is off); a run starts from a
 * snapshot of the machine where one is kept (after setup for walks, on the
 * current path for the bounded and the stateful search: replay.c) rather
 * than from a reset, and runs the same either way.
 *
 *   dfs     Depth-first over the choices (steps, irqs, ticks: whatever the
 *           scheduling model offers), bounding the number of preemptions
 *           (switching away from an actor that could have continued; giving
 *           way after a spin or a yield is free).  Bounds go 0, 1, 2, ... so
 *           the counterexample with the fewest preemptions is found first.
 *           Sleep sets prune runs that only reorder independent choices (the
 *           model's dependence: steps on different objects commute).
 *   random  Each run picks uniformly among the enabled actors.
 *   pct     Probabilistic concurrency testing: random actor priorities and
 *           d - 1 random priority-change points per run.
 *
 * The search runs in slices (explore_run with a budget), so a Web Worker can
 * report progress and be cancelled between slices.
 *
 * Every search ends in bounded time, even on a program that never ends: each
 * run stops at max_steps, and the whole search at max_total_steps steps in
 * all (the defaults hold both).  A progress callback, called every few
 * thousand steps even inside one long run, lets a front end say how far it
 * got at least once a second.
 */
#ifndef LOCKSTEP_EXPLORE_H
#define LOCKSTEP_EXPLORE_H

#include "machine.h"
#include "schedule.h"

typedef enum explore_strategy { EXPLORE_DFS, EXPLORE_RANDOM, EXPLORE_PCT } explore_strategy;

/* "dfs", "random", "pct", or -1. */
int explore_strategy_from_name(const char *name);

/* bound: no preemption bound; the search is complete (dpor.c). */
#define EXPLORE_BOUND_NONE (-1)

/* A complete search (DPOR, bound none) searches alone until it ends or its
 * runs have taken this many steps; one that goes on is searched again as the
 * units of explore_units (split.h, this many wanted), one after another in
 * unit order, so that its executions and verdict are the same however many
 * workers share the units (complete.c). */
#define EXPLORE_ALONE_STEPS 200000u
#define EXPLORE_UNITS 32

/* The defaults of explore_config_default. */
#define EXPLORE_MAX_STEPS 10000 /* per run */
#define EXPLORE_MAX_TOTAL_STEPS                                                                    \
    20000000ull /* per search: seconds natively, under a minute in wasm */
/* The progress callback comes every this many steps (a power of two). */
#define EXPLORE_PROGRESS_STEPS 4096u

/* Whether the stateful search (explore_config.stateful, visited.c) remembers
 * this machine's states: under sc memory and a scheduling model other than
 * the executor's.  Where it does, it is the complete search `--bound none`
 * and "Prove it" run on one worker (measured faster than DPOR on every
 * scenario: bench/README.md); elsewhere it would be sleep sets without
 * memory, and DPOR is. */
bool explore_stateful_fits(const sim_machine *m);

typedef struct explore_result explore_result;

/* One part of a complete search split over several workers (split.h): the
 * choice at each of the first `len` nodes, as a position in the order a
 * single search would try that node's choices; and its share of the search
 * tree, the product of 1 / (the awake choices) over those nodes, which
 * weighs its `done` in the estimate of the whole. */
#define EXPLORE_UNIT_DEPTH 6
typedef struct explore_unit {
    int len;
    uint16_t pos[EXPLORE_UNIT_DEPTH];
    double mass;
} explore_unit;

/* Where a run starts: the machine reset and its world built again, or put
 * back from a snapshot of it (snapshot.h). */
typedef enum explore_replay { EXPLORE_REPLAY_SNAPSHOT, EXPLORE_REPLAY_ROOT } explore_replay;

typedef struct explore_config {
    explore_strategy strategy;
    int bound;                /* dfs: the largest preemption bound to try; EXPLORE_BOUND_NONE:
                                 every interleaving, by dynamic partial-order reduction */
    uint64_t max_executions;  /* stop after this many runs (0 = no limit) */
    uint64_t max_steps;       /* per run; a run that reaches it is reported (0 = default) */
    uint64_t max_total_steps; /* stop when the runs took this many steps in all (0 = default) */
    uint64_t seed;            /* random and pct */
    int pct_depth;            /* pct: d (>= 1) */
    bool prune;               /* dfs: sleep sets (default on) */
    bool spin_await;          /* complete dfs: spin rounds that re-read an unchanged value
                                 wait for a change instead (default on; spin_await.c) */
    uint64_t minimize_budget; /* dfs: runs spent looking for a shorter counterexample */
    explore_replay replay;    /* where runs start (the same runs either way): walks from
                                 a snapshot taken after setup, the bounded and the
                                 stateful search from snapshots kept on their path
                                 (default, replay.c); or every run from a reset */
    /* random and pct: every step taken from the host, which switches to the
     * actor and back, instead of where the last step ended (sim_pass_turn,
     * the default): the same walks either way, for the tests and the
     * benchmarks that compare the two */
    bool walk_on_host;
    /* dfs: the complete search by sleep sets over the states explored, each
     * remembered (core/sim/visited.c), instead of DPOR; implies no bound */
    bool stateful;
    uint64_t max_states; /* stateful: states remembered at most (0 = default) */
    /* stateful: where it cannot prove anything DPOR can, start again as DPOR
     * (the rest of the step budget): at its first run that reaches the step
     * limit (a spin it cannot remember: the search would end incomplete), or
     * when nearly every state it met had no key (it would be sleep sets
     * without memory: explore.c, stateful_gives_way).  `--bound none` runs it so
     * (explore_stateful_fits). */
    bool fall_back_to_dpor;
    /* Called every EXPLORE_PROGRESS_STEPS steps of the search (NULL: never). */
    void (*progress)(const explore_result *r, void *ctx);
    void *progress_ctx;
    /* For tests that compare whole searches: go on past bad runs, and hear
     * of the end of every run that was not cut short. */
    bool all_runs;
    void (*on_end)(sim_machine *m, void *ctx);
    void *on_end_ctx;
    /* Complete search only (split.h): search just this unit's part of the
     * tree; with probe_seed, make one random probe below it instead. */
    bool split;
    explore_unit unit;
    uint64_t probe_seed;
    /* Complete search (DPOR): the steps it searches alone before it goes on
     * as units (0: EXPLORE_ALONE_STEPS; 1: at once, after its first run);
     * with alone_only it ends there instead, for workers to share the units
     * (explore_needs_units). */
    uint64_t alone_steps;
    bool alone_only;
    /* Random and PCT walks split over workers: walks per unit (0: the rule
     * of walk_units.h) */
    uint64_t walk_unit;
} explore_config;

void explore_config_default(explore_config *c);

struct explore_result {
    bool finished; /* the search is over (found, exhausted, or limited) */
    bool found;
    char kind[24];            /* "stuck", "overlap", "assertion", "misuse", ... */
    char message[512];        /* the violation's message, or the stuck actors */
    sim_schedule schedule;    /* replays to the violation */
    uint64_t steps;           /* of the violating run */
    int preemptions;          /* of the violating run */
    uint64_t executions;      /* runs completed */
    uint64_t pruned;          /* dfs: alternatives skipped as equivalent */
    int bound;                /* dfs: the bound being (or last) searched */
    bool complete;            /* every run within the bound was tried */
    char reason[160];         /* why the search is incomplete */
    uint64_t step_limit_hits; /* runs that reached max_steps */
    bool searched_all;        /* every run was made: complete unless some reached max_steps */
    uint64_t total_steps;     /* steps every run so far took, cut runs included (a run
                                 started at a kept snapshot did not take the steps
                                 before it) */
    uint64_t states;          /* stateful: states remembered */
    bool fell_back;           /* the stateful search gave way to DPOR (fall_back_to_dpor) */
    /* Complete search: the share of its tree (or of its unit's) already
     * searched, each node's awake choices weighing alike; 1 at the end.
     * executions / done estimates the executions in all (the weighted
     * backtrack estimator of Kilby et al. 2006, estimate.c). */
    double done;
};

typedef struct explorer explorer;

/* The machine is reset and driven by the explorer; turn its trace off. */
explorer *explore_new(sim_machine *m, const explore_config *cfg);
/* Runs at most `budget` more executions.  Returns true when the search is
 * over; the result is then final. */
bool explore_run(explorer *e, uint64_t budget);
const explore_result *explore_result_of(const explorer *e);
/* Ends the search where it stands, between two explore_run slices, as one
 * of its own limits would: counted as far as it got, incomplete, with
 * `reason` (a violation found so far stays found).  For the host's limits:
 * a time limit (--max-seconds), since the search itself never reads a clock
 * (its course depends on the scenario and its limits alone). */
void explore_stop(explorer *e, const char *reason);
void explore_free(explorer *e);
/* A complete search started with alone_only that ended because it would
 * go on as units: its result means nothing; search the units instead. */
bool explore_needs_units(const explorer *e);
/* The units a complete search went on as (1: it ended alone). */
size_t explore_parts(const explorer *e);

/* "violation: stuck after 34 steps, schedule v1: ... (2 preemptions)" or
 * "no violation within bound 3: 1234 executions, complete". */
void explore_summary_text(const explorer *e, const sim_machine *m, jbuf *out);
/* Which search e is (or became): "stateful", "dpor" (the stateful one that
 * fell back is DPOR now: explore_result.fell_back says so), "bounded",
 * "random" or "pct".  A proof's report names the search that made it. */
const char *explore_search_name(const explorer *e);
/* {"found", "kind", "schedule", "steps", "preemptions", "executions",
 *  "pruned", "total_steps", "states", "search" ("stateful", "dpor", "bounded",
 *  "random", "pct"), "fell_back", "bound", "complete", "searched_all",
 *  "step_limit_hits", "done", "reason", "message"} */
void explore_result_json(const explorer *e, const sim_machine *m, jbuf *out);

#endif
