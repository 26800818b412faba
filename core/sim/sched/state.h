/*
 * sched/state.h: the scheduling models' state inside the machine.
 *
 * Invariant: everything a scheduling model remembers between steps lives
 * here, in the machine, each model's part its own (rtos.c reads only `rtos`,
 * executor.c only `executor`); reset zeroes all of it (then gives the
 * defaults), so going back replays a model as exactly as it replays the
 * actors.  What every model shares is the count of ordering events and the
 * actor the model runs now (the interrupt rules of irq.c read it).  threads
 * remembers nothing.
 */
#ifndef LOCKSTEP_SCHED_STATE_H
#define LOCKSTEP_SCHED_STATE_H

#include "../machine.h"

#include <stdbool.h>
#include <stdint.h>

/* rtos: the tick, and which tasks may run. */
typedef struct sim_rtos_state {
    int64_t tick_us;    /* the tick period; 0 = no tick */
    int64_t next_tick;  /* when the next tick falls due */
    uint32_t ready;     /* tasks the enabled rule allowed after the last choice */
    bool tick_chosen;   /* ticks are choices (every action costs nothing) */
    bool ran;           /* the task on the processor stepped since the last tick */
    bool wake_preempts; /* a woken task switches in at once (sim_set_wake_preempts) */
    uint32_t deferred;  /* tasks a wake made ready that wait for the next scheduling point */
} sim_rtos_state;

/* executor: the poll under way, its batch and the run queue. */
typedef struct sim_executor_state {
    bool fresh;                    /* the polled task has not stepped yet in this poll */
    int16_t batch[SIM_MAX_ACTORS]; /* tasks left in this batch, the next last */
    int n_batch;
    int16_t queue[SIM_MAX_ACTORS]; /* enqueued since the batch was taken */
    int n_queue;
    uint32_t queued;  /* tasks in the queue or in the batch */
    uint32_t dropped; /* tasks whose awaited future a drop choice cancelled */
} sim_executor_state;

typedef struct sim_sched_state {
    uint64_t seq; /* counts events that order actors (round-robin, arming) */
    int current;  /* rtos: the task on the CPU; executor: the task being polled; -1: none */
    sim_rtos_state rtos;
    sim_executor_state executor;
} sim_sched_state;

#endif
