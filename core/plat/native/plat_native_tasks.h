/*
 * The native backend of plat_tasks.h: tasks, interrupts, blocking and
 * wakers on real threads (defined in plat_native.c, and by the rtos port,
 * rtos_port.c, under -DPLAT_NATIVE_RTOS).  Included by plat_tasks.h after
 * plat.h, so the atomics of plat_native.h are there.
 */
#ifndef LOCKSTEP_PLAT_NATIVE_TASKS_H
#define LOCKSTEP_PLAT_NATIVE_TASKS_H

/* ---- tasks, interrupts, wakers (defined in plat_native.c) ------------------------
 *
 * Natively a task is a thread that called plat_native_task_enter(id, priority)
 * (ids 0..PLAT_NATIVE_MAX_TASKS-1).  Blocking and waking go through each
 * task's parker, so a wake before the block is not lost.  "Interrupts" are
 * whatever the program delivers through plat_native_irq_hook: masking is a
 * per-thread nesting count. */

#define PLAT_NATIVE_MAX_TASKS 32

typedef struct plat_irq_state {
    uint8_t was_masked;
} plat_irq_state;
typedef struct plat_waker {
    plat_a16 slot;
} plat_waker;

void plat_native_task_enter(int id, int priority);

#ifdef PLAT_NATIVE_RTOS
/* The rtos port: run these tasks one at a time, highest priority first, equal
 * priorities taking turns at each tick of tick_us, until every one returns. */
typedef struct plat_native_rtos_task {
    void (*entry)(void *arg);
    void *arg;
    int priority;
} plat_native_rtos_task;
void plat_native_rtos_run(const plat_native_rtos_task *tasks, int n, int64_t tick_us);
/* An async executor (executor_port.c): every task a fiber on the calling
 * thread, polled one at a time, the run queue taken in batches polled
 * last-in first-out, real time for timeouts; returns when every task has
 * returned (or, reported on stderr, when the rest can never be woken). */
void plat_native_executor_run(const plat_native_rtos_task *tasks, int n);
#endif
/* Called by plat_irq_raise: the program's way to run a handler natively. */
extern void (*plat_native_irq_hook)(int handler);

#ifdef PLAT_NATIVE_RTOS
/* On the port only the running task's thread runs, so masking is a plain
 * count of that thread's own: a critical section costs two increments and a
 * relaxed load, the way FreeRTOS's port only touches a mask register.
 * Restoring "not masked" unmasks whatever the depth (plat.h); a tick that came
 * while masked preempts at the restore that unmasks. */
extern _Thread_local unsigned plat_native_irq_depth;
static inline plat_irq_state plat_irq_save(plat_site at)
{
    (void)at;
    return (plat_irq_state){(uint8_t)(plat_native_irq_depth++ > 0)};
}
static inline void plat_irq_restore(plat_irq_state s, plat_site at)
{
    (void)at;
    if (!s.was_masked)
        plat_native_irq_depth = 0;
    else if (plat_native_irq_depth > 1)
        plat_native_irq_depth--;
    if (plat_native_irq_depth == 0)
        plat_native_point();
}
#else
plat_irq_state plat_irq_save(plat_site at);
void plat_irq_restore(plat_irq_state s, plat_site at);
#endif
void plat_irq_raise(int handler, plat_site at);
int plat_task_self(void);
/* Natively "in an interrupt" is whatever the delivering thread says. */
bool plat_in_interrupt(void);
void plat_native_set_in_interrupt(bool in);
int plat_task_priority(int task);
int plat_task_base_priority(int task);
void plat_task_set_priority(int task, int priority, plat_site at);
bool plat_task_block(int64_t deadline_us, plat_site at);
/* Natively the host's own alarm is as late as it is (see plat.h). */
static inline void plat_timer_late(int64_t late_us, int64_t jitter_us)
{
    (void)late_us, (void)jitter_us;
}
/* Natively nothing drops a pending future (see plat.h). */
static inline bool plat_task_await(int64_t deadline_us, plat_site at)
{
    plat_task_block(deadline_us, at);
    return false;
}
void plat_task_wake(int task, plat_site at);

static inline void plat_waker_register(plat_waker *w, plat_site at)
{
    plat_store16(&w->slot, (uint16_t)(plat_task_self() + 1), PLAT_RELEASE, at);
}
static inline void plat_waker_wake(plat_waker *w, plat_site at)
{
    uint16_t task = plat_swap16(&w->slot, 0, PLAT_ACQ_REL, at);
    if (task)
        plat_task_wake(task - 1, at);
}
static inline void plat_waker_drop(plat_waker *w, plat_site at)
{
    plat_store16(&w->slot, 0, PLAT_RELEASE, at);
}

#endif
