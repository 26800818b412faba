/*
 * The report of one run, as text and as JSON (see report.h), and the
 * English the command line says for each of the machine's and the models'
 * reasons why an actor cannot move (blocked.h).
 *
 * Invariant: every line of the text and every key of the JSON is written
 * here and nowhere else, so the native runner and the wasm CLI cannot drift
 * apart.  A reason's English is made from its code and arguments only.
 */
#include "report.h"
#include "machine_internal.h"
#include "mem/model.h"

#include <stdio.h>
#include <string.h>

/* ---- the machine's and the models' reasons, in English ------------------------- */

#define TEXT(key) sim_blocked_text_of(r, key)
#define NUM(key) (long long)sim_blocked_num_of(r, key, -1)
#define HAS(key) (sim_blocked_arg_of(r, key) != NULL)

static void say_finished(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "finished");
}
static void say_dormant(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size,
             strcmp(TEXT("kind"), "isr") == 0 ? "dormant: not raised" : "dormant: not spawned");
}
static void say_over(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "the run is over");
}
static void say_lock(const sim_blocked *r, char *buf, size_t size)
{
    if (HAS("own"))
        snprintf(buf, size, "waits for lock %s, which it already holds", TEXT("object"));
    else
        snprintf(buf, size, "waits for lock %s, held by %s", TEXT("object"), TEXT("holder"));
}
static void say_parked(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "parked, and nobody will unpark it");
}
static void say_blocked(const sim_blocked *r, char *buf, size_t size)
{
    if (HAS("until"))
        snprintf(buf, size, "blocked until woken or %lld us", NUM("until"));
    else
        snprintf(buf, size, "blocked, and nobody will wake it");
}
static void say_sleep(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "sleeps until %lld us", NUM("until"));
}
static void say_cannot_move(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "cannot move");
}
static void say_irq_masked(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "raised, waits: interrupts are masked");
}
static void say_irq_handler(const sim_blocked *r, char *buf, size_t size)
{
    if (HAS("priority"))
        snprintf(buf, size, "raised, waits for handler %s (priority %lld) to return",
                 TEXT("handler"), NUM("priority"));
    else
        snprintf(buf, size, "raised, waits for handler %s to return", TEXT("handler"));
}
static void say_interrupted(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "interrupted by %s", TEXT("handler"));
}
static void say_rtos_priority(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "ready, but %s has a higher priority (%lld > %lld)", TEXT("runner"),
             NUM("runner_priority"), NUM("priority"));
}
static void say_rtos_turn(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "ready, waits for its turn: %s runs until the next tick", TEXT("runner"));
}
static void say_rtos_woken(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(
        buf, size,
        "woken, waits for the next scheduling point: %s runs until it blocks or the tick falls",
        TEXT("runner"));
}
static void say_executor_queued(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size, "in the run queue, waits to be polled");
}
static void say_executor_due(const sim_blocked *r, char *buf, size_t size)
{
    snprintf(buf, size,
             "its timer fell due at %lld us; the wake lands when this batch ends (or at a tick)",
             NUM("deadline_us"));
}
static void say_executor_polled(const sim_blocked *r, char *buf, size_t size)
{
    if (HAS("runner"))
        snprintf(buf, size, "waits to be polled: the executor polls %s", TEXT("runner"));
    else
        snprintf(buf, size, "waits to be polled");
}

const sim_blocked_code sim_blocked_finished = {"finished", say_finished};
const sim_blocked_code sim_blocked_dormant = {"dormant", say_dormant};
const sim_blocked_code sim_blocked_over = {"over", say_over};
const sim_blocked_code sim_blocked_lock = {"lock", say_lock};
const sim_blocked_code sim_blocked_parked = {"parked", say_parked};
const sim_blocked_code sim_blocked_blocked = {"blocked", say_blocked};
const sim_blocked_code sim_blocked_sleep = {"sleep", say_sleep};
const sim_blocked_code sim_blocked_cannot_move = {"cannot_move", say_cannot_move};
const sim_blocked_code sim_blocked_irq_masked = {"irq.masked", say_irq_masked};
const sim_blocked_code sim_blocked_irq_handler = {"irq.handler", say_irq_handler};
const sim_blocked_code sim_blocked_interrupted = {"interrupted", say_interrupted};
const sim_blocked_code sim_blocked_rtos_priority = {"rtos.priority", say_rtos_priority};
const sim_blocked_code sim_blocked_rtos_turn = {"rtos.turn", say_rtos_turn};
const sim_blocked_code sim_blocked_rtos_woken = {"rtos.woken", say_rtos_woken};
const sim_blocked_code sim_blocked_executor_queued = {"executor.queued", say_executor_queued};
const sim_blocked_code sim_blocked_executor_polled = {"executor.polled", say_executor_polled};
const sim_blocked_code sim_blocked_executor_due = {"executor.due", say_executor_due};

/* ---- the report ------------------------------------------------------------------- */

static const char *outcome_of(const sim_machine *m, const sim_run_result *res)
{
    return res->end == SIM_RUN_LIMIT     ? "limit"
           : res->end == SIM_RUN_WAITING ? "waiting"
                                         : sim_outcome_name(sim_outcome_of(m));
}

/* When the trace ran out of memory: what is missing from it. */
static const char *lost_note(const sim_machine *m)
{
    static char note[160];
    snprintf(note, sizeof note,
             "the trace ran out of memory: %llu events from step %llu on are missing from it "
             "(the run and its report are complete)",
             (unsigned long long)m->events_lost, (unsigned long long)m->first_lost);
    return note;
}

