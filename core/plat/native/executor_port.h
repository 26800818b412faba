/*
 * executor_port.h: the native async executor's half of the rtos port, used by
 * rtos_port.c (which owns plat_task_*): every task a fiber on the one thread
 * that called plat_native_executor_run.
 */
#ifndef LOCKSTEP_EXECUTOR_PORT_H
#define LOCKSTEP_EXECUTOR_PORT_H

#include <stdbool.h>
#include <stdint.h>

/* True while plat_native_executor_run is polling tasks.  Only its thread
 * may call plat_task_* meanwhile: nothing else can wake its tasks. */
bool plat_native_exec_active(void);
/* The task being polled, or -1 (the executor loop itself). */
int plat_native_exec_self(void);
/* Pending: end the poll; back when a wake or the deadline (real time,
 * deadline_us < 0: none) has queued the task and its batch reaches it.
 * True if a wake (not the deadline) queued it. */
bool plat_native_exec_block(int64_t deadline_us);
/* Queue `task` for a later batch (at most once); it will see the wake. */
void plat_native_exec_wake(int task);

#endif
