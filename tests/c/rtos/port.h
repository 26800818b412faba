/*
 * port.h: the rtos engine on pthreads, one task at a time, the way FreeRTOS's
 * POSIX port (GCC/Posix) runs FreeRTOS on a host.
 *
 * Invariant: at most one task thread runs engine or task code at any moment
 * (the one `running` names); every other task thread waits for its turn.  A
 * timer thread is the tick: every tick it wakes delayed tasks whose time has
 * come and, when another ready task is at least as urgent as the running one,
 * interrupts the running thread (a signal, as the POSIX port does); the
 * interrupted task gives the processor away unless it masks interrupts (then
 * it does so when it unmasks).  Blocking gives the processor away at once; a
 * wake does not switch, except that a woken task more urgent than the running
 * one takes over when the running task's critical section ends.
 */
#ifndef LOCKSTEP_RTOS_PORT_H
#define LOCKSTEP_RTOS_PORT_H

#include <stdbool.h>
#include <stdint.h>

#define PORT_MAX_TASKS 16

typedef struct port_task {
    void (*fn)(void *arg);
    void *arg;
    int priority; /* the RTOS's: smaller is more urgent */
} port_task;

/* Runs tasks[0..n-1] (task i gets id i: list them by priority) until all have
 * returned, with a tick every tick_us.  A watchdog ends the process (exit
 * status 3, with a message) if they are not done in watchdog_s seconds. */
void port_run(const port_task *tasks, int n, int64_t tick_us, int watchdog_s);

/* Burns `us` microseconds of this thread's processor time (time it spends
 * waiting for its turn does not count). */
void port_busy(int64_t us);

#endif
