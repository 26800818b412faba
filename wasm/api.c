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
 * code and a message, never an abort.
 */
#include "../core/script/world.h"
#include "../core/sim/escape.h"
#include "../core/sim/explore.h"
#include "../core/sim/report.h"
#include "../core/sim/run.h"
#include "../core/sim/schedule_check.h"
#include "../core/sim/split.h"

#include <emscripten/emscripten.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_SESSIONS 16

typedef struct session {
    bool used;
    script_program *program;
    script_world *world;
    int status; /* of the last call: 0 ok, -1 failed */
    char error[400];
    sim_run_result run;
    jbuf out;
} session;

static session sessions[MAX_SESSIONS];
static struct explorer *explorers[MAX_SESSIONS];
/* the configuration of each session's search, for its split parts (split.h) */
static explore_config explore_cfgs[MAX_SESSIONS];
/* the last plan of a split search, as JSON (ls_explore_plan_json) */
static jbuf plans[MAX_SESSIONS];
static char global_error[400];
static jbuf global_out;

/* Embedded engine sources (generated at build time into sources.c). */
extern const char *const lockstep_source_paths[];
extern const char *const lockstep_source_texts[];

static session *get(int h)
{
    if (h < 0 || h >= MAX_SESSIONS || !sessions[h].used) {
        snprintf(global_error, sizeof global_error, "no session %d", h);
        return NULL;
    }
    return &sessions[h];
}

static void ok(session *s)
{
    s->status = 0;
    s->error[0] = 0;
}

static void failed(session *s, const char *message)
{
    s->status = -1;
    text_escape(s->error, sizeof s->error, message); /* it may quote input */
}

static sim_machine *machine_of(session *s)
{
    if (!s->world) {
        failed(s, "no scenario is loaded");
        return NULL;
    }
    return script_world_machine(s->world);
}

/* The prologue of every call on a loaded scenario: the session of handle h
 * (in *out, NULL for a bad handle) and its machine, or NULL with the reason
 * set where ls_error finds it. */
static sim_machine *begin(int h, session **out)
{
    session *s = get(h);
    *out = s;
    return s ? machine_of(s) : NULL;
}

/* The prologue of a call that answers with text: the session's output,
 * cleared, and its machine in *m; NULL (and nothing cleared) if there is no
 * machine. */
static jbuf *reply(int h, sim_machine **m)
{
    session *s;
    *m = begin(h, &s);
    if (!*m)
        return NULL;
    jb_clear(&s->out);
    return &s->out;
}

/* The end of a call that runs actors: rc 0 is success, anything else fails
 * with `message` (usually sim_error(m), the buffer the call wrote why into). */
static void conclude(session *s, int rc, const char *message)
{
    if (rc != 0)
        failed(s, message);
    else
        ok(s);
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
    int h = (int)(s - sessions);
    explore_free(explorers[h]);
    explorers[h] = NULL;
    script_world_free(s->world);
    script_program_free(s->program);
    s->world = NULL;
    s->program = NULL;
}

EMSCRIPTEN_KEEPALIVE void ls_free(int h)
{
    session *s = get(h);
    if (!s)
        return;
    unload(s);
    explore_free(explorers[h]);
    explorers[h] = NULL;
    jb_free(&s->out);
    s->used = false;
}

EMSCRIPTEN_KEEPALIVE void ls_load(int h, const uint8_t *bytes, int len, const char *variant,
                                  double seed, int trace, const char *memory)
{
    session *s = get(h);
    if (!s)
        return;
    unload(s);
    char err[300];
    if (len < 0) {
        failed(s, "bytecode: negative length");
        return;
    }
    s->program = script_decode(bytes, (size_t)len, err, sizeof err);
    if (!s->program) {
        failed(s, err);
        return;
    }
    if (memory && *memory && !sim_memory_known(memory)) {
        char msg[120];
        snprintf(msg, sizeof msg, "unknown memory model '%.40s' (%s)", memory, SIM_MEMORY_MODELS);
        failed(s, msg);
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
        failed(s, err);
        script_program_free(s->program);
        s->program = NULL;
        return;
    }
    ok(s);
}

EMSCRIPTEN_KEEPALIVE int ls_status(int h)
{
    session *s = get(h);
    return s ? s->status : -1;
}

EMSCRIPTEN_KEEPALIVE const char *ls_error(int h)
{
    /* Not get(): a bad handle must not overwrite why ls_new failed. */
    if (h < 0 || h >= MAX_SESSIONS || !sessions[h].used)
        return global_error;
    return sessions[h].error;
}

EMSCRIPTEN_KEEPALIVE void ls_step(int h, int actor)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (m)
        conclude(s, sim_step(m, actor) != 0, sim_error(m));
}

EMSCRIPTEN_KEEPALIVE void ls_step_over(int h, int actor)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (m)
        conclude(s, sim_step_over(m, actor) < 0, sim_error(m));
}

/* A choice other than stepping an actor: "irq" raises handler `actor`, "tick" lets the tick
 * fall (actor ignored), "read_from" steps `actor`, its load reading store `arg` of its cell.
 * Refused, with the machine's reason, when it is not possible now. */
