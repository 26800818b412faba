/*
 * report.h: what a command line prints about one run.
 *
 * Both command lines (the native runner, core/runner/main.c, and
 * `npx lockstep run` on the wasm module) print their report with these two
 * calls, so the two print the same bytes for the same run: there is one
 * writer, not two that are kept alike.
 *
 * The outcome a report gives is the machine's, or how the run stopped when it
 * stopped early: "limit" (the step limit) or "waiting" (the manual policy
 * stopped at a choice).
 */
#ifndef LOCKSTEP_REPORT_H
#define LOCKSTEP_REPORT_H

#include "json.h"
#include "run.h"

/* The readable report, one fact a line, ending with a newline:
 *
 *   outcome: stuck after 34 steps (virtual time 0 us)
 *   stuck: B parked on mutex m ... (at engines/<engine>/<file>.c:119)
 *   error: schedule diverged at step 2: ...          (an error outcome)
 *   violation (assertion): ... (step 12, A at ...)   (a violation)
 *   read: B's load ... read 0, the initial value, ... (ra: a load that read
 *         an older store, and why the model allowed it)
 *   note: the step limit was reached; raise it with --max-steps N
 *   print: ...                                       (each line printed)
 *   schedule: v1: A B*21 A B       (a run of 4 or more with a count; after
 *                                   64 tokens: " ... (the first N of M entries;
 *                                   --json prints them all)")
 *   compact: v1.Ah4A...            (or "not shown (N characters; ...)" past 2,000)
 *   note: the schedule has 7 entries more than the run used
 */
void sim_report_text(sim_machine *m, const sim_run_result *res, jbuf *out);

/* The same as one JSON object, no newline: {"outcome", "steps", "schedule",
 * "virtual_time", "stuck", "violation", "prints", "note"}; "note" is the run's
 * remark about its schedule (the last line above) or null.  Under ra, "reads"
 * (before "note") says which store each stale load read (sim_ra_reads_json). */
void sim_report_json(sim_machine *m, const sim_run_result *res, jbuf *out);

/* For the explorer's report of a counterexample replayed with its trace:
 * under ra, which store each load that read an older one read, as the
 * "read: ..." lines above (text) or as a `"reads": [...]` member to append to
 * an object (json).  Nothing under sc and tso. */
void sim_report_reads(const sim_machine *m, bool json, jbuf *out);

#endif
