/*
 * machine.h: the step-controlled simulated machine.
 *
 * A machine holds actors (virtual threads, async tasks, interrupt handlers),
 * the memory regions of the objects they share, a virtual clock and a trace.
 * Each actor runs on its own coroutine.  Whenever an actor calls the platform
 * (plat.h, sim backend) it *announces* the action it is about to perform and
 * suspends.  A step is: pick one enabled actor, let it perform its announced
 * action, and run it until it announces the next one (or finishes).  So a step
 * is exactly one visible action, and it is the unit of display, of going back,
 * and of search.
 *
 * The enabled rule: an actor can take a step unless it has finished or is
 * dormant (a handler not raised), or it is about to take a bucket lock that
 * another actor holds (or that it holds itself), or it is about to sleep on a
 * parker nobody has woken yet, or it sleeps until a later virtual time.  The
 * scheduling model (sched/model.h: threads, rtos, executor) narrows that down
 * and adds the choices that are not steps (raising a handler, the tick); a
 * step is one kind of choice (choice.h).  Actions may cost virtual time
 * (sim_set_cost; nothing by default).  When no choice is possible and a
 * deadline is pending, the clock jumps to the earliest one.  When no choice
 * is possible and nothing is pending, the run is *stuck* unless every actor
 * has finished or is dormant.
 *
 * The machine knows no engine and no scenario language.  Whoever creates it
 * passes a setup function that builds the world (registers regions, adds
 * actors); reset calls it again, which is how going back works: reset, then
 * replay the first N steps of the history.  Same setup + same choices = same
 * trace, byte for byte, natively and in WebAssembly.
 */
#ifndef LOCKSTEP_MACHINE_H
#define LOCKSTEP_MACHINE_H

#include "../plat/plat.h"
#include "blocked.h"
#include "choice.h"
#include "json.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define SIM_MAX_ACTORS 32
#define SIM_MAX_REGIONS 256
#define SIM_NAME_MAX 24

typedef struct sim_machine sim_machine;

typedef enum sim_actor_kind { SIM_THREAD, SIM_TASK, SIM_ISR } sim_actor_kind;

/* What an actor is about to do: the kinds of step. */
typedef enum sim_act_kind {
    SIM_ACT_NONE,
    SIM_ACT_LOAD,
    SIM_ACT_STORE,
    SIM_ACT_CAS,
    SIM_ACT_SWAP,
    SIM_ACT_FETCH_ADD,
    SIM_ACT_FETCH_OR,
    SIM_ACT_FETCH_AND,
    SIM_ACT_LOCK,         /* take a bucket lock */
    SIM_ACT_UNLOCK,       /* release it */
    SIM_ACT_PARK_PREPARE, /* clear my parker's flag */
    SIM_ACT_PARK,         /* sleep until my parker's flag is set (or a deadline) */
    SIM_ACT_UNPARK,       /* set another actor's parker flag */
    SIM_ACT_SPIN,
    SIM_ACT_YIELD,
    SIM_ACT_SLEEP,    /* sleep until a virtual time */
    SIM_ACT_WORK,     /* a step of local work (scenario `work N`) */
    SIM_ACT_CS_ENTER, /* enter the checked critical section */
    SIM_ACT_CS_EXIT,
    SIM_ACT_PRINT,
    SIM_ACT_ASSERT,
    SIM_ACT_IRQ_SAVE,    /* mask interrupts (nests; plat_irq_save) */
    SIM_ACT_IRQ_RESTORE, /* undo one level of it */
    SIM_ACT_RAISE,       /* raise an interrupt handler (target: its parker) */
    SIM_ACT_SET_PRIO,    /* set an actor's effective priority (target: its parker) */
    SIM_ACT_BLOCK,       /* block until woken (my parker) or a deadline; consumes the wake */
    SIM_ACT_FENCE,       /* a memory fence (plat_fence): its order says how strong */
    SIM_ACT_COUNT
} sim_act_kind;