EMSCRIPTEN_KEEPALIVE void ls_take(int h, const char *kind, int actor, int arg)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (!m)
        return;
    int k = sim_choice_kind_from_name(kind);
    if (k < 0 || k == SIM_CHOICE_STEP || sim_choice_kind_of((unsigned)k)->tag < 0) {
        failed(s, "a choice is irq, tick, drop, read_from or flush");
        return;
    }
    sim_choice c = {(uint8_t)k, (int16_t)(sim_choice_kind_of((unsigned)k)->has_actor ? actor : -1),
                    sim_choice_kind_of((unsigned)k)->has_arg ? arg : 0};
    conclude(s, sim_take(m, c), sim_error(m));
}

/* The choices other than a step that exist now:
 * [{"kind":"irq","actor":2},{"kind":"tick"},{"kind":"drop","actor":0},
 *  {"kind":"read_from","actor":1,"store":0}]. */
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
            jb_key(b, "store"); /* which store of the cell the load reads */
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
    sim_machine *m = begin(h, &s);
    if (!m)
        return;
    memset(&s->run, 0, sizeof s->run); /* no stale message from an earlier run */
    int p = sim_policy_from_name(policy);
    if (p < 0) {
        failed(s, "policy must be manual, round-robin, random, priority or pct");
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
        failed(s, err);
        return;
    }
    int rc = sim_run(m, (sim_policy)p, have ? &sched : NULL, (uint64_t)seed, (uint64_t)max_steps,
                     &s->run);
    sim_schedule_free(&sched);
    conclude(s, rc, s->run.message);
}

EMSCRIPTEN_KEEPALIVE void ls_goto(int h, double step)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (!m)
        return;
    if (step < 0)
        failed(s, "step must not be negative");
    else
        conclude(s, sim_goto(m, (uint64_t)step), sim_error(m));
}

EMSCRIPTEN_KEEPALIVE void ls_reset(int h)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (m)
        conclude(s, sim_reset(m) != 0, sim_error(m));
}

EMSCRIPTEN_KEEPALIVE const char *ls_state(int h)
{
    sim_machine *m;
    jbuf *b = reply(h, &m);
    if (!b)
        return "null";
    sim_state_json(m, b);
    return b->failed ? "null" : b->text;
}

EMSCRIPTEN_KEEPALIVE const char *ls_choices(int h)
{
    sim_machine *m;
    jbuf *b = reply(h, &m);
    if (!b)
        return "[]";
    extra_choices_json(m, b);
    return b->failed ? "[]" : b->text;
}

EMSCRIPTEN_KEEPALIVE const char *ls_trace(int h, double after_step)
{
    sim_machine *m;
    jbuf *b = reply(h, &m);
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
    jbuf *b = reply(h, &m);
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
    jbuf *b = reply(h, &m);
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

/* [{"path": "engines/basic/counter.c", "text": "..."}, ...] */
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

/* ---- the explorer, in slices ---------------------------------------------------- */

/* How far a search got, told to JavaScript from inside ls_explore_step
 * (Module.onExploreProgress, which Session.exploreStep sets while it runs):
 * a run may be long, and a front end wants to say something every second. */
EM_JS(void, js_explore_progress, (int h, double executions, int bound, double total_steps), {
    if (Module["onExploreProgress"])
        Module["onExploreProgress"](h, executions, bound, total_steps);
});

static void explore_progress(const explore_result *r, void *ctx)
{
    js_explore_progress((int)(intptr_t)ctx, (double)r->executions, r->bound,
                        (double)r->total_steps);
}

/* strategy: "dfs" | "random" | "pct"; bound -1: no bound, the complete
 * search (explore.h).  Starts a search on the session's
 * scenario (its trace is switched off until ls_explore_finish).  Limits of 0
 * take the explorer's defaults, except max_executions (0: no limit). */
EMSCRIPTEN_KEEPALIVE void ls_explore_start(int h, const char *strategy, int bound,
                                           double max_executions, double max_steps, double seed,
                                           int prune, double max_total_steps)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (!m)
        return;
    explore_config cfg;
    explore_config_default(&cfg);
    int st = explore_strategy_from_name(strategy);
    if (st < 0 || bound < EXPLORE_BOUND_NONE || bound > 64 || max_executions < 0 || max_steps < 0 ||
        seed < 0 || max_total_steps < 0) {
        failed(s, st < 0 ? "strategy must be dfs, random or pct"
                         : "bound must be -1 (none) or 0..64 and the limits not negative");
        return;
    }
    cfg.strategy = (explore_strategy)st;
    cfg.bound = bound;
    cfg.max_executions = (uint64_t)max_executions;
    if (max_steps > 0)
        cfg.max_steps = (uint64_t)max_steps;
    if (max_total_steps > 0)
        cfg.max_total_steps = (uint64_t)max_total_steps;
    cfg.progress = explore_progress;
    cfg.progress_ctx = (void *)(intptr_t)h;
    cfg.seed = (uint64_t)seed;
    cfg.prune = prune != 0;
    explore_free(explorers[h]);
    explorers[h] = explore_new(m, &cfg);
    explore_cfgs[h] = cfg;
    conclude(s, explorers[h] ? 0 : -1, "out of memory");
}

