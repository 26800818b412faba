/*
 * snapshot.h: the whole state of a machine, kept and put back.
 *
 * A snapshot is taken between steps, on the host, with the trace off (or
 * empty): the actors (their records and their coroutines' stacks and saved
 * contexts), every region's bytes (objects, engine globals, parkers), the
 * world's own state beside them (sim_hooks.state_bytes), the scheduling model's and
 * the memory model's state, the clock, the step counter, the timeline and
 * the seed's generator.  Restoring it into the same machine gives the same
 * future, byte for byte, as the run that was saved: the explorer uses that
 * to start a run where another one was rather than from the beginning.
 *
 * The configuration (sim_config, the trace switch) is not state: a restore
 * leaves it as it is.
 */
#ifndef LOCKSTEP_SNAPSHOT_H
#define LOCKSTEP_SNAPSHOT_H

#include "machine.h"

#include <stdbool.h>
#include <stddef.h>

typedef struct sim_snapshot sim_snapshot;

/* An empty snapshot (NULL when memory runs out); one may be saved into again
 * and again, reusing its memory. */
sim_snapshot *sim_snapshot_new(void);
void sim_snapshot_free(sim_snapshot *s);

/* Whether this machine's state can be kept whole: its world says it keeps
 * nothing outside the machine (sim_hooks.whole_state). */
bool sim_snapshot_possible(const sim_machine *m);

/* Keep the machine's state now.  0, or -1 (the world cannot be kept, the
 * trace holds events, memory ran out) with the reason in sim_error. */
int sim_snapshot_save(sim_machine *m, sim_snapshot *s);

/* Put the kept state back.  0, or -1 with nothing changed when the snapshot
 * is of another machine or the machine's coroutines were made again since
 * (a reset with a larger stack): reset instead. */
int sim_snapshot_restore(sim_machine *m, const sim_snapshot *s);

/* How many bytes the kept state takes. */
size_t sim_snapshot_bytes(const sim_snapshot *s);

#endif
