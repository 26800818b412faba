/*
 * world.h: a scenario brought to life on a simulated machine.
 *
 * A world owns the objects of a decoded program (each at its deterministic
 * virtual address) and one virtual thread per actor, which runs the actor's
 * program through the interpreter.  It gives the machine its setup function,
 * so resetting the machine rebuilds the world from scratch.
 */
#ifndef LOCKSTEP_WORLD_H
#define LOCKSTEP_WORLD_H

#include "../sim/machine.h"
#include "program.h"

typedef struct script_world script_world;

/* The program must outlive the world.  NULL with a message on error (bad
 * variant, an object's parameters rejected). */
script_world *script_world_new(const script_program *p, const sim_config *cfg, char *err,
                               size_t errsize);
void script_world_free(script_world *w);
sim_machine *script_world_machine(script_world *w);
const script_program *script_world_program(const script_world *w);
/* The memory of object `index` (its virtual address: sim_vaddr). */
void *script_world_object(script_world *w, int index);

/* Runs the program of actor `index` (the entry of its virtual thread). */
void script_run_actor(script_world *w, int index);
/* The value of an assertion operand, seen from the host (no step). */
int64_t script_operand_value(script_world *w, int actor, const script_operand *o);
bool script_compare(int64_t lhs, uint8_t cmp, int64_t rhs);
/* "assertion 'counter == 6' failed: counter.value is 4" */
void script_describe_failure(script_world *w, int actor, const script_expr *e, int64_t lhs,
                             int64_t rhs, char *buf, size_t size);

#endif
