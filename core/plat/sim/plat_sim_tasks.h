/*
 * The sim backend of plat_tasks.h: every call is a scheduling point of the
 * machine under its rtos or executor model (core/sim/sched/); defined in
 * plat_sim.c.  Included by plat_tasks.h after plat.h.
 */
#ifndef LOCKSTEP_PLAT_SIM_TASKS_H
#define LOCKSTEP_PLAT_SIM_TASKS_H

/* What plat_irq_save returns: whether interrupts were masked already. */
typedef struct plat_irq_state {
    uint8_t was_masked;
} plat_irq_state;
/* A waker slot: 1 + the task to wake, 0 when empty. */
typedef struct plat_waker {
    plat_a16 slot;
} plat_waker;

plat_irq_state plat_irq_save(plat_site at);
void plat_irq_restore(plat_irq_state s, plat_site at);
void plat_irq_raise(int handler, plat_site at);
int plat_task_self(void);
bool plat_in_interrupt(void);
int plat_task_priority(int task);
int plat_task_base_priority(int task);
void plat_task_set_priority(int task, int priority, plat_site at);
bool plat_task_block(int64_t deadline_us, plat_site at);
void plat_timer_late(int64_t late_us, int64_t jitter_us);
bool plat_task_await(int64_t deadline_us, plat_site at);
void plat_task_wake(int task, plat_site at);
void plat_waker_register(plat_waker *w, plat_site at);
void plat_waker_wake(plat_waker *w, plat_site at);
void plat_waker_drop(plat_waker *w, plat_site at);

#endif
