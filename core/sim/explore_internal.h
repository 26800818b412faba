/*
 * explore_internal.h: the explorer's state, shared by explore.c (the search),
 * dpor.c (the races of a run and where they send the search next) and walk.c
 * (random and PCT runs).
 *
 * Invariant: the stack holds one node per real choice of the current run, in
 * run order; a node's possible choices are a run of `entries` and its sleep
 * set on arrival a run of `sleeps`, both appended in node order, so popping a
 * node truncates them.  Choices are sim_choice values throughout: nothing in
 * the search limits how many kinds or actors there are but the machine.
 */
#ifndef LOCKSTEP_EXPLORE_INTERNAL_H
#define LOCKSTEP_EXPLORE_INTERNAL_H

#include "explore.h"

#include <stddef.h>

/* What the search knows about one choice possible at a node. */
enum {
    X_DONE = 1,      /* tried, or ruled out by the bound, from here */
    X_TRIED = 2,     /* its subtree was explored from here (it sleeps in later siblings) */
    X_BACKTRACK = 4, /* dpor: a race asks for it to be tried from here */
};

/* A choice and, for a step, the action behind it: enough to judge its
 * dependence with the events of the run after the machine moved on. */
typedef struct xchoice {
    sim_choice c;
    uint8_t kind;       /* a step's action kind; SIM_ACT_NONE otherwise */
    bool free_local;    /* a step that touches nothing shared and takes no time */
    bool resched;       /* under a model that picks who runs: it changed who may run
                         * (finished, blocked or woke an actor), known once taken */
    bool ordered;       /* in the memory model's one order (ra: seq_cst): dependent on
                         * every other such choice */
    int16_t raises;     /* a step that raises a handler: which; else -1 */
    const void *target; /* a step's object; NULL otherwise */
} xchoice;

typedef struct xentry {
    xchoice x;
    uint8_t flags;
} xentry;

typedef struct dfs_node {
    size_t first;       /* its possible choices: entries[first .. first + n) */
    size_t sleep_first; /* its sleep set on arrival: sleeps[sleep_first .. + sleep_n) */
    uint32_t n, sleep_n;
    uint32_t chosen; /* the current run's choice, an index into its entries */
    int16_t prev;    /* who took the previous step */
    bool costly;     /* switching away from prev costs a preemption */
    int preemptions; /* spent before this node */
    size_t event;    /* dpor: the index of the event its choice became */
    uint64_t key[2]; /* stateful: its state's key (visited.c), {0, 0}: none */
    uint32_t awake;  /* its choices not asleep on arrival: its children in the estimate */
    double share;    /* its part of the tree in the estimate (estimate.c) */
} dfs_node;

/* dpor: one event of the current run (every choice taken, forced ones too). */
typedef struct xevent {
    xchoice x;
    int16_t proc;     /* whose program order it is in: the actor, or the environment */
    int32_t node;     /* the stack node where it was chosen, -1: it was the only choice */
    uint32_t blocked; /* actors the machine's rule held back just before it */
    uint32_t held;    /* actors the rule allowed but the scheduling model held back */
    uint32_t allowed; /* actors the rule allowed just before it */
    uint64_t before;  /* a CAS under sc: its cell's value just before it */
    uint8_t width;    /* and the cell's width */
} xevent;

/* spin_await.c: an actor's current round of spinning, and what it awaits. */
typedef struct spin_round {
    const void *cell; /* the one cell the round read so far, NULL: none yet */
    uint64_t value;   /* the value it read there last */
    uint8_t width;
    bool pure;     /* the round only read `cell` and did local work */
    bool awaiting; /* its last round was unchanged: it waits for await_cell to change */
    uint8_t await_width;
    const void *await_cell;
    uint64_t await_value;
} spin_round;