const char *sim_act_name(sim_act_kind kind);
/* The kind with this name, or -1. */
int sim_act_kind_from_name(const char *name);

typedef struct sim_action {
    sim_act_kind kind;
    uint8_t width;    /* bytes of the atomic cell: 1, 2 or 4 */
    uint8_t order;    /* an atomic access: its plat_order, as the engine passed it */
    void *target;     /* the cell, plat_lock or plat_parker */
    uint64_t a, b;    /* operands: stored/added value; CAS expected (a), desired (b) */
    int64_t deadline; /* virtual time for SLEEP and a timed PARK or BLOCK; -1 = none */
    int64_t earliest; /* a timed BLOCK: the first moment a tick may deliver
                       * it (a late time driver's window, plat_timer_late) */
    const char *text; /* PRINT and ASSERT: the text */
    plat_site site;
    uint8_t has_cost; /* cost below replaces the kind's default */
    int64_t cost;     /* virtual time the action takes (us) */
} sim_action;

typedef enum sim_outcome {
    SIM_RUNNING,
    SIM_DONE,      /* every actor finished */
    SIM_STUCK,     /* nobody can move and nothing is pending */
    SIM_VIOLATION, /* a check failed: overlap, assertion, misuse, ... */
    SIM_ERROR,     /* the run cannot go on: schedule diverged, stack overflow */
} sim_outcome;

const char *sim_outcome_name(sim_outcome o);
/* "relaxed", "acquire", "release", "acq_rel", "seq_cst": a plat_order's name. */
const char *sim_order_name(unsigned order);

typedef struct sim_config {
    size_t stack_size;   /* per actor; 0 = CORO_DEFAULT_STACK */
    bool trace;          /* record the event trace (the explorer turns it off) */
    const char *variant; /* the engines' variant; NULL = "correct" */
    uint64_t seed;       /* for the random policy and random values */
    const char *model;   /* the scheduling model: NULL or "threads", or another of sched/model.h */
    int64_t tick_us;     /* rtos: the tick period; 0 = 1000 us */
    const char *memory;  /* the memory model: "sc" (NULL) */
} sim_config;

/* Builds the world.  Returns 0, or -1 after sim_fail_setup(). */
typedef int (*sim_setup_fn)(sim_machine *m, void *arg);

/* Optional hooks of whoever built the world (the script layer). */
typedef struct sim_hooks {
    /* Every actor finished: check final assertions (may call sim_violation). */
    void (*at_end)(sim_machine *m, void *arg);
    /* Write the objects' state as a JSON value. */
    void (*describe_objects)(sim_machine *m, jbuf *out, void *arg);
    /* Write the engines' process-wide state (the parking lot) as a JSON value. */
    void (*describe_engines)(sim_machine *m, jbuf *out, void *arg);
    /* Say why actor i is blocked (a reason code and its arguments, see
     * blocked.h), if the hook knows better (the mutex it is parked on, its
     * bucket).  Fills *out and returns true; returns false to let the machine
     * say it. */
    bool (*describe_block)(sim_machine *m, int actor, sim_blocked *out, void *arg);
    /* The world's own state outside regions that actors change as they run
     * (the interpreter's result registers): its bytes and their size, part of
     * a state's key in the stateful search (visited.c).  NULL: none. */
    const void *(*state_bytes)(const sim_machine *m, size_t *size, void *arg);
    /* (Scheduling rules beyond the enabled rule are the model's: sim_config.model.) */
    /* The world keeps everything that changes between steps in its regions,
     * its actors' stacks and its state_bytes (which must be writable memory),
     * so a snapshot (snapshot.h) can put it back.  False: runs start over by
     * reset. */
    bool whole_state;
} sim_hooks;

/* ---- building --------------------------------------------------------------- */

sim_machine *sim_new(const sim_config *cfg, sim_setup_fn setup, void *arg, const sim_hooks *hooks);
void sim_free(sim_machine *m);

