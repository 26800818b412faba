/*
 * The report of one run, as text and as JSON (see report.h).
 *
 * Invariant: every line of the text and every key of the JSON is written
 * here and nowhere else, so the native runner and the wasm CLI cannot drift
 * apart.
 */
#include "report.h"
#include "machine_internal.h"

#include <string.h>

static const char *outcome_of(const sim_machine *m, const sim_run_result *res)
{
    return res->end == SIM_RUN_LIMIT     ? "limit"
           : res->end == SIM_RUN_WAITING ? "waiting"
                                         : sim_outcome_name(sim_outcome_of(m));
}

/* The run's remark about its schedule, or NULL: a message that is not already
 * the error the run ended with. */
static const char *note_of(const sim_machine *m, const sim_run_result *res)
{
    if (!res->message[0])
        return NULL;
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
            char why[400];
            sim_block_reason(m, i, why, sizeof why);
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
    if (res->end == SIM_RUN_LIMIT)
        jb_raw(out, "note: the step limit was reached; raise it with --max-steps N\n");
    for (size_t i = 0; i < m->n_events; i++)
        if (m->events[i].kind == SIM_ACT_PRINT)
            jb_printf(out, "print: %s\n", m->events[i].text);
    jbuf readable = {0}, compact = {0};
    schedules(m, &readable, &compact);
    jb_printf(out, "schedule: %s\ncompact: %s\n", readable.text, compact.text);
    jb_free(&readable);
    jb_free(&compact);
    const char *note = note_of(m, res);
    if (note)
        jb_printf(out, "note: %s\n", note);
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
    jb_key(out, "note");
    const char *note = note_of(m, res);
    if (note)
        jb_str(out, note);
    else
        jb_raw(out, "null");
    jb_raw(out, "}");
    jb_free(&readable);
}
