/*
 * The machine's insides, shared by the files that make up the machine:
 * machine.c (making and resetting), lifecycle.c (actors' coroutines),
 * settle.c (the enabled rule, the clock, done and stuck), step.c (taking a
 * choice, going back, the timeline), perform.c (an action's effect),
 * checks.c (violations and errors), random.c (random values), regions.c
 * (addresses and engine globals), blocked.c (why an actor cannot move),
 * names.c, actors.c (states, choices, priorities, costs), trace.c (events
 * and state snapshots), report.c (what a command line prints), the
 * explorer's explore.c, dpor.c and spin_await.c (an action's kind, target
 * and cost, the rule and the model's say on who may move, the cells a spin
 * reads, judged at every step), its walk.c (the choices that exist, for a
 * random or PCT run), visited.c and region_digest.c (a state's key, for the
 * stateful search), snapshot.c (the whole state, kept and put back),
 * replay.c (where a run of the search starts) and the scheduling models in
 * sched/.
 * Nothing outside core/sim includes this.
 */
#ifndef LOCKSTEP_MACHINE_INTERNAL_H
#define LOCKSTEP_MACHINE_INTERNAL_H

#include "../coro/coro.h"
#include "machine.h"
#include "mem/state.h"
#include "sched/model.h"

/* Trace events that are not steps. */
enum {
    SIM_EV_NOTE = SIM_ACT_COUNT, /* an engine's own words about this step */
    SIM_EV_FINISH,               /* the actor's program ended */
    SIM_EV_CLOCK,                /* nobody could move: the clock jumped */
    SIM_EV_VIOLATION,
    SIM_EV_STUCK,
    SIM_EV_ERROR,
    SIM_EV_TICK,  /* the periodic tick (a choice, or due while time passed) */
    SIM_EV_RAISE, /* an interrupt handler was raised (armed) */
    SIM_EV_DROP,  /* a task's pending future was dropped (the learner's or a policy's choice) */
    SIM_EV_FLUSH, /* a buffered store reached memory (tso: a flush choice, or a drain) */
};

typedef struct sim_event {
    uint64_t step;
    int64_t time;
    int16_t actor; /* -1: the machine itself */
    uint8_t kind;
    uint8_t width;
    uint8_t ok;        /* CAS succeeded; PARK woken (not timed out) */
    uint8_t is_signed; /* the cell is signed: values are written with their sign */
    uint8_t order;     /* an access or fence: its plat_order */
    uint8_t buffered;  /* tso: a store that went into the store buffer; a load
                        * that read the actor's own buffered store */
    int16_t region;
    int16_t elem;
    int16_t other; /* UNPARK: whom; PARK: woken by; LOCK blocked by */
    /* ra: the store an access read (a load, a read-modify-write) or wrote
     * (a store), as 1 + its index in the cell's modification order (0:
     * none); how many stores the cell had when it was read; who stored
     * what was read, and at which step (-1, 0: the initial value) */
    uint32_t ra_read, ra_wrote, ra_stores;
    uint8_t ra_cell; /* 1 + the cell's index in the ra model (0: none) */
    int16_t ra_read_by;
    uint64_t ra_read_at;
    /* ra: a load that read an older store: the step of the next newer one
     * then (indices shift when a store is placed before others); a store
     * placed before the end: who stored the one it went before, at which
     * step (ra_before_at 0: it went at the end) */
    uint64_t ra_newer_at;
    int16_t ra_before_by;
    uint64_t ra_before_at;
    uint64_t old_v, new_v, a, b;
    uint32_t op, round; /* steps: the program operation the actor is in */
    plat_site site;
    const char *text;
    const char *data; /* STUCK: the reason as JSON ({"why": ...}, blocked.h) */
} sim_event;