/* Tear everything down and build it again from setup.  0 or -1 (see sim_error). */
int sim_reset(sim_machine *m);

/* For setup: name a region of shared memory at virtual address vaddr (the
 * map is in address_map.h); vaddr 0 picks the next free place for an object.
 * A region that would share a byte with another is refused.  elem_size > 0
 * names an array ("lot[3]").  Returns the region's index, or -1. */
int sim_add_region(sim_machine *m, const char *name, void *base, size_t size, uint64_t vaddr,
                   size_t elem_size);
/* For setup: the cells of a region (of each element of an array) that hold
 * signed numbers, bit k for the cell at byte offset k.  The trace and the
 * state then give their values with the sign (-1, not 65535), so every view
 * reads a field with its type. */
void sim_region_set_signed(sim_machine *m, int region, uint64_t cells);
/* An atomic cell of a region by name: its byte offset in the region (in each
 * element of an array) and the field that holds it ("turn"). */
typedef struct sim_cell_name {
    size_t offset;
    const char *field;
} sim_cell_name;
/* For setup: the names of a region's atomic cells (`names` outlives the
 * machine: a binding's static table).  The memory models' state names each
 * cell by its field, so the views tell the cells of one object apart. */
void sim_region_name_cells(sim_machine *m, int region, const sim_cell_name *names, size_t n);
/* For setup: add an actor that will run entry(arg).  Returns its index or -1. */
int sim_add_actor(sim_machine *m, const char *name, sim_actor_kind kind, int priority,
                  void (*entry)(void *arg), void *arg);
void sim_fail_setup(sim_machine *m, const char *message);
/* End the run with an error outcome (a schedule that diverged, say). */
void sim_end_error(sim_machine *m, const char *message);

/* ---- stepping ------------------------------------------------------------------ */

int sim_actor_count(const sim_machine *m);
const char *sim_actor_name(const sim_machine *m, int actor);
int sim_actor_by_name(const sim_machine *m, const char *name);
bool sim_is_enabled(const sim_machine *m, int actor);
/* Fills out[] with the enabled actors in index order; returns how many. */
int sim_enabled(const sim_machine *m, int out[SIM_MAX_ACTORS]);
const sim_action *sim_pending(const sim_machine *m, int actor);
bool sim_is_finished(const sim_machine *m, int actor);

/* One step of `actor`.  0, or -1 if it cannot move (see sim_error). */
int sim_step(sim_machine *m, int actor);

/* ---- choices, actor states, priorities, time (see choice.h, sched/model.h) ---- */

#define SIM_MAX_CHOICES (3 * SIM_MAX_ACTORS + 4)

/* Every choice possible now, in a fixed order: steps by actor index, then the
 * model's others (irq by handler index, tick).  Returns how many. */
int sim_choices(const sim_machine *m, sim_choice out[SIM_MAX_CHOICES]);
bool sim_choice_possible(const sim_machine *m, sim_choice c);
/* Only the choices that are not steps (irq, tick); 0 at once in a world that
 * has none, so a search can ask at every step. */
int sim_extra_choices(const sim_machine *m, sim_choice out[SIM_MAX_CHOICES]);
/* Take one choice (a step is sim_step).  0, or -1 (see sim_error). */
int sim_take(sim_machine *m, sim_choice c);
/* Whether a choice is optional under the model: the run goes on without it
 * (a drop, the executor's early alarm, a store's place before the end), so
 * round-robin passes it by. */
bool sim_choice_optional(const sim_machine *m, sim_choice c);
/* Whether two choices possible now may fail to commute (the model's rule). */
bool sim_dependent(const sim_machine *m, sim_choice a, sim_choice b);
/* The model's name (sched/model.h lists the models). */
const char *sim_model_name(const sim_machine *m);
/* The memory model's name: "sc", "tso", "ra". */
const char *sim_memory_name(const sim_machine *m);
/* The memory models a run may name, for messages. */
#define SIM_MEMORY_MODELS "sc, tso, ra"
/* Whether a memory model has this name. */
bool sim_memory_known(const char *name);
/* The name of memory model i (0 is "sc"), or NULL past the last: the list the
 * catalog gives as memory_models. */
