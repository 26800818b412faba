/*
 * task.h: futures, and the executor's loop that polls one until it is Ready.
 *
 * Invariant: a future's state lives in the future itself; between two polls
 * nothing of it is on any stack.  A poll either finishes (Ready) or leaves
 * behind a way to be woken (a waker registered somewhere, or a timer) and
 * returns Pending.  Whoever stops awaiting a pending future drops it, which
 * runs its drop function: that is the only place cancellation happens.
 *
 * A scenario task is a sequence of awaits.  embassy_await is the part of the
 * executor that polls the task's current future: it counts the poll, charges
 * its cost in virtual time, calls poll, and on Pending returns control to the
 * executor (plat_task_block: under the executor model that is the end of the
 * poll; the task is polled again once something wakes it).
 */
#ifndef LOCKSTEP_EMBASSY_TASK_H
#define LOCKSTEP_EMBASSY_TASK_H

#include "../../plat/plat_tasks.h"

typedef enum embassy_poll { EMBASSY_PENDING, EMBASSY_READY } embassy_poll;

typedef struct embassy_future embassy_future;
struct embassy_future {
    /* Make progress; Ready, or Pending after arranging to be woken. */
    embassy_poll (*poll)(embassy_future *f);
    /* Cancel a future that will never be polled again (NULL: nothing to do). */
    void (*drop)(embassy_future *f);
};

#define EMBASSY_MAX_TASKS 32

/* A task's row in the task table (what an async console shows). */
typedef enum embassy_task_state {
    EMBASSY_IDLE,    /* waits for a wake or a timer */
    EMBASSY_RUNNING, /* being polled */
    EMBASSY_DONE,    /* its last await finished */
} embassy_task_state;

typedef struct embassy_task {
    uint8_t state;           /* embassy_task_state */
    uint32_t polls;          /* every poll of every future it awaited */
    uint32_t wakes;          /* wakes aimed at it */
    uint32_t self_wakes;     /* of which it sent itself while being polled */
    uint32_t await_polls;    /* polls of the future it awaits (or awaited last) */
    int64_t timer_at;        /* the earliest timer its current poll armed, or -1 */
    const char *await_point; /* what its last Pending waits for */
    uint64_t busy_ns;        /* virtual time spent being polled (poll_ns a poll) */
    int64_t idle_ns;         /* virtual time between a Pending and the next poll */
    int64_t pending_since;   /* when (ns) its last poll returned Pending, or -1 */
} embassy_task;

/* The executor's process-wide state: the task table and the poll cost.
 * Busy time is counted in the polls' own nanoseconds; idle time is the time
 * in nanoseconds (the clock plus the poll time not charged to it yet)
 * between a Pending and the next poll. */
typedef struct embassy_executor {
    embassy_task tasks[EMBASSY_MAX_TASKS];
    uint32_t poll_ns; /* virtual time one poll takes (default 50 ns) */
    uint32_t busy_ns; /* poll time not yet charged to the clock (< 1 us) */
} embassy_executor;

/* Its process-wide instance (one per simulated machine). */
extern plat_global embassy_executor_global;

embassy_executor *embassy_executor_get(void);
/* The time in nanoseconds for the task table's busy and idle figures: the
 * clock plus the poll time not yet charged to it (reading it is not a step).
 * In the simulator it is exact; natively it is the coarse clock, since a fine
 * reading on every poll would cost more than the poll. */
int64_t embassy_now_ns(void);
/* Sets the virtual cost of one poll, in nanoseconds. */
void embassy_executor_set_poll_cost(uint32_t ns);

/* Polls f until Ready; returns how many polls it took. */
uint32_t embassy_await(embassy_future *f);

/* The same at an await point where the learner or the explorer may drop the
 * future while it is pending (a drop(task) choice): then its drop function
 * runs, *dropped is set and the await gives up. */
uint32_t embassy_await_cancellable(embassy_future *f, bool *dropped);

/* Wakes a task: it is queued to be polled again (once, however often it is
 * woken before that poll). */
void embassy_wake(int task, plat_site at);

/* The current poll wants to be polled again once `deadline_us` has passed
 * (a timer): the time driver wakes it then, or as late as it is
 * (plat_timer_late). */
void embassy_arm_timer(int64_t deadline_us);

/* What the current poll waits for, shown in the task table. */
void embassy_set_await_point(const char *what);

#endif