typedef struct sim_actor {
    char name[SIM_NAME_MAX];
    sim_actor_kind kind;
    int base_prio, eff_prio; /* the machine's; an engine may change eff_prio */
    void (*entry)(void *arg);
    void *arg;
    coro *co;
    sim_action pending;
    bool finished;
    bool dormant;         /* not raised (handler) or not spawned (task) */
    bool begun;           /* armed and has stepped since */
    bool raise_pending;   /* raised again while running: runs again after */
    bool arm_now;         /* raised by a step: armed when the step is over */
    uint16_t raises_left; /* irq choices the environment may still take */
    uint16_t irq_depth;   /* nesting of its critical sections (plat_irq_save) */
    uint64_t armed_seq;   /* when it was last armed (interrupt models) */
    uint64_t begun_seq;   /* when it last began running (nesting order) */
    uint64_t rr_seq;      /* rtos: its place in the round-robin order */
    uint32_t op;          /* the program operation it is in (interpreter's index) */
    uint32_t round;       /* the innermost repeat's round */
    uint64_t op_seq;      /* counts operations started, to tell rounds apart */
    uint32_t op_steps;    /* steps performed since its operation began (visited.c) */
    uint64_t story;       /* stateful search: a hash of what its steps in this operation
                           * did and saw (visited.c), kept when the machine's keep_story */
    int locks_held;       /* plat locks it holds now */
    bool promised;        /* it promised what it keeps (plat_loop_state) since its last step */
    /* plat_sleep_state: while it waits at its next park, its future depends
     * only on its operation and these bytes (a waiter node others write) */
    const void *sleep_node;
    size_t sleep_node_size;
    /* plat_parker_done: it prepares its parker before it sleeps on it again,
     * so until then nobody reads the parker's flag but the trace (visited.c) */
    bool parker_done;
    plat_parker parker;
    int parker_region;
} sim_actor;

typedef struct sim_region {
    char name[SIM_NAME_MAX];
    unsigned char *base;
    size_t size;
    uint64_t vaddr;
    size_t elem_size;
    uint64_t signed_cells;           /* bit k: the cell at byte offset k is signed */
    const sim_cell_name *cell_names; /* its atomic cells' fields (sim_region_name_cells) */
    size_t n_cell_names;
} sim_region;

/* A walk's choice of its next step, made where the last step ended: on the
 * stack of the actor that took it, as soon as it has announced its next
 * action (sim_do) and the step is settled, exactly where the host would make
 * it.  It returns the actor whose step to take next, with *others telling
 * whether any other choice was possible (the timeline's flag), or -1 to go
 * back to the host (a choice that is not a step, or the walk's end: the
 * chooser keeps for the host what it decided).  It only chooses, never
 * switches (coro_no_switch holds it to that); in wasm it is a query
 * (mk/wasm.mk, ASYNCIFY_QUERIES). */
typedef int (*sim_chooser)(sim_machine *m, void *ctx, bool *others);

struct sim_machine {
    sim_config cfg;
    char variant[32];
    sim_setup_fn setup;
    void *setup_arg;
    sim_hooks hooks;

    sim_actor actors[SIM_MAX_ACTORS];
    int n_actors;
    sim_region regions[SIM_MAX_REGIONS];
    int n_regions;
    int region_hint; /* the region found last (a lookup cache) */
    uint64_t next_vaddr;

    coro *host;
    int current; /* the actor running now, -1 when the scheduler runs */
    uint64_t step;
    int64_t now;
    int64_t timer_late;   /* how late the time driver delivers a deadline */
    int64_t timer_jitter; /* how much earlier a tick may deliver it (plat_timer_late) */
    sim_outcome outcome;
    int cs_inside; /* actors inside the checked critical section */
    int cs_owner;  /* the actor inside it (nesting by one actor is no overlap) */
    int cs_depth;  /* its nesting depth */
    const sim_model *model;
    const struct sim_mem_model *mem; /* the memory model (mem/model.h) */
    sim_mem_state memory;            /* its state (mem/state.h) */
    /* the model's hooks that run at every step, copied here (one load less) */
    bool (*may_step)(const sim_machine *m, int actor);
    void (*update)(sim_machine *m);
    void (*performed)(sim_machine *m, int actor, const sim_action *act);
    /* The walk's chooser (sim_set_chooser, NULL: none) and whether a step has
     * begun and not yet ended (step.c) */
    sim_chooser chooser;
    void *chooser_ctx;
    bool step_open;
    sim_sched_state sched;
    bool extras;                 /* the model may offer choices that are not steps */
    bool arm_any;                /* some actor has arm_now set */
    bool keep_story;             /* actors keep their story (the stateful search asks) */
    int64_t cost[SIM_ACT_COUNT]; /* virtual time per action kind (us) */
    uint64_t rng;

