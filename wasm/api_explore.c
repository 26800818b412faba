/*
 * The explorer's exports: a search over a session's scenario, run in slices
 * (ls_explore_step) so a front end stays responsive, and a complete search
 * cut into units for workers (ls_explore_plan, ls_explore_unit).  Linked into
 * the modules that search (node's, and the browser's explorer modules that
 * its workers load); a page's own module leaves it out (no-explorer.c).
 * Like api.c's calls, those that run actors return nothing under Asyncify:
 * read ls_status() and ls_error() after them.
 */
#include "session.h"

#include "../core/sim/explore.h"
#include "../core/sim/split.h"

#include <emscripten/emscripten.h>
#include <stdint.h>
#include <stdlib.h>

static struct explorer *explorers[MAX_SESSIONS];
/* the configuration of each session's search, for its split parts (split.h) */
static explore_config explore_cfgs[MAX_SESSIONS];
/* the last plan of a split search, as JSON (ls_explore_plan_json) */
static jbuf plans[MAX_SESSIONS];

void explorer_forget(int h)
{
    explore_free(explorers[h]);
    explorers[h] = NULL;
}

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

/* Runs of the next search start from a reset (root != 0) rather than a
 * snapshot (explore.h: replay); for the benchmarks, which measure both. */
static bool replay_root[MAX_SESSIONS];
EMSCRIPTEN_KEEPALIVE void ls_explore_replay(int h, int root)
{
    if (h >= 0 && h < MAX_SESSIONS)
        replay_root[h] = root != 0;
}

/* A complete search started next goes alone for `steps` (0: the default,
 * EXPLORE_ALONE_STEPS) before it goes on as units, or with `only` ends there
 * instead (its JSON then says "needs_units"), for workers to share the
 * units; complete.c. */
static double alone_steps[MAX_SESSIONS];
static bool alone_only[MAX_SESSIONS];
EMSCRIPTEN_KEEPALIVE void ls_explore_alone(int h, double steps, int only)
{
    if (h >= 0 && h < MAX_SESSIONS) {
        alone_steps[h] = steps < 0 ? 0 : steps;
        alone_only[h] = only != 0;
    }
}

/* strategy: "dfs" | "random" | "pct"; bound -1: no bound, the complete
 * search (explore.h); stateful: the complete search by states (visited.c), remembering at most
 * max_states of them (0: the default).  Starts a search on the
 * session's scenario (its trace is switched off until ls_explore_finish).  Limits of 0 take the
 * explorer's defaults, except max_executions (0: no limit). */
