/*
 * The exported C API of the WebAssembly module.
 *
 * A session is one scenario on one machine.  Calls that run actors (load,
 * step, run, goto, reset) switch fibers under Asyncify, which loses a C return
 * value on the way back to JavaScript; so they all return nothing and the
 * caller reads ls_status() and ls_error() afterwards.  Calls that only read
 * (state, trace, schedule) return a pointer to a NUL-terminated JSON or text
 * buffer owned by the session, valid until the next call on that session.
 *
 * Nothing here trusts its arguments: a bad handle, actor or step is an error
 * code and a message, never an abort.  The explorer's exports are in
 * api_explore.c (session.h is what the two share).
 */
#include "session.h"

#include "../core/sim/escape.h"
#include "../core/sim/report.h"
#include "../core/sim/schedule_check.h"

#include <emscripten/emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static session sessions[MAX_SESSIONS];
static char global_error[400];
static jbuf global_out;

/* Embedded engine sources (generated at build time into sources.c). */
extern const char *const lockstep_source_paths[];
extern const char *const lockstep_source_texts[];

session *session_get(int h)
{
    if (h < 0 || h >= MAX_SESSIONS || !sessions[h].used) {
        snprintf(global_error, sizeof global_error, "no session %d", h);
        return NULL;
    }
    return &sessions[h];
}

void session_ok(session *s)
{
    s->status = 0;
    s->error[0] = 0;
}

void session_failed(session *s, const char *message)
{
    s->status = -1;
    text_escape(s->error, sizeof s->error, message); /* it may quote input */
}

static sim_machine *machine_of(session *s)
{
    if (!s->world) {
        session_failed(s, "no scenario is loaded");
        return NULL;
    }
    return script_world_machine(s->world);
}

sim_machine *session_begin(int h, session **out)
{
    session *s = session_get(h);
    *out = s;
    return s ? machine_of(s) : NULL;
}

jbuf *session_reply(int h, sim_machine **m)
{
    session *s;
    *m = session_begin(h, &s);
    if (!*m)
        return NULL;
    jb_clear(&s->out);
    return &s->out;
}

/* `message` is usually sim_error(m), the buffer the call wrote why into. */
void session_conclude(session *s, int rc, const char *message)
{
    if (rc != 0)
        session_failed(s, message);
    else
        session_ok(s);
}

EMSCRIPTEN_KEEPALIVE int ls_new(void)
{
    for (int h = 0; h < MAX_SESSIONS; h++) {
        if (!sessions[h].used) {
            memset(&sessions[h], 0, sizeof sessions[h]);
            sessions[h].used = true;
            return h;
        }
    }
    snprintf(global_error, sizeof global_error, "too many sessions (at most %d)", MAX_SESSIONS);
    return -1;
}

static void unload(session *s)
{
    explorer_forget((int)(s - sessions));
    script_world_free(s->world);
    script_program_free(s->program);
    s->world = NULL;
    s->program = NULL;
}

EMSCRIPTEN_KEEPALIVE void ls_free(int h)
{
    session *s = session_get(h);
    if (!s)
        return;
    unload(s);
    explorer_forget(h);
    jb_free(&s->out);
    s->used = false;
}

EMSCRIPTEN_KEEPALIVE void ls_load(int h, const uint8_t *bytes, int len, const char *variant,
                                  double seed, int trace, const char *memory)
{
    session *s = session_get(h);
    if (!s)
        return;
    unload(s);
    char err[300];
    if (len < 0) {
        session_failed(s, "bytecode: negative length");
        return;
    }
    s->program = script_decode(bytes, (size_t)len, err, sizeof err);
    if (!s->program) {
        session_failed(s, err);
        return;
    }
    if (memory && *memory && !sim_memory_known(memory)) {
        char msg[120];
        snprintf(msg, sizeof msg, "unknown memory model '%.40s' (%s)", memory, SIM_MEMORY_MODELS);
        session_failed(s, msg);
        script_program_free(s->program);
        s->program = NULL;
        return;
    }
    sim_config cfg = {.trace = trace != 0,
                      .variant = variant,
                      .seed = (uint64_t)seed,
                      .memory = memory && *memory ? memory : NULL};
    s->world = script_world_new(s->program, &cfg, err, sizeof err);
    if (!s->world) {
        session_failed(s, err);
        script_program_free(s->program);
        s->program = NULL;
        return;
    }
    session_ok(s);
}

