/*
 * choice.h: what can happen next, as a typed value.
 *
 * Invariant: every change of a running machine's state is the taking of one
 * choice (or follows from one without a decision: an actor running on to its
 * next scheduling point, a tick that falls due while time passes).  So a
 * list of taken choices replays a run exactly, and it is the unit of display,
 * of going back and of search.
 *
 *   step(A)          actor A performs its announced action and runs on to the
 *                    next one
 *   irq(H)           the environment raises interrupt handler H (a dormant
 *                    actor becomes ready)
 *   tick             the periodic timer fires: time passes to the next tick
 *                    (rtos); the time driver delivers the wakes of the
 *                    timers that fell due now rather than at the end of
 *                    the batch (executor)
 *   drop(T)          task T's pending future is cancelled at its await point
 *                    (the executor model, for awaits that allow it)
 *   read_from(A, S)  under ra, actor A performs its load reading store S of
 *                    the cell (its index in the cell's modification order,
 *                    0 the initial value) rather than the newest (mem/ra.c)
 *   flush(A)         under tso, the oldest store in actor A's store buffer
 *                    reaches memory (mem/tso.c)
 *   place(A, P)      under ra, actor A performs its store taking place P of
 *                    its cell's modification order (before the store that
 *                    held P) rather than the end (mem/ra.c)
 *
 * A scheduling model (sched/model.h) says which choices exist in a state; the
 * memory model (mem/model.h) adds its own (flush, read_from, place).
 */
#ifndef LOCKSTEP_CHOICE_H
#define LOCKSTEP_CHOICE_H

#include <stdbool.h>
#include <stdint.h>

typedef enum sim_choice_kind {
    SIM_CHOICE_STEP,
    SIM_CHOICE_IRQ,
    SIM_CHOICE_TICK,
    SIM_CHOICE_DROP,
    SIM_CHOICE_READ_FROM,
    SIM_CHOICE_FLUSH,
    SIM_CHOICE_PLACE,
    SIM_CHOICE_KINDS
} sim_choice_kind;

typedef struct sim_choice {
    uint8_t kind;  /* sim_choice_kind */
    int16_t actor; /* step, irq, drop: the actor; tick: -1 */
    int32_t arg;   /* read_from: the store (its index in modification order); place: the
                    * index the store takes; otherwise 0 */
} sim_choice;

static inline sim_choice sim_step_choice(int actor)
{
    return (sim_choice){SIM_CHOICE_STEP, (int16_t)actor, 0};
}
static inline sim_choice sim_irq_choice(int handler)
{
    return (sim_choice){SIM_CHOICE_IRQ, (int16_t)handler, 0};
}
static inline sim_choice sim_tick_choice(void) { return (sim_choice){SIM_CHOICE_TICK, -1, 0}; }

static inline sim_choice sim_flush_choice(int actor)
{
    return (sim_choice){SIM_CHOICE_FLUSH, (int16_t)actor, 0};
}

/* Whether the memory model, not the scheduling model, offers and takes a
 * choice of this kind. */
static inline bool sim_choice_is_memory(unsigned kind)
{
    return kind == SIM_CHOICE_FLUSH || kind == SIM_CHOICE_READ_FROM || kind == SIM_CHOICE_PLACE;
}

/* Whether a choice is its actor's step with an outcome the memory model
 * chose (read_from: which store a load reads; place: where a store goes):
 * everything that treats a step treats it as one. */
static inline bool sim_choice_is_step_outcome(unsigned kind)
{
    return kind == SIM_CHOICE_READ_FROM || kind == SIM_CHOICE_PLACE;
}

static inline bool sim_choice_eq(sim_choice a, sim_choice b)
{
    return a.kind == b.kind && a.actor == b.actor && a.arg == b.arg;
}

/* A kind of choice as everything outside the machine sees it (choice.c). */
typedef struct sim_choice_kind_info {
    const char *name; /* in JSON, the API and messages: "irq" */
    const char *text; /* what taking it means, in English */
    /* The readable schedule: a kind with no actor is one word ("tick"); one
     * with an actor is its name after a sigil ('!' irq, '~' drop; 0: the
     * name alone, a step). */
    const char *word;
    char sigil;
    /* The compact schedule: an entry's tag (its low two bits; -1: no
     * schedule holds it yet) and, for tag 3, which kind follows in tag >> 2
     * (then the actor as a varint, if it has one). */
    int8_t tag;
    int8_t other;
    bool has_actor; /* it names an actor (step, irq, drop, read_from, flush) */
    /* The first schedule version that may hold it: 1 steps, 2 the
     * scheduling models' choices, 3 the memory models' (schedule.h). */
    uint8_t version;
    /* It carries a number after the actor: readable ":N", compact a varint
     * after the actor's (read_from: the store; place: the place). */
    bool has_arg;
} sim_choice_kind_info;

/* The row of a kind, or NULL. */
const sim_choice_kind_info *sim_choice_kind_of(unsigned kind);
/* "step", "irq", "tick", "drop", "read_from", "flush", "place" (or "?"). */
const char *sim_choice_kind_name(unsigned kind);
/* The kind with this name, or -1. */
int sim_choice_kind_from_name(const char *name);
/* Whether an actor's name is a kind's word in readable schedules ("tick"):
 * a step of it is then written "=tick". */
bool sim_choice_word_taken(const char *name);

#endif
