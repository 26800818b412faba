/*
 * schedule_check.h: is a schedule fit to run on this machine at all?
 *
 * A schedule that parses can still be bad input: it names an actor the
 * scenario does not have, or its fingerprint names no object ("A@cas:"), or
 * its compact form carries an action kind that does not exist.  Such a
 * schedule can never replay, whatever the run does, so the command lines
 * refuse it before running (exit status 2) instead of reporting a run that
 * "diverged".  A schedule that passes may still diverge from the run: that
 * is an outcome (error), not bad input.
 */
#ifndef LOCKSTEP_SCHEDULE_CHECK_H
#define LOCKSTEP_SCHEDULE_CHECK_H

#include "machine.h"
#include "schedule.h"

/* 0, or -1 with one line in err naming the first wrong entry:
 * "schedule: entry 2 ('Z'): the scenario has no actor 'Z'; its actors are A, B". */
int sim_schedule_check(const sim_machine *m, const sim_schedule *s, char *err, size_t errsize);

#endif
