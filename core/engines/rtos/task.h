/*
 * task.h: the tasks of the small RTOS, and how one leaves the processor.
 *
 * Invariant: a task is in exactly one of three states.  READY (running or
 * waiting for the processor), BLOCKED (on a semaphore or a mutex, until a
 * post, a give or its timeout) or DELAYED (until a tick count).  Only a
 * BLOCKED task can be woken by rtos_task_wakeup: waking a task that is still
 * running does nothing, which is why a waiter must block inside the same
 * critical section that recorded it (see sem.c).
 *
 * Ids and priorities.  A task's id is its bit in a wait mask (0..15), and a
 * smaller priority number is a more urgent task.  Whoever creates the tasks
 * gives ids in order of priority, so that the lowest set bit of a wait mask
 * is the most urgent waiter.  (The reference kernel states only that a
 * smaller id is a more urgent task; giving ids by rank keeps that order and
 * lets two tasks share a priority, which ids equal to priorities could not.)
 *
 * Underneath, a task runs on a platform task (plat.h: plat_task_*), whose
 * priorities count the other way (a larger number runs first); rtos_prio_*
 * below is the one place that converts.
 */
#ifndef LOCKSTEP_RTOS_TASK_H
#define LOCKSTEP_RTOS_TASK_H

#include "../../plat/plat_tasks.h"
#include "critical.h"

#define RTOS_MAX_TASKS 16
#define RTOS_TICK_US 1000 /* one tick is 1 ms */

enum rtos_task_state { RTOS_READY = 0, RTOS_BLOCKED = 1, RTOS_DELAYED = 2 };

/* What a blocking call returns. */
enum rtos_result { RTOS_OK = 0, RTOS_TIMEOUT = 1, RTOS_ERROR = -1 };

/* The variants this kernel knows, read once when the kernel starts. */
typedef struct rtos_flags {
    bool naive_enable;           /* exit_critical always re-enables interrupts */
    bool block_outside_critical; /* pend re-enables interrupts before it blocks */
    bool timeout_keeps_debt;     /* a timed-out pend leaves its decrement behind */
    bool pend_decrements;        /* the blocking pend counts itself in `count` */
    bool post_increments;        /* a post that wakes a waiter also adds a unit */
    bool init_one;               /* a semaphore made with 0 starts at 1 */
    bool no_inheritance;         /* every mutex behaves as a plain binary semaphore */
} rtos_flags;

/* One task control block. */
typedef struct rtos_tcb {
    plat_a8 state;          /* enum rtos_task_state */
    plat_a8 used;           /* created */
    plat_a32 wake_tick;     /* DELAYED: the tick it wakes at */
    plat_a8 mutexes_held;   /* how many mutexes it holds (priority inheritance) */
    const void *waits_on;   /* BLOCKED: the semaphore or mutex */
    uint8_t waits_on_mutex; /* ...and whether it is a mutex */
    int16_t plat;           /* its platform task */
    int8_t priority;        /* its base priority: smaller is more urgent */
} rtos_tcb;

#define RTOS_MAX_MUTEXES 8

typedef struct rtos_kernel {
    rtos_tcb task[RTOS_MAX_TASKS];
    struct rtos_mutex *mutexes[RTOS_MAX_MUTEXES]; /* every mutex made (inheritance reads them) */
    uint8_t n_mutexes;
    int8_t id_of[64]; /* platform task -> id + 1 (0: not a task of this kernel) */
    rtos_flags flags;
} rtos_kernel;

/* The kernel (made on first use; the variant is read then). */
rtos_kernel *rtos_kernel_get(void);
/* Its description, for whoever shows the kernel (the simulator's views). */
extern plat_global rtos_kernel_global;

/* Create task `id` (0..15) running on platform task `plat` with base priority
 * `priority` (0..63).  Before the task runs. */
void rtos_task_create(int id, int plat, int priority);

/* The calling task's id, or -1 when the caller is an interrupt handler or no
 * task of this kernel. */
int rtos_task_current(void);

/* Effective and base priority of task id (smaller is more urgent). */
int rtos_prio_effective(int id);
int rtos_prio_base(int id);
/* Give task id the effective priority `priority` (a step). */
void rtos_prio_set(int id, int priority);

/* Inside a critical section: the calling task leaves the ready list (BLOCKED
 * on `on`) and the processor, until rtos_task_wakeup or `timeout` ticks
 * (0: forever).  Returns true if it was woken, false on the timeout; either
 * way it is READY again and still inside its critical section, whose `key`
 * the caller passes: all it keeps while it waits (with its operation). */
bool rtos_task_block(const void *on, bool is_mutex, uint32_t timeout, rtos_key key);

/* Make a BLOCKED task READY.  It does not switch: the woken task runs at the
 * next scheduling point, a tick or the running task blocking (or, in a kernel
 * set up as FreeRTOS, once the caller's critical section is over: the
 * machine's wake_preempts).  A task that is not BLOCKED is left alone. */
void rtos_task_wakeup(int id);

/* delay_ms: the calling task is DELAYED for `ms` ticks. */
void rtos_delay(uint32_t ms);

#endif
