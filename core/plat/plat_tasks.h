/*
 * plat_tasks.h: what an engine under the rtos or the executor scheduling
 * model may ask beyond plat.h: tasks, interrupts and their masking, blocking
 * and waking, the time driver's lateness, cancellable await points and
 * wakers.  An engine of the threads model includes plat.h alone; one of the
 * rtos or executor model includes this header (which includes plat.h).
 *
 * The contract, call by call:
 *
 *   plat_irq_save, plat_irq_restore
 *       Mask interrupts and put back what save found; they nest, and save
 *       says whether they were masked already.  Restoring "not masked"
 *       unmasks, however deep the nesting (as writing back an interrupt-
 *       enable bit does): that is how an exit that forgets the saved state
 *       opens an outer critical section.  A raised handler waits while the context it would
 *       interrupt has them masked (rtos and executor models).
 *   plat_irq_raise
 *       Raise an interrupt handler (by actor index): it runs at the next
 *       scheduling point it may; raised while running, it runs again after.
 *   plat_task_self, plat_task_priority, plat_task_base_priority,
 *   plat_task_set_priority
 *       The calling task, and priorities: the machine keeps a base and an
 *       effective one per task; setting the effective one (inheritance) is a
 *       step.
 *   plat_in_interrupt
 *       Whether the caller is an interrupt handler (which may not block).
 *   plat_task_block, plat_task_wake
 *       Block the calling task until woken or a deadline (-1: none), and wake
 *       a task by id; a wake before the block is not lost, and block uses it
 *       up.  Under the executor model a block is "return Pending".
 *   plat_timer_late
 *       How late the time driver (the alarm that wakes a task blocked with a
 *       deadline) is: in the simulator it delivers a deadline `late_us` after
 *       it passes (0 after a reset: as it passes), and a `tick` choice may
 *       deliver it up to `jitter_us` earlier, never before the deadline: the
 *       explorer tries every moment of that window.  Natively nothing: a
 *       real host's alarm is as late as it is.
 *   plat_task_await
 *       plat_task_block at an await point whose future may be cancelled:
 *       under the executor model, while the task waits there and another
 *       task is being polled, dropping its future is a choice (drop(task)).
 *       Returns true if the future was dropped (the caller runs its drop
 *       logic and gives up the await), false when woken or at the deadline.
 *       Natively nothing drops a future: always false.
 *   plat_waker_register, _wake, _drop
 *       A one-task waker slot for async code: register the calling task, wake
 *       whoever is registered (and empty the slot), or empty it.
 *
 * Every call takes a plat_site made by AT("label"), as in plat.h.
 */
#ifndef LOCKSTEP_PLAT_TASKS_H
#define LOCKSTEP_PLAT_TASKS_H

#include "plat.h"

#ifdef PLAT_NATIVE
#include "native/plat_native_tasks.h"
#else
#include "sim/plat_sim_tasks.h"
#endif

#endif