EMSCRIPTEN_KEEPALIVE void ls_explore_start(int h, const char *strategy, int bound,
                                           double max_executions, double max_steps, double seed,
                                           int prune, double max_total_steps, int stateful,
                                           double max_states)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (!m)
        return;
    explore_config cfg;
    explore_config_default(&cfg);
    int st = explore_strategy_from_name(strategy);
    if (st < 0 || bound < EXPLORE_BOUND_NONE || bound > 64 || max_executions < 0 || max_steps < 0 ||
        seed < 0 || max_total_steps < 0 || max_states < 0) {
        session_failed(s, st < 0 ? "strategy must be dfs, random or pct"
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
    /* the complete search by states (visited.c); 2: where it fits, as
     * `--bound none` runs it (explore_stateful_fits), DPOR elsewhere */
    cfg.stateful = stateful == 1 || (stateful == 2 && st == EXPLORE_DFS && bound < 0 &&
                                     prune != 0 && explore_stateful_fits(m));
    cfg.fall_back_to_dpor = stateful == 2;
    if (max_states > 0)
        cfg.max_states = (uint64_t)max_states;
    cfg.replay = replay_root[h] ? EXPLORE_REPLAY_ROOT : EXPLORE_REPLAY_SNAPSHOT;
    cfg.alone_steps = (uint64_t)alone_steps[h];
    cfg.alone_only = alone_only[h];
    explore_free(explorers[h]);
    explorers[h] = explore_new(m, &cfg);
    explore_cfgs[h] = cfg;
    session_conclude(s, explorers[h] ? 0 : -1, "out of memory");
}

/* After ls_explore_start of a complete search: cuts it into at least `want`
 * units (split.h) and makes `probes` of Knuth's random probes below each;
 * read the plan with ls_explore_plan_json (this export runs the machine, so
 * under Asyncify it returns nothing itself). */
EMSCRIPTEN_KEEPALIVE void ls_explore_plan(int h, int want, int probes)
{
    session *s;
    sim_machine *m = session_begin(h, &s);
    if (!m)
        return;
    if (!explorers[h] || explore_cfgs[h].bound >= 0 || explore_cfgs[h].strategy != EXPLORE_DFS ||
        explore_cfgs[h].stateful) {
        session_failed(s, "a plan splits a complete search: start one with bound -1 first");
        return;
    }
    enum { CAP = 512 };
    explore_unit *units = malloc(CAP * sizeof *units);
    if (!units) {
        session_failed(s, "out of memory");
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
        for (int k = 0; k < probes; k++) { /* (none: the workers' `done` estimates instead) */
            uint64_t st = 0;
            sum += explore_probe(m, &cfg, &units[u], 0x5EED0000ull + u * 1000 + (uint64_t)k, &st);
            steps += (double)st;
        }
        jb_sep(b);
        jb_raw(b, "{\"unit\":[");
        for (int d = 0; d < units[u].len; d++)
            jb_printf(b, "%s%u", d ? "," : "", units[u].pos[d]);
        jb_printf(b, "],\"estimate\":%.3f,\"steps\":%.3f,\"mass\":%.9g}", probes ? sum / probes : 0,
                  probes ? steps / probes : 0, units[u].mass);
    }
    jb_raw(b, "]");
    free(units);
    session_conclude(s, sim_reset(m), sim_error(m));
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
    sim_machine *m = session_begin(h, &s);
    if (!m)
        return;
    explore_unit u = {0};
    for (const char *p = dotted; *p && u.len < EXPLORE_UNIT_DEPTH;) {
        char *end;
        unsigned long v = strtoul(p, &end, 10);
        if (end == p || v > 65535) {
            session_failed(s, "a unit is positions separated by dots, like 0.2.1");
            return;
        }
        u.pos[u.len++] = (uint16_t)v;
        p = *end == '.' ? end + 1 : end;
        if (*end && *end != '.') {
            session_failed(s, "a unit is positions separated by dots, like 0.2.1");
            return;
        }
    }
    if (!explorers[h] || explore_cfgs[h].bound >= 0) {
        session_failed(s, "a unit is part of a complete search: start one with bound -1 first");
        return;
    }
    explore_free(explorers[h]);
    explorers[h] = explore_new_unit(m, &explore_cfgs[h], &u);
    session_conclude(s, explorers[h] ? 0 : -1, "out of memory");
}

/* Session h's search (and *s its session), or NULL, reported, when it has
 * none. */
static explorer *search_of(int h, session **s)
{
    *s = session_get(h);
    if (!*s)
        return NULL;
    if (!explorers[h])
        session_failed(*s, "no search was started");
    return explorers[h];
}

/* Runs up to `budget` more executions; then read ls_explore_json. */
EMSCRIPTEN_KEEPALIVE void ls_explore_step(int h, double budget)
{
    session *s;
    explorer *e = search_of(h, &s);
    if (!e)
        return;
    explore_run(e, budget < 1 ? 1 : (uint64_t)budget);
    session_ok(s);
}

/* Ends the search where it stands, incomplete, with `reason` (explore_stop:
 * the host's time limit); then read ls_explore_json. */
EMSCRIPTEN_KEEPALIVE void ls_explore_stop(int h, const char *reason)
{
    session *s;
    explorer *e = search_of(h, &s);
    if (!e)
        return;
    explore_stop(e, reason);
    session_ok(s);
}

/* {"finished", "parts", "needs_units", "result": {...explore_result_json...}, "summary"} */
EMSCRIPTEN_KEEPALIVE const char *ls_explore_json(int h)
{
    sim_machine *m;
    jbuf *b = session_reply(h, &m);
    if (!b || !explorers[h])
        return "null";
    jb_raw(b, "{");
    jb_key(b, "finished");
    jb_raw(b, explore_result_of(explorers[h])->finished ? "true" : "false");
    jb_key(b, "parts");
    jb_int(b, (int64_t)explore_parts(explorers[h]));
    jb_key(b, "needs_units");
    jb_raw(b, explore_needs_units(explorers[h]) ? "true" : "false");
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
    sim_machine *m = session_begin(h, &s);
    if (!m)
        return;
    explore_free(explorers[h]);
    explorers[h] = NULL;
    sim_set_trace(m, true);
    session_conclude(s, sim_reset(m), sim_error(m));
}