const char *sim_memory_model_at(int i);

typedef enum sim_actor_state {
    SIM_STATE_READY,   /* may step now */
    SIM_STATE_BLOCKED, /* waits: for a lock, a wake, a time, or its turn (sim_block_reason) */
    SIM_STATE_DORMANT, /* a handler not raised, a task not spawned: neither stuck nor done */
    SIM_STATE_FINISHED,
} sim_actor_state;

sim_actor_state sim_actor_state_of(const sim_machine *m, int actor);
const char *sim_actor_state_name(sim_actor_state s);
sim_actor_kind sim_actor_kind_of(const sim_machine *m, int actor);

/* Raise (arm) handler or task `actor`: a dormant one becomes ready, one that
 * is running runs again after it returns.  From setup or the host. */
int sim_raise(sim_machine *m, int actor);
/* How many irq choices the environment may take for this handler (default:
 * 1 for an ISR, 0 for others).  Call from setup. */
void sim_set_raises(sim_machine *m, int actor, int n);
/* Start an actor dormant (a task not yet spawned).  Call from setup. */
void sim_set_dormant(sim_machine *m, int actor);

int sim_priority(const sim_machine *m, int actor); /* effective */
int sim_base_priority(const sim_machine *m, int actor);
/* Set the effective priority now (setup or host); engines do it with
 * plat_task_set_priority, which is a step. */
void sim_set_priority(sim_machine *m, int actor, int priority);

/* Virtual time each action of `kind` takes, in microseconds (default 0, so
 * time only moves when everybody waits).  Call from setup or before stepping. */
void sim_set_cost(sim_machine *m, sim_act_kind kind, int64_t us);
int64_t sim_cost(const sim_machine *m, sim_act_kind kind);
/* rtos model: when a task made ready by another actor's wake (a post, a give)
 * is more urgent than the task on the processor, does it switch in as soon as
 * the waker's critical section ends or its handler returns (true: FreeRTOS's
 * yield), or at the next scheduling point, a tick or the running task
 * blocking (false, the default: a wake never switches by itself)?  Call from
 * setup. */
void sim_set_wake_preempts(sim_machine *m, bool at_once);
/* Steps `actor` until its current program operation is over, it blocks, or the
 * run ends.  Returns the number of steps taken, or -1. */
int sim_step_over(sim_machine *m, int actor);

uint64_t sim_steps(const sim_machine *m);
int64_t sim_now(const sim_machine *m);
/* How late the time driver delivers a deadline, and how much earlier a tick
 * may (plat_timer_late): set by a world's setup, 0 after every reset. */
void sim_set_timer_late(sim_machine *m, int64_t late_us, int64_t jitter_us);
int64_t sim_timer_late(const sim_machine *m, int64_t *jitter_us);
sim_outcome sim_outcome_of(const sim_machine *m);
const char *sim_error(const sim_machine *m);
/* How the run ended: the check that failed ("overlap", "assertion", "misuse",
 * "error") and its message; "" while running, done or stuck. */
const char *sim_end_kind(const sim_machine *m);
const char *sim_end_message(const sim_machine *m);
/* Tracing on or off (the explorer runs with it off, then replays with it on). */
void sim_set_trace(sim_machine *m, bool on);
const char *sim_variant(const sim_machine *m);

/* Go back (or forward along the recorded history) to just after step n. */
int sim_goto(sim_machine *m, uint64_t n);

/* ---- the step history ------------------------------------------------------------ */