struct explorer {
    sim_machine *m;
    explore_config cfg;
    explore_result res;
    dfs_node *stack;
    size_t len, cap;
    xentry *entries;
    size_t n_entries, cap_entries;
    sim_choice *sleeps;
    size_t n_sleeps, cap_sleeps;
    sim_choice *sleep; /* the current run's sleep set */
    size_t n_sleep, cap_sleep;
    bool started;     /* the current bound's search has begun */
    bool bounded_out; /* the current bound ruled out some choice */
    uint64_t minimize_left;
    uint64_t longest_run; /* for pct's change points */
    uint64_t ticks;       /* steps since the search began, for the progress callback */
    /* dpor */
    xevent *events;
    size_t n_events, cap_events;
    uint32_t *vc; /* per event, n_procs clocks: 1 + the last event of each proc before it */
    size_t cap_vc;
    int n_procs;
    size_t replayed; /* events of this run that replayed the stack */
    /* spin_await.c */
    bool spin_on; /* this search leaves unchanged spin rounds out */
    spin_round spin[SIM_MAX_ACTORS];
    /* split (split.c): the order a single search would try the fresh node's
     * awake choices in, the position taken, and what a run found */
    int split_order[SIM_MAX_CHOICES];
    int split_n, split_pos;
    int split_width;      /* awake choices at the node just below the unit; -1: none */
    bool split_void;      /* the run is not this unit's (another unit makes it) */
    double probe_weight;  /* probe: the product of the awake choices on its path */
    double mass_done;     /* estimate.c: the share of the unit's tree searched so far */
    struct visited *seen; /* stateful: the states explored (visited.c); NULL: none */
    bool states_full;     /* stateful: a state the table could not hold ended the search */
    uint64_t keys_asked,
        keys_missing; /* stateful: states met at fresh nodes, those without a key */
    /* walk.c: the machine as its setup leaves it, to start each walk from */
    struct sim_snapshot *start;
    bool start_failed; /* it could not be kept: walks reset */
    /* complete.c: a complete search gone on as units (NULL: alone), and
     * whether an alone_only one ended where it would */
    struct units_search *units;
    bool needs_units;
    /* replay.c: snapshots on the current path, to start a run below the root */
    struct replay_point *points;
    size_t n_points;
    bool points_failed; /* one could not be kept: runs start from the root */
    /* The machine's steps when the current run started: 0 after a reset, the
     * point's steps when it was put back at a kept point.  The steps before
     * it were not taken again, so they count toward neither the search's
     * total_steps nor its max_total_steps (a run's own max_steps still counts
     * from the root: it limits the run's length, not the work). */
    uint64_t run_from;
};

/* How a run of the search ended. */
/* (RUN_BUDGET: the search's steps ran out, or the stateful search's table was full) */
typedef enum run_end { RUN_OK, RUN_BAD, RUN_LIMIT, RUN_CUT, RUN_BUDGET } run_end;

typedef struct run_info {
    run_end end;
    int preemptions;
} run_info;

/* The steps the current run took so far (not those a restore put back). */
static inline uint64_t explore_run_steps(const explorer *e)
{
    return sim_steps(e->m) - e->run_from;
}

/* A function of the search that never switches coroutines, called from a
 * loop that does, kept a function of its own in wasm.  Asyncify instruments
 * every function on a path to a fiber switch (mk/wasm.mk): at each switch it
 * saves all of an instrumented function's locals and, to come back, runs it
 * again from its start to the call that switched; and code inlined into an
 * instrumented function is instrumented with it.  Inlined into the search's
 * loop, a node's work (choices, states, the stack) made that loop a function
 * of 67 locals paid at every step.  Natively inlining is free to choose. */
#ifdef __EMSCRIPTEN__
#define EXPLORE_OUTSIDE_SWITCH __attribute__((noinline))
#else
#define EXPLORE_OUTSIDE_SWITCH
#endif

/* Before each choice of a run: RUN_LIMIT at the run's step limit, RUN_BUDGET
 * at the search's (the steps taken in all), else RUN_OK (and the progress
 * callback when it is due). */
static inline run_end explore_before_choice(explorer *e)
{
    uint64_t steps = sim_steps(e->m);
    if (steps >= e->cfg.max_steps)
        return RUN_LIMIT;
    if (e->res.total_steps + explore_run_steps(e) >= e->cfg.max_total_steps)
        return RUN_BUDGET;
    if (e->cfg.progress && (++e->ticks & (EXPLORE_PROGRESS_STEPS - 1)) == 0)
        e->cfg.progress(&e->res, e->cfg.progress_ctx);
    return RUN_OK;
}

/* After a run that ended as `end`: the longest run is noted, and a run that
 * went on to its end is RUN_BAD if it ended stuck, in a violation or an error. */
static inline run_end explore_after_run(explorer *e, run_end end)
{
    const sim_machine *m = e->m;
    if (sim_steps(m) > e->longest_run)
        e->longest_run = sim_steps(m);
    sim_outcome o = sim_outcome_of(m);
    if (end == RUN_OK && (o == SIM_STUCK || o == SIM_VIOLATION || o == SIM_ERROR))
        return RUN_BAD;
    return end;
}