    /* the violation or error that ended the run */
    char end_kind[24];
    char end_message[512];
    uint64_t end_step;
    int end_actor;
    plat_site end_site;
    /* a misuse as the engine's reference implementation reports it
     * (plat_misuse_thrown): "java", "java.lang.Error: ..."; "" if none */
    char end_reference[16];
    char end_thrown[160];

    char last_error[512]; /* why the last call failed */

    /* engines' process-wide state, one instance per machine (sim_global) */
    struct sim_global_slot {
        plat_global *desc;
        void *data;
        bool live; /* initialised since the last reset */
    } globals[8];
    int n_globals;

    /* The timeline: every step taken, and every random value drawn.  After
     * sim_goto(n) the steps past n stay as the "future" until a different
     * step is taken there. */
    sim_step_record *history;
    size_t history_len, history_cap;
    struct sim_random_record {
        uint64_t step;
        uint32_t value, bound;
    } * randoms;
    size_t n_randoms, cap_randoms;
    size_t randoms_used; /* during replay: how many were handed out again */
    /* an external source of random values (a schedule being replayed) */
    uint32_t (*random_source)(sim_machine *m, uint32_t bound, bool *ok, void *ctx);
    void *random_ctx;

    sim_event *events;
    size_t n_events, cap_events;
    size_t events_lost;  /* events the trace had no memory for */
    uint64_t first_lost; /* the step of the first of them */
    char **texts;        /* strings owned by the trace */
    size_t n_texts, cap_texts;
    const char **prints;         /* what print statements said, in order: kept apart */
    size_t n_prints, cap_prints; /* from the events, so a trace that ran out of
                                  * memory still reports every one */
};

/* The machine whose actor runs now (NULL while the host runs): plat_* calls
 * from engine code find their machine here (sim_running). */
extern sim_machine *sim_running_machine;

/* Say why the last call failed (sim_error); text that came from input is
 * escaped. */