/* The run's remark about its schedule, or NULL: a message that is not already
 * the error the run ended with. */
static const char *note_of(const sim_machine *m, const sim_run_result *res)
{
    if (!res->message[0])
        return m->events_lost ? lost_note(m) : NULL;
    bool ended_with_it = (m->outcome == SIM_VIOLATION || m->outcome == SIM_ERROR) &&
                         strcmp(m->end_message, res->message) == 0;
    return ended_with_it ? NULL : res->message;
}

static void schedules(const sim_machine *m, jbuf *readable, jbuf *compact)
{
    sim_schedule now;
    sim_schedule_of(m, &now);
    sim_schedule_text(m, &now, readable);
    if (compact)
        sim_schedule_compact(&now, compact);
    sim_schedule_free(&now);
}

/* The text report's two schedule lines, short whatever the run's length: the
 * readable form with repeat counts for runs of REPEAT_FROM equal entries or
 * more ("tick*399"), its first SHOWN_TOKENS tokens, and the compact form when
 * it fits COMPACT_SHOWN characters.  A cut line says so and where the whole
 * schedule is (--json); a run of millions of steps would otherwise print
 * megabytes of "tick tick". */
enum { REPEAT_FROM = 4, SHOWN_TOKENS = 64, COMPACT_SHOWN = 2000 };

static void schedule_lines(const sim_machine *m, jbuf *out)
{
    sim_schedule now;
    sim_schedule_of(m, &now);
    jbuf readable = {0}, compact = {0};
    size_t shown = sim_schedule_text_counted(m, &now, REPEAT_FROM, SHOWN_TOKENS, &readable);
    jb_printf(out, "schedule: %s", readable.text);
    if (shown < now.n)
        jb_printf(out, " ... (the first %zu of %zu entries; --json prints them all)", shown, now.n);
    sim_schedule_compact(&now, &compact);
    if (compact.len <= COMPACT_SHOWN)
        jb_printf(out, "\ncompact: %s\n", compact.text);
    else
        jb_printf(out, "\ncompact: not shown (%zu characters; --json gives the whole schedule)\n",
                  compact.len);
    jb_free(&readable);
    jb_free(&compact);
    sim_schedule_free(&now);
}

void sim_report_text(sim_machine *m, const sim_run_result *res, jbuf *out)
{
    const char *outcome = outcome_of(m, res);
    jb_printf(out, "outcome: %s after %llu steps (virtual time %lld us)\n", outcome,
              (unsigned long long)m->step, (long long)m->now);
    if (m->outcome == SIM_STUCK) {
        for (int i = 0; i < m->n_actors; i++) {
            const sim_actor *a = &m->actors[i];
            if (a->finished)
                continue;
            sim_blocked r;
            char why[400];
            sim_blocked_of(m, i, &r);
            sim_blocked_english(&r, why, sizeof why);
            jb_printf(out, "stuck: %s %s (at %s:%d)\n", a->name, why,
                      sim_site_file(a->pending.site.file), a->pending.site.line);
        }
    }
    if (m->outcome == SIM_ERROR) {
        jb_printf(out, "error: %s\n", m->end_message); /* the message says at which step */
    } else if (m->outcome == SIM_VIOLATION) {
        jb_printf(out, "violation (%s): %s (step %llu", m->end_kind, m->end_message,
                  (unsigned long long)m->end_step);
        if (m->end_actor >= 0)
            jb_printf(out, ", %s", m->actors[m->end_actor].name);
        if (m->end_site.file)
            jb_printf(out, " at %s:%d", sim_site_file(m->end_site.file), m->end_site.line);
        jb_raw(out, ")\n");
        /* What the engine's reference implementation throws here, word for word. */
        if (m->end_thrown[0])
            jb_printf(out, "%s: %s\n", m->end_reference, m->end_thrown);
    }
    sim_ra_story(m, out); /* under ra: the loads that read an older store, and why */
    if (res->end == SIM_RUN_LIMIT)
        jb_raw(out, "note: the step limit was reached; raise it with --max-steps N\n");
    for (size_t i = 0; i < m->n_prints; i++)
        jb_printf(out, "print: %s\n", m->prints[i]);
    schedule_lines(m, out);
    const char *note = note_of(m, res);
    if (note)
        jb_printf(out, "note: %s\n", note);
}

void sim_report_reads(const sim_machine *m, bool json, jbuf *out)
{
    if (m->mem != &sim_mem_ra)
        return;
    if (!json) {
        sim_ra_story(m, out);
        return;
    }
    jb_key(out, "reads");
    sim_ra_reads_json(m, out);
}

void sim_report_json(sim_machine *m, const sim_run_result *res, jbuf *out)
{
    jbuf readable = {0};
    schedules(m, &readable, NULL);
    jb_raw(out, "{");
    jb_key(out, "outcome");
    jb_str(out, outcome_of(m, res));
    jb_key(out, "steps");
    jb_int(out, (int64_t)m->step);
    jb_key(out, "schedule");
    jb_str(out, readable.text);
    jb_key(out, "virtual_time");
    jb_int(out, m->now);
    jb_key(out, "stuck");
    sim_stuck_json(m, out);
    jb_key(out, "violation");
    sim_violation_json(m, out);
    jb_key(out, "prints");
    sim_prints_json(m, out);
    sim_report_reads(m, true, out); /* under ra: which store each stale load read */
    jb_key(out, "note");
    const char *note = note_of(m, res);
    if (note)
        jb_str(out, note);
    else
        jb_raw(out, "null");
    jb_raw(out, "}");
    jb_free(&readable);
}