typedef struct sim_step_record {
    int16_t actor;  /* -1 for a tick */
    uint8_t kind;   /* sim_act_kind performed (steps) */
    uint8_t choice; /* more than one choice was possible */
    int16_t region; /* the object touched, -1 none */
    uint8_t what;   /* sim_choice_kind taken */
    int32_t arg;    /* read_from: the store the load read; otherwise 0 */
} sim_step_record;

/* The timeline: steps 1..len (index 0 is step 1).  It may run past the current
 * step after going back. */
size_t sim_history_len(const sim_machine *m);
const sim_step_record *sim_history(const sim_machine *m);
/* The last step `actor` took, at or before the current step; 0 if none.  For
 * a blocked actor it is the step after which it went to sleep, which stories
 * quote ("parked ... since step 31"): never a later step of somebody else. */
uint64_t sim_last_step_of(const sim_machine *m, int actor);
/* Random values drawn before the current step, in order (value, at step). */
size_t sim_random_count(const sim_machine *m);
void sim_random_at(const sim_machine *m, size_t i, uint32_t *value, uint64_t *step);
/* Where random values come from while a schedule replays. */
void sim_set_random_source(sim_machine *m,
                           uint32_t (*source)(sim_machine *m, uint32_t bound, bool *ok, void *ctx),
                           void *ctx);

/* ---- for the running actor (called by plat_sim.c and the interpreter) --------- */

/* The machine whose actor is running now, or NULL. */
sim_machine *sim_running(void);
int sim_current_actor(const sim_machine *m);
/* Whether a drop(task) choice cancelled the future `actor` awaits; reading
 * it clears it (plat_task_await). */
bool sim_task_take_drop(sim_machine *m, int actor);
/* Announce an action, wait to be picked, perform it.  Returns the old value of
 * an atomic cell; for PARK, 1 if woken and 0 if the deadline passed. */
uint64_t sim_do(sim_machine *m, const sim_action *act);
/* A copy of `text` that lives as long as the trace (a print whose text is
 * made at run time); "" while tracing is off. */
const char *sim_keep_text(sim_machine *m, const char *text);
/* A note from the engine attached to the current step. */
void sim_note(sim_machine *m, plat_site at, int64_t value);
/* The interpreter's verdict on the assertion step just taken (its trace event
 * says whether it held). */
void sim_assert_result(sim_machine *m, bool held);
/* A check failed: the run ends with a violation. */
void sim_violation(sim_machine *m, const char *kind, const char *message, plat_site at);
/* The same, with what the engine's reference implementation says about it
 * (plat_misuse_thrown): the violation and its trace event get a field named
 * `reference` ("java") holding `thrown` word for word. */
void sim_violation_thrown(sim_machine *m, const char *kind, const char *message, plat_site at,
                          const char *reference, const char *thrown);
/* The interpreter says which operation of its program the actor is in, and
 * which round of the innermost `repeat` around it (0 when none).  Every call
 * starts a new operation, even when op repeats, so "step over" stops at the
 * end of one round of a loop. */
void sim_set_op(sim_machine *m, uint32_t op, uint32_t round);
uint32_t sim_actor_op(const sim_machine *m, int actor);
/* The running actor declares (plat_sleep_state) that while it waits at its
 * next park, all it will do after waking depends on its operation and the
 * `size` bytes at node alone; the park ends the declaration. */
void sim_sleep_state(sim_machine *m, const void *node, size_t size);
/* The running actor declares (plat_parker_done) that it prepares its parker
 * p before it sleeps on it again; sleeping on it first is a misuse. */
void sim_parker_done(sim_machine *m, const plat_parker *p);
/* The running actor declares (plat_loop_state) that from here to the end of
 * its operation, all it will do depends on its operation, the place `at` and
 * the n values alone: its story starts again from them (visited.c). */
void sim_loop_state(sim_machine *m, plat_site at, const uint64_t *values, size_t n);
/* The running actor read a value from the machine without a step (the clock,
 * a random value): it becomes part of its story (visited.c). */