void sim_fail(sim_machine *m, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Run every actor that is not dormant up to its first announced action.
 * On the host only. */
void sim_start_actors(sim_machine *m);
/* Arm the handlers that steps raised (they cannot be started from inside
 * another actor's coroutine).  On the host only. */
void sim_arm_raised(sim_machine *m);
/* sim_step for a caller that has just listed the choices possible now (the
 * explorer's walks), step(i) among them: actor i is not asked again whether
 * it may move, and `others` says whether step(i) was not the only one, which
 * sim_step would otherwise work out again by asking every other actor. */
int sim_step_listed(sim_machine *m, int i, bool others);
/* Set (or clear, with NULL) the chooser consulted after every step. */
void sim_set_chooser(sim_machine *m, sim_chooser chooser, void *ctx);
/* In sim_do of the actor whose step is open, with a chooser set: end the
 * step here and begin the one the chooser picks; the actor to run next (the
 * caller itself: perform at once; another: switch to it), or -1: switch to
 * the host, which ends the step itself if it is still open (a raised
 * handler to arm, a broken stack). */
int sim_pass_turn(sim_machine *m);
/* After a choice: arm what was raised, let the model catch up, jump the
 * clock if everybody waits for it, detect the end.  `moved` is the actor
 * that just stepped (-1: none). */
void sim_settle(sim_machine *m, int moved);

void sim_emit(sim_machine *m, const sim_event *e);

/* The machine's and the models' reason codes (blocked.h), defined with their
 * English in report.c. */
extern const sim_blocked_code sim_blocked_finished, sim_blocked_dormant, sim_blocked_over,
    sim_blocked_lock, sim_blocked_parked, sim_blocked_blocked, sim_blocked_sleep,
    sim_blocked_cannot_move, sim_blocked_irq_masked, sim_blocked_irq_handler,
    sim_blocked_interrupted, sim_blocked_rtos_priority, sim_blocked_rtos_turn,
    sim_blocked_rtos_woken, sim_blocked_executor_queued, sim_blocked_executor_polled,
    sim_blocked_executor_due;
/* Copy a name into a buffer of `size` bytes, cut to fit and terminated, as
 * snprintf's "%s" would; names are copied at every reset, where a printf
 * call per name was a seventh of a random walk. */
static inline void sim_copy_name(char *dst, size_t size, const char *src)
{
    size_t n = 0;
    for (; n + 1 < size && src[n]; n++)
        dst[n] = src[n];
    dst[n] = 0;
}

/* An actor's story since its operation began: each step folds in what it did
 * (its action) and saw (the result); the stateful search (visited.c) reads an
 * actor's place in its operation off it. */
static inline uint64_t sim_story_add(uint64_t story, uint64_t word)
{
    story = (story ^ word) * 0x9E3779B97F4A7C15ull;
    return story ^ (story >> 29);
}

/* The machine's enabled rule alone (locks, parkers, sleeps), before the model.
 * Inline: it runs for every actor at every step (and in wasm a call is dear). */
static inline bool sim_rule_allows(const sim_machine *m, int i)
{
    if (i < 0 || i >= m->n_actors)
        return false;
    const sim_actor *a = &m->actors[i];
    if (a->finished || a->dormant)
        return false;
    const sim_action *p = &a->pending;
    switch (p->kind) {
    case SIM_ACT_LOCK: return ((const plat_lock *)p->target)->owner == 0;
    case SIM_ACT_PARK:
    case SIM_ACT_BLOCK: {
        const plat_parker *pk = p->target;
        return pk->woken || (p->deadline >= 0 && m->now >= p->deadline);
    }
    case SIM_ACT_SLEEP: return m->now >= p->deadline;
    default: return true;
    }
}
/* sim_is_enabled, for the machine's own callers at every step (the walk's
 * choices, a step, settling): the rule inline, and the model's say through
 * sim_is_enabled only under a model that has one (threads has none).  In
 * wasm that keeps the call through the model's pointer in sim_is_enabled,
 * which Asyncify leaves uninstrumented (mk/wasm.mk, ASYNCIFY_QUERIES). */
static inline bool sim_can_step(const sim_machine *m, int i)
{
    return m->may_step ? sim_is_enabled(m, i) : sim_rule_allows(m, i);
}
/* The world's own state outside its regions (sim_hooks.state_bytes: an
 * actor's result), *size bytes of writable memory, or NULL with *size 0.  The
 * world only answers (coro.h), so in wasm this call through the hook's
 * pointer leaves the state key and snapshots uninstrumented by Asyncify
 * (mk/wasm.mk, ASYNCIFY_QUERIES). */
void *sim_world_state(const sim_machine *m, size_t *size);
/* Make a dormant actor ready: restart its coroutine and run it up to its
 * first announced action.  On the host only. */
void sim_arm(sim_machine *m, int actor);
/* Trace a machine event that is not an action (tick, raise). */
/* The field that holds the cell at p (sim_region_name_cells), or NULL. */
const char *sim_cell_field(const sim_machine *m, const void *p);
/* Whether the cell at p was declared signed (sim_region_set_signed). */
bool sim_cell_signed(const sim_machine *m, const void *p);
/* raw, `width` bytes wide, read as a signed number. */
int64_t sim_signed_value(uint64_t raw, unsigned width);
void sim_emit_machine(sim_machine *m, int kind, int actor, int64_t old_v, int64_t new_v);
const char *sim_keep_text(sim_machine *m, const char *text);
void sim_clear_trace(sim_machine *m);

#endif
