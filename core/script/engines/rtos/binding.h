/*
 * binding.h: what the scenario bindings of engine rtos share (one file per
 * object type in this folder, task.c for the tasks every type works with,
 * and engine.c that lists them).
 *
 * Invariant: the bindings are the scenario layer's side of the engine.  They
 * include the engine's headers and core/script; the engine's own files never
 * include them, so the primitives stay against plat.h alone.
 */
#ifndef LOCKSTEP_RTOS_BINDING_H
#define LOCKSTEP_RTOS_BINDING_H

#include "../../../engines/rtos/critical.h"
#include "../../../engines/rtos/mutex.h"
#include "../../../engines/rtos/sem.h"
#include "../../../engines/rtos/task.h"
#include "../../catalog.h"
#include "../../holders.h"

/* task.c */
sim_machine *rtos_m(void);
/* The RTOS priority of actor i (the machine's is negated). */
int rtos_actor_priority(sim_machine *m, int i);
/* Task ids by rank: (priority, order in the scenario).  -1 for handlers. */
int rtos_rank_of(sim_machine *m, int actor);
/* Create the kernel's tasks once per run; false (and a misuse) if too many. */
bool rtos_bind_tasks(void);
/* Every operation ends here, with its result. */
int64_t rtos_end_op(int64_t result);
/* A line of the run's output, as the reference's tasks print. */
void rtos_say(const char *text);
/* Ticks from a scenario argument in milliseconds. */
uint32_t rtos_ticks(int64_t ms);
/* The waiting tasks of a wait mask by name, lowest bit first. */
void rtos_mask_json(jbuf *b, sim_machine *m, uint16_t mask);

extern const script_type type_rtos_kernel, type_rtos_sem, type_rtos_mutex, type_rtos_shared_counter;

#endif