/* The search's order of choices: steps by actor, then irqs, drops, the tick. */
bool explore_choice_before(sim_choice a, sim_choice b);
/* Every run was made (a split search: of every unit): the search is over,
 * complete unless some runs reached the step limit, which the reason says
 * (every run, or how many). */
void explore_end_searched(explorer *e);
/* replay.c: at the start of a bounded search's run, put the machine where
 * the run starts (a reset, or the deepest point kept on the path that still
 * holds) and set the loop's variables and the sleep set as they stood there;
 * at a node (a choice to make), keep a point when one is due. */
typedef struct replay_point replay_point;
void replay_start(explorer *e, size_t *depth, int *prev, sim_act_kind *prev_kind, int *preemptions);
void replay_keep(explorer *e, size_t depth, int prev, sim_act_kind prev_kind, int preemptions);
void replay_free(explorer *e);

/* One random or PCT run, the execution-th of the search (walk.c). */
run_info explore_walk(explorer *e, uint64_t execution);

/* Split (split.c), at a fresh node of a split search: the choice to take
 * there (an index into E; `a` is the one a single search takes first), or
 * -1 when this unit has no run through here. */
int split_pick(explorer *e, const xchoice *E, int n, int a, size_t depth);
/* After the node was pushed with split_pick's choice: the choices a single
 * search tries before it sleep here, and no other unit's choice is tried. */
void split_pushed(explorer *e);
/* At the end of a run that reached only `depth` nodes: whether it belongs
 * to another unit. */
bool split_run_void(const explorer *e, size_t depth);
bool explore_sleeps(const explorer *e, sim_choice c);
bool explore_sleep_add(explorer *e, sim_choice c);

/* estimate.c: a node's share as it is pushed; a run ended (its leaf's
 * share is searched); a node is left for good (its children never tried
 * will not be); the share searched so far. */
double estimate_share(const explorer *e, size_t depth);
void estimate_run_ended(explorer *e);
void estimate_node_left(explorer *e, const dfs_node *nd);
double estimate_done(const explorer *e);

/* complete.c: whether a complete search alone has taken its steps alone
 * (checked between runs); then going on as units (or ending there, for
 * alone_only), within `budget` runs; a search gone on as units runs on. */
bool complete_alone_over(const explorer *e);
bool complete_go_on(explorer *e, uint64_t budget);
bool complete_units_run(explorer *e, uint64_t budget);
/* explore_stop of a search that went on as units: the units done and the one running. */
void complete_units_stop(explorer *e, const char *reason);
void complete_free(explorer *e);
/* explore_merge (split.h) into a result of its own. */
void explore_result_merge(explore_result *r, const explore_result *part, double mass,
                          bool first_found);
/* 10000 -> "10,000" */
void explore_group_digits(uint64_t v, char out[32]);

/* The complete search by DPOR (dpor.c). */
static inline bool explore_complete_mode(const explorer *e)
{
    return e->cfg.strategy == EXPLORE_DFS && e->cfg.bound < 0 && !e->cfg.stateful;
}

/* Any complete search: DPOR, or the stateful one (sleep sets and the states
 * explored, visited.c); no preemption bound. */
static inline bool explore_unbounded(const explorer *e)
{
    return e->cfg.strategy == EXPLORE_DFS && e->cfg.bound < 0;
}

/* Whether the choices of two events may fail to commute (dpor.c). */
bool dpor_dependent(const xchoice *a, const xchoice *b);
/* Records the event the run is about to take (`node`: its stack node or -1). */
bool dpor_record(explorer *e, const xchoice *x, int32_t node);
/* After the recorded event was taken: note whether it changed who may run. */
void dpor_taken(explorer *e);
/* After a run: the races of its new events, and the backtrack points they add. */
void dpor_analyse(explorer *e);
/* Whether this search leaves unchanged spin rounds out (spin_await.c). */
bool spin_await_active(const explorer *e);
/* A run begins: nobody has spun yet. */
void spin_await_reset(explorer *e);
/* Whether the actor awaits a change: its step is a spin-out. */
bool spin_await_waits(const explorer *e, int actor);
/* sim_step, keeping every actor's round and ending the awaits a step ends. */
int spin_await_step(explorer *e, int actor);
/* The awaiting actor spins out: false if the run reached its step limit. */
bool spin_await_spin_out(explorer *e, int actor);
/* The xchoice of choice c in the machine's current state. */
xchoice explore_describe(const sim_machine *m, sim_choice c);

#endif