void sim_story_saw(sim_machine *m, uint64_t value);
/* The stateful search asks actors to keep their stories (visited.c). */
void sim_keep_stories(sim_machine *m, bool on);
/* A deterministic random number in [0, bound), recorded in the schedule. */
uint32_t sim_random(sim_machine *m, uint32_t bound);
/* The virtual address of a real address inside a registered region (else 0). */
uint64_t sim_vaddr(const sim_machine *m, const void *p);
/* The region holding p and the element index inside it, or -1. */
int sim_region_of(const sim_machine *m, const void *p, int *elem);
/* A cell's value as its field's type reads it: sign-extended from `width`
 * bytes when the cell at p was declared signed, else unchanged. */
int64_t sim_cell_value(const sim_machine *m, const void *p, unsigned width, uint64_t raw);
const char *sim_region_name(const sim_machine *m, int region);
/* The name of the object holding p: "m", or "lot[3]" for an array element;
 * "-" if p is in no region. */
void sim_object_name(const sim_machine *m, const void *p, char *buf, size_t size);
plat_parker *sim_parker_of(sim_machine *m, int actor);
/* This machine's instance of an engine's process-wide state: made, zeroed,
 * registered as a region and initialised on first use after each reset. */
void *sim_global(sim_machine *m, plat_global *g);
/* The same, for views: NULL if no actor or setup has made it since the reset. */
void *sim_global_peek(const sim_machine *m, const plat_global *g);
/* The k-th engine global this machine has made (in the order of their first
 * use, over all its runs), or NULL if there is none or it has not been made
 * since the reset: for tests that hold the address map without naming an
 * engine's global. */
void *sim_global_nth(const sim_machine *m, int k);

/* ---- reading the trace back (for engines' explanations) ----------------------- */

typedef struct sim_event_view {
    uint64_t step;
    int actor;         /* -1: the machine */
    const char *kind;  /* "load", "cas", "note", ... */
    const char *label; /* the engine's label, or "" */
    int region;        /* the object touched, -1 none */
    int64_t old_value, new_value;
} sim_event_view;

/* The latest traced event at or before `before_step` by `actor` (-1: anyone)
 * whose label is `label` (NULL: any) and kind `kind` (NULL: any), optionally
 * excluding one actor.  False if there is none or the trace is off. */
bool sim_trace_find_last(const sim_machine *m, int actor, int not_actor, const char *kind,
                         const char *label, uint64_t before_step, sim_event_view *out);

/* ---- outputs ------------------------------------------------------------------------ */

/* The state snapshot: actors, their next actions, objects, outcome. */
void sim_state_json(sim_machine *m, jbuf *out);
/* Trace events of steps > after_step, as JSON Lines. */
void sim_trace_jsonl(const sim_machine *m, uint64_t after_step, jbuf *out);
/* The stuck report: one JSON object per blocked actor. */
void sim_stuck_json(sim_machine *m, jbuf *out);
/* The violation as JSON, or null: {"kind", "message", "java"?, "step",
 * "actor"?, "location"?}; "java" (named by the engine's reference) when the
 * engine said what the reference implementation throws. */
void sim_violation_json(const sim_machine *m, jbuf *out);
/* Lines printed by the scenario, as a JSON array. */
void sim_prints_json(const sim_machine *m, jbuf *out);
/* Why an actor cannot move, as a reason code and its arguments (code NULL if
 * it can); see blocked.h. */
void sim_blocked_of(sim_machine *m, int actor, sim_blocked *out);
/* The same reason as JSON: {"why": code, args...}. */
void sim_blocked_json(const sim_blocked *r, jbuf *out);
/* Why an actor cannot move, in the command line's English ("" if it can). */
void sim_block_reason(sim_machine *m, int actor, char *buf, size_t size);
/* A short location "engines/<engine>/<file>.c:88" for a site. */
const char *sim_site_file(const char *file);

#endif