/* After ls_explore_start of a complete search: cuts it into at least `want`
 * units (split.h) and makes `probes` of Knuth's random probes below each;
 * read the plan with ls_explore_plan_json (this export runs the machine, so
 * under Asyncify it returns nothing itself). */
EMSCRIPTEN_KEEPALIVE void ls_explore_plan(int h, int want, int probes)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (!m)
        return;
    if (!explorers[h] || explore_cfgs[h].bound >= 0 || explore_cfgs[h].strategy != EXPLORE_DFS) {
        failed(s, "a plan splits a complete search: start one with bound -1 first");
        return;
    }
    enum { CAP = 512 };
    explore_unit *units = malloc(CAP * sizeof *units);
    if (!units) {
        failed(s, "out of memory");
        return;
    }
    explore_config cfg = explore_cfgs[h];
    cfg.progress = NULL;
    size_t n = explore_units(m, &cfg, want < 1 ? 1 : (size_t)want, units, CAP);
    jbuf *b = &plans[h];
    b->len = 0;
    if (b->text)
        b->text[0] = 0;
    jb_raw(b, "[");
    for (size_t u = 0; u < n; u++) {
        double sum = 0, steps = 0;
        for (int k = 0; k < probes; k++) {
            uint64_t st = 0;
            sum += explore_probe(m, &cfg, &units[u], 0x5EED0000ull + u * 1000 + (uint64_t)k, &st);
            steps += (double)st;
        }
        jb_sep(b);
        jb_raw(b, "{\"unit\":[");
        for (int d = 0; d < units[u].len; d++)
            jb_printf(b, "%s%u", d ? "," : "", units[u].pos[d]);
        jb_printf(b, "],\"estimate\":%.3f,\"steps\":%.3f}", probes ? sum / probes : 0,
                  probes ? steps / probes : 0);
    }
    jb_raw(b, "]");
    free(units);
    conclude(s, sim_reset(m), sim_error(m));
}

EMSCRIPTEN_KEEPALIVE const char *ls_explore_plan_json(int h)
{
    return h >= 0 && h < MAX_SESSIONS && plans[h].text ? plans[h].text : "[]";
}

/* After ls_explore_start of a complete search: search only the unit whose
 * positions `dotted` gives ("0.2.1"), as one worker of a split search. */
EMSCRIPTEN_KEEPALIVE void ls_explore_unit(int h, const char *dotted)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (!m)
        return;
    explore_unit u = {0};
    for (const char *p = dotted; *p && u.len < EXPLORE_UNIT_DEPTH;) {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || v > 65535) {
            failed(s, "a unit is positions separated by dots, like 0.2.1");
            return;
        }
        u.pos[u.len++] = (uint16_t)v;
        p = *end == '.' ? end + 1 : end;
        if (*end && *end != '.') {
            failed(s, "a unit is positions separated by dots, like 0.2.1");
            return;
        }
    }
    if (!explorers[h] || explore_cfgs[h].bound >= 0) {
        failed(s, "a unit is part of a complete search: start one with bound -1 first");
        return;
    }
    explore_free(explorers[h]);
    explorers[h] = explore_new_unit(m, &explore_cfgs[h], &u);
    conclude(s, explorers[h] ? 0 : -1, "out of memory");
}

/* Runs up to `budget` more executions; then read ls_explore_json. */
EMSCRIPTEN_KEEPALIVE void ls_explore_step(int h, double budget)
{
    session *s = get(h);
    if (!s)
        return;
    if (!explorers[h]) {
        failed(s, "no search was started");
        return;
    }
    explore_run(explorers[h], budget < 1 ? 1 : (uint64_t)budget);
    ok(s);
}

/* {"finished", ...explore_result_json..., "summary"} */
EMSCRIPTEN_KEEPALIVE const char *ls_explore_json(int h)
{
    sim_machine *m;
    jbuf *b = reply(h, &m);
    if (!b || !explorers[h])
        return "null";
    jb_raw(b, "{");
    jb_key(b, "finished");
    jb_raw(b, explore_result_of(explorers[h])->finished ? "true" : "false");
    jb_key(b, "result");
    explore_result_json(explorers[h], m, b);
    jb_key(b, "summary");
    jbuf t = {0};
    explore_summary_text(explorers[h], m, &t);
    jb_str(b, t.text);
    jb_free(&t);
    jb_raw(b, "}");
    return b->text;
}

/* Ends the search: tracing back on, the machine reset to step 0. */
EMSCRIPTEN_KEEPALIVE void ls_explore_finish(int h)
{
    session *s;
    sim_machine *m = begin(h, &s);
    if (!m)
        return;
    explore_free(explorers[h]);
    explorers[h] = NULL;
    sim_set_trace(m, true);
    conclude(s, sim_reset(m), sim_error(m));
}