EMSCRIPTEN_KEEPALIVE int ls_status(int h)
{
    session *s = session_get(h);
    return s ? s->status : -1;
}

EMSCRIPTEN_KEEPALIVE const char *ls_error(int h)
{
    /* Not session_get(): a bad handle must not overwrite why ls_new failed. */
    if (h < 0 || h >= MAX_SESSIONS || !sessions[h].used)
        return global_error;
    return sessions[h].error;
}

EMSCRIPTEN_KEEPALIVE void ls_step(int h, int actor)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (m)
        session_conclude(s, sim_step(m, actor) != 0, sim_error(m));
}

EMSCRIPTEN_KEEPALIVE void ls_step_over(int h, int actor)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (m)
        session_conclude(s, sim_step_over(m, actor) < 0, sim_error(m));
}

/* A choice other than stepping an actor: "irq" raises handler `actor`, "tick" lets the tick
 * fall (actor ignored), "read_from" steps `actor`, its load reading store `arg` of its cell,
 * "place" steps `actor`, its store taking place `arg` of its cell's modification order.
 * Refused, with the machine's reason, when it is not possible now. */
EMSCRIPTEN_KEEPALIVE void ls_take(int h, const char *kind, int actor, int arg)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (!m)
        return;
    int k = sim_choice_kind_from_name(kind);
    if (k < 0 || k == SIM_CHOICE_STEP || sim_choice_kind_of((unsigned)k)->tag < 0) {
        session_failed(s, "a choice is irq, tick, drop, read_from, flush or place");
        return;
    }
    sim_choice c = {(uint8_t)k, (int16_t)(sim_choice_kind_of((unsigned)k)->has_actor ? actor : -1),
                    sim_choice_kind_of((unsigned)k)->has_arg ? arg : 0};
    session_conclude(s, sim_take(m, c), sim_error(m));
}

/* The choices other than a step that exist now:
 * [{"kind":"irq","actor":2},{"kind":"tick"},{"kind":"drop","actor":0},
 *  {"kind":"read_from","actor":1,"store":0},{"kind":"place","actor":1,"place":1}]. */
static void extra_choices_json(sim_machine *m, jbuf *b)
{
    sim_choice c[SIM_MAX_CHOICES];
    int n = sim_outcome_of(m) == SIM_RUNNING ? sim_extra_choices(m, c) : 0;
    jb_raw(b, "[");
    for (int k = 0; k < n; k++) {
        if (c[k].kind == SIM_CHOICE_STEP)
            continue; /* steps are the lanes' */
        jb_sep(b);
        jb_raw(b, "{");
        jb_key(b, "kind");
        jb_str(b, sim_choice_kind_name(c[k].kind));
        if (sim_choice_kind_of(c[k].kind)->has_actor) {
            jb_key(b, "actor");
            jb_int(b, c[k].actor);
        }
        if (sim_choice_kind_of(c[k].kind)->has_arg) {
            /* which store of the cell the load reads; where the store goes */
            jb_key(b, c[k].kind == SIM_CHOICE_PLACE ? "place" : "store");
            jb_int(b, c[k].arg);
        }
        jb_raw(b, "}");
    }
    jb_raw(b, "]");
}

/* policy: "manual" | "round-robin" | "random" | "priority" | "pct"; schedule may be "" for none. */
EMSCRIPTEN_KEEPALIVE void ls_run(int h, const char *policy, const char *schedule, double seed,
                                 double max_steps)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (!m)
        return;
    memset(&s->run, 0, sizeof s->run); /* no stale message from an earlier run */
    int p = sim_policy_from_name(policy);
    if (p < 0) {
        session_failed(s, "policy must be manual, round-robin, random, priority or pct");
        return;
    }
    sim_schedule sched;
    sim_schedule_init(&sched);
    char err[300];
    bool have = schedule && schedule[0];
    /* A schedule that cannot be read, or could never replay here (it names
     * an actor the scenario lacks), is refused before anything runs. */
    if (have && (sim_schedule_parse(schedule, strlen(schedule), &sched, err, sizeof err) != 0 ||
                 sim_schedule_check(m, &sched, err, sizeof err) != 0)) {
        sim_schedule_free(&sched);
        session_failed(s, err);
        return;
    }
    int rc = sim_run(m, (sim_policy)p, have ? &sched : NULL, (uint64_t)seed, (uint64_t)max_steps,
                     &s->run);
    sim_schedule_free(&sched);
    session_conclude(s, rc, s->run.message);
}

EMSCRIPTEN_KEEPALIVE void ls_goto(int h, double step)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (!m)
        return;
    if (step < 0)
        session_failed(s, "step must not be negative");
    else
        session_conclude(s, sim_goto(m, (uint64_t)step), sim_error(m));
}

EMSCRIPTEN_KEEPALIVE void ls_reset(int h)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (m)
        session_conclude(s, sim_reset(m) != 0, sim_error(m));
}

EMSCRIPTEN_KEEPALIVE const char *ls_state(int h)
{
    sim_machine *m;
    jbuf *b = session_reply(h, &m);
    if (!b)
        return "null";
    sim_state_json(m, b);
    return b->failed ? "null" : b->text;
}

EMSCRIPTEN_KEEPALIVE const char *ls_choices(int h)
{
    sim_machine *m;
    jbuf *b = session_reply(h, &m);
    if (!b)
        return "[]";
    extra_choices_json(m, b);
    return b->failed ? "[]" : b->text;
}

EMSCRIPTEN_KEEPALIVE const char *ls_trace(int h, double after_step)
{
    sim_machine *m;
    jbuf *b = session_reply(h, &m);
    if (!b)
        return "";
    sim_trace_jsonl(m, after_step < 0 ? 0 : (uint64_t)after_step, b);
    return b->text ? b->text : "";
}

/* The run so far: {"outcome","steps","schedule","compact","virtual_time","stuck",
 * "violation","prints","end","message"}. */
EMSCRIPTEN_KEEPALIVE const char *ls_summary(int h)
{
    sim_machine *m;
    jbuf *b = session_reply(h, &m);
    if (!b)
        return "null";
    const session *s = &sessions[h];
    sim_schedule now;
    sim_schedule_of(m, &now);
    jb_raw(b, "{");
    jb_key(b, "outcome");
    jb_str(b, sim_outcome_name(sim_outcome_of(m)));
    jb_key(b, "steps");
    jb_int(b, (int64_t)sim_steps(m));
    jb_key(b, "schedule");
    jbuf t = {0};
    sim_schedule_text(m, &now, &t);
    jb_str(b, t.text);
    jb_clear(&t);
    jb_key(b, "compact");
    sim_schedule_compact(&now, &t);
    jb_str(b, t.text);
    jb_free(&t);
    sim_schedule_free(&now);
    jb_key(b, "virtual_time");
    jb_int(b, sim_now(m));
    jb_key(b, "stuck");
    sim_stuck_json(m, b);
    jb_key(b, "violation");
    sim_violation_json(m, b);
    jb_key(b, "prints");
    sim_prints_json(m, b);
    jb_key(b, "end");
    jb_str(b, s->run.end == SIM_RUN_LIMIT     ? "limit"
              : s->run.end == SIM_RUN_WAITING ? "waiting"
                                              : "finished");
    jb_key(b, "message");
    jb_str(b, s->run.message);
    jb_key(b, "diverged_at");
    jb_int(b, (int64_t)s->run.diverged_at);
    jb_raw(b, "}");
    return b->failed ? "null" : b->text;
}

/* What the command line prints about the last run (core/sim/report.h): the
 * readable report, or (json != 0) the one JSON object of --json. */
EMSCRIPTEN_KEEPALIVE const char *ls_report(int h, int json)
{
    sim_machine *m;
    jbuf *b = session_reply(h, &m);
    if (!b)
        return "";
    if (json)
        sim_report_json(m, &sessions[h].run, b);
    else
        sim_report_text(m, &sessions[h].run, b);
    return b->failed || !b->text ? "" : b->text;
}

EMSCRIPTEN_KEEPALIVE const char *ls_catalog(void)
{
    jb_clear(&global_out);
    script_catalog_json(&global_out);
    return global_out.text;
}

/* [{"path": "engines/<engine>/<file>.c", "text": "..."}, ...] */
EMSCRIPTEN_KEEPALIVE const char *ls_sources(void)
{
    jb_clear(&global_out);
    jb_raw(&global_out, "[");
    for (int i = 0; lockstep_source_paths[i]; i++) {
        jb_sep(&global_out);
        jb_raw(&global_out, "{");
        jb_key(&global_out, "path");
        jb_str(&global_out, lockstep_source_paths[i]);
        jb_key(&global_out, "text");
        jb_str(&global_out, lockstep_source_texts[i]);
        jb_raw(&global_out, "}");
    }
    jb_raw(&global_out, "]");
    return global_out.text;
}
