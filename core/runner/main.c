/*
 * lockstep-run: executes compiled scenario bytecode on the simulated machine,
 * natively.  It prints what `npx lockstep run` (the wasm module) prints, byte
 * for byte: both write their reports with core/sim/report.c, take the same
 * options with the same messages, and use the scenario's own variant and
 * schedule (carried in the bytecode) unless an option says otherwise.
 *
 *   lockstep-run catalog
 *   lockstep-run run FILE.bc [--variant V] [--memory M] [--schedule S] [--policy P]
 *                [--seed N] [--max-steps N] [--trace OUT.jsonl] [--json]
 *   lockstep-run explore FILE.bc [--variant V] [--memory M] [--bound K|none] [--max-executions N]
 *                [--strategy dfs|random|pct] [--seed N] [--max-steps N]
 *                [--max-total-steps N] [--max-seconds S] [--no-prune] [--stateful] [--dpor]
 *                [--max-states N] [--workers N] [--trace OUT.jsonl] [--json]
 *
 * Exit status: 0 when the run or search executed (whatever its outcome), 2 for
 * bad input (a bad option, bytecode or schedule), with one line on stderr.
 */
#define _POSIX_C_SOURCE 200809L
#include "../script/world.h"
#include "../sim/escape.h"
#include "../sim/explore.h"
#include "../sim/report.h"
#include "../sim/run.h"
#include "../sim/schedule_check.h"
#include "../sim/vec.h"
#include "pool.h"
#include "time_limit.h"
#include "walk_workers.h"
#include "workers.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char USAGE[] =
    "usage: lockstep-run catalog\n"
    "       lockstep-run run FILE.bc [--variant V] [--memory sc|tso|ra] [--schedule S]\n"
    "                    [--policy P] [--seed N] [--max-steps N] [--trace OUT.jsonl] [--json]\n"
    "       lockstep-run explore FILE.bc [--variant V] [--memory sc|tso|ra] [--bound K|none]\n"
    "                    [--max-executions N] [--strategy dfs|random|pct]\n"
    "                    [--seed N] [--max-steps N] [--max-total-steps N] [--max-seconds S]\n"
    "                    [--no-prune] [--stateful] [--dpor] [--max-states N] [--workers N]\n"
    "                    [--trace OUT.jsonl] [--json]\n";

/* ---- options: one table, the same rules and messages as wasm/js/cli/options.js ---- */

enum { RUN = 1, EXPLORE = 2 };

enum option_id {
    O_VARIANT,
    O_SCHEDULE,
    O_POLICY,
    O_SEED,
    O_MAX_STEPS,
    O_TRACE,
    O_JSON,
    O_BOUND,
    O_MAX_EXECUTIONS,
    O_STRATEGY,
    O_NO_PRUNE,
    O_MAX_TOTAL_STEPS,
    O_MEMORY,
    O_WORKERS,
    O_STATEFUL,
    O_MAX_STATES,
    O_DPOR,
    O_MAX_SECONDS,
    O_COUNT
};

typedef struct option {
    const char *name;
    bool takes_value;  /* else a flag */
    unsigned commands; /* RUN, EXPLORE or both */
} option;

static const option OPTIONS[O_COUNT] = {
    [O_VARIANT] = {"--variant", true, RUN | EXPLORE},
    [O_SCHEDULE] = {"--schedule", true, RUN},
    [O_POLICY] = {"--policy", true, RUN},
    [O_SEED] = {"--seed", true, RUN | EXPLORE},
    [O_MAX_STEPS] = {"--max-steps", true, RUN | EXPLORE},
    [O_TRACE] = {"--trace", true, RUN | EXPLORE},
    [O_JSON] = {"--json", false, RUN | EXPLORE},
    [O_BOUND] = {"--bound", true, EXPLORE},
    [O_MAX_EXECUTIONS] = {"--max-executions", true, EXPLORE},
    [O_STRATEGY] = {"--strategy", true, EXPLORE},
    [O_NO_PRUNE] = {"--no-prune", false, EXPLORE},
    [O_MAX_TOTAL_STEPS] = {"--max-total-steps", true, EXPLORE},
    [O_MEMORY] = {"--memory", true, RUN | EXPLORE},
    [O_WORKERS] = {"--workers", true, EXPLORE},
    [O_STATEFUL] = {"--stateful", false, EXPLORE},
    [O_MAX_STATES] = {"--max-states", true, EXPLORE},
    [O_DPOR] = {"--dpor", false, EXPLORE},
    [O_MAX_SECONDS] = {"--max-seconds", true, EXPLORE},
};

/* What the command line said: the file, and each option's value (NULL: not
 * given; "" never stands for a flag, flags get "1"). */
typedef struct args {
    const char *command; /* "lockstep-run run", for messages */
    const char *file;
    const char *value[O_COUNT];
} args;

static int bad(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int bad(const char *fmt, ...)
{
    /* Messages quote arguments and file names: control characters in them
     * are shown escaped (\x1b), never sent to the terminal (sim/escape.h). */
    char raw[1024], shown[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(raw, sizeof raw, fmt, ap);
    va_end(ap);
    fprintf(stderr, "%s\n", text_escape(shown, sizeof shown, raw));
    return 2;
}

/* Reads argv[2..] against the table: "--name value", "--name=value", flags;
 * an unknown, repeated or valueless option is refused.  0, or 2 (reported). */
static int parse_args(int argc, char **argv, unsigned command, args *a)
{
    for (int i = 2; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || strcmp(arg, "-") == 0) {
            if (a->file) {
                fputs(USAGE, stderr);
                return 2;
            }
            a->file = arg;
            continue;
        }
        const char *eq = strchr(arg, '=');
        size_t len = eq && eq != arg ? (size_t)(eq - arg) : strlen(arg);
        int id = -1;
        for (int k = 0; k < O_COUNT; k++)
            if ((OPTIONS[k].commands & command) && strlen(OPTIONS[k].name) == len &&
                strncmp(OPTIONS[k].name, arg, len) == 0)
                id = k;
        if (id < 0)
            return bad("%s: unknown option %.*s (see lockstep-run --help)", a->command, (int)len,
                       arg);
        const char *name = OPTIONS[id].name;
        if (a->value[id])
            return bad("%s: %s is given twice", a->command, name);
        if (!OPTIONS[id].takes_value) {
            if (eq && eq != arg)
                return bad("%s: %s takes no value", a->command, name);
            a->value[id] = "1";
        } else if (eq && eq != arg) {
            a->value[id] = eq + 1;
        } else {
            if (i + 1 >= argc)
                return bad("%s: %s needs a value", a->command, name);
            a->value[id] = argv[++i];
        }
    }
    if (!a->file) {
        fputs(USAGE, stderr);
        return 2;
    }
    return 0;
}

/* The largest whole number both command lines accept (JavaScript's 2^53 - 1). */
#define MAX_WHOLE 9007199254740991ull

/* A whole-number option, or `fallback` if not given.  0, or 2 (reported). */
static int whole(const args *a, int id, uint64_t fallback, uint64_t *out)
{
    const char *s = a->value[id];
    *out = fallback;
    if (!s)
        return 0;
    uint64_t v = 0;
    bool ok = *s != 0;
    for (const char *p = s; *p && ok; p++) {
        if (*p < '0' || *p > '9' || v > (MAX_WHOLE - (uint64_t)(*p - '0')) / 10)
            ok = false;
        else
            v = v * 10 + (uint64_t)(*p - '0');
    }
    if (!ok)
        return bad("%s: %s must be a whole number from 0 to %llu, not '%s'", a->command,
                   OPTIONS[id].name, MAX_WHOLE, s);
    *out = v;
    return 0;
}

/* A time in seconds (--max-seconds): above 0, at most 999999, at most three
 * decimals; 0 when not given.  0, or 2 (reported). */
static int seconds(const args *a, int id, double *out)
{
    const char *s = a->value[id];
    *out = 0;
    if (!s)
        return 0;
    size_t whole_digits = strspn(s, "0123456789"), decimals = 0;
    bool ok = whole_digits > 0 && whole_digits <= 6;
    if (ok && s[whole_digits] == '.') {
        decimals = strspn(s + whole_digits + 1, "0123456789");
        ok = decimals >= 1 && decimals <= 3;
    }
    ok = ok && s[whole_digits + (decimals ? decimals + 1 : 0)] == 0;
    double v = ok ? strtod(s, NULL) : 0;
    if (v <= 0)
        return bad("%s: %s must be a number of seconds above 0 and below 1000000, with at most "
                   "three decimals (30, 0.5), not '%s'",
                   a->command, OPTIONS[id].name, s);
    *out = v;
    return 0;
}

/* ---- reading the bytecode ------------------------------------------------------------ */

static unsigned char *read_file(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    unsigned char *buf = malloc(cap);
    while (buf) {
        size_t got = fread(buf + n, 1, cap - n, f);
        n += got;
        if (n < cap)
            break;
        if (cap >= (64u << 20)) /* far beyond any scenario */
            break;
        unsigned char *bigger = sim_vec_grow(buf, &cap, cap + 1, 1, cap);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
    }
    fclose(f);
    *len = n;
    return buf;
}

/* (the monotonic clock the workers' progress lines read too: pool.h) */
static double now_ms(void) { return pool_now() * 1e3; }

/* "schedule: entry 2 ..." without its "schedule: " (the caller says which one). */
static const char *unprefixed(const char *message)
{
    return strncmp(message, "schedule: ", 10) == 0 ? message + 10 : message;
}

/* The schedule a run starts from: --schedule, else the scenario's own, read
 * and checked against the world.  0, or 2 (reported).  `given` says whether
 * there is one. */
static int starting_schedule(const args *a, const script_program *p, const sim_machine *m,
                             sim_schedule *out, bool *given)
{
    const char *text = a->value[O_SCHEDULE] ? a->value[O_SCHEDULE] : p->schedule;
    *given = text != NULL;
    if (!text)
        return 0;
    /* Whose schedule it is, for the message: the option's, or the file's field. */
    char whose[300];
    if (a->value[O_SCHEDULE])
        snprintf(whose, sizeof whose, "%s: --schedule", a->command);
    else
        snprintf(whose, sizeof whose, "%s: schedule", a->file);
    const char *t = text;
    while (isspace((unsigned char)*t)) /* as sim_schedule_parse skips it */
        t++;
    if (!*t)
        return bad("%s: is empty; write 'v1:' for a schedule with no entries", whose);
    char err[400];
    if (sim_schedule_parse(text, strlen(text), out, err, sizeof err) != 0 ||
        sim_schedule_check(m, out, err, sizeof err) != 0)
        return bad("%s: %s", whose, unprefixed(err));
    return 0;
}

/* ---- the two commands ----------------------------------------------------------------- */

/* --trace OUT: the run's trace as JSON Lines.  0, or 2 (reported). */
static int write_trace(const args *a, const sim_machine *m)
{
    jbuf out = {0};
    sim_trace_jsonl(m, 0, &out);
    FILE *f = fopen(a->value[O_TRACE], "w");
    bool written = f && fwrite(out.text ? out.text : "", 1, out.len, f) == out.len;
    if (f && fclose(f) != 0)
        written = false;
    jb_free(&out);
    if (!written)
        return bad("%s: cannot write %s: %s", a->command, a->value[O_TRACE], strerror(errno));
    return 0;
}

/* The option values, checked before the file is read, in the order
 * `npx lockstep` checks them (so a command line with several mistakes gets
 * the same first message from both). */
typedef struct settings {
    int policy; /* run */
    uint64_t seed, max_steps;
    uint64_t workers;   /* explore: processes the complete search or the walks are split over */
    double max_seconds; /* explore: its time limit, kept here (explore_stop), 0: none */
    explore_config explore;
} settings;

/* An environment variable for tests and benchmarks: unset or empty leaves
 * *out alone; else a whole number of `what` from 1 to 10^12.  0, or 2
 * (reported). */
static int env_whole(const args *a, const char *name, const char *what, uint64_t *out)
{
    const char *text = getenv(name);
    if (!text || !*text)
        return 0;
    uint64_t n = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9' && n <= 1000000000000ull; p++)
        n = n * 10 + (uint64_t)(*p - '0');
    if (*p || n < 1 || n > 1000000000000ull)
        return bad("%s: %s must be a whole number of %s from 1 to 1000000000000, not '%s'",
                   a->command, name, what, text);
    *out = n;
    return 0;
}

/* 0, or 2 (reported). */
static int check_settings(const args *a, unsigned command, settings *st)
{
    explore_config_default(&st->explore);
    if (a->value[O_MEMORY] && !sim_memory_known(a->value[O_MEMORY]))
        return bad("%s: --memory must be " SIM_MEMORY_MODELS ", not '%s'", a->command,
                   a->value[O_MEMORY]);
    if (command == RUN) {
        st->policy = sim_policy_from_name(a->value[O_POLICY] ? a->value[O_POLICY] : "round-robin");
        if (st->policy < 0)
            return bad("%s: --policy must be round-robin, random, priority, pct, manual, not '%s'",
                       a->command, a->value[O_POLICY]);
        return whole(a, O_SEED, 0, &st->seed) || whole(a, O_MAX_STEPS, 100000, &st->max_steps) ? 2
                                                                                               : 0;
    }
    explore_config *e = &st->explore;
    if (a->value[O_STRATEGY]) {
        int s = explore_strategy_from_name(a->value[O_STRATEGY]);
        if (s < 0)
            return bad("%s: --strategy must be dfs, random, pct, not '%s'", a->command,
                       a->value[O_STRATEGY]);
        e->strategy = (explore_strategy)s;
    }
    const char *bound_text = a->value[O_BOUND];
    if (bound_text && strcmp(bound_text, "none") == 0) {
        e->bound = EXPLORE_BOUND_NONE; /* every interleaving: the complete search */
    } else {
        uint64_t bound;
        if (bound_text && (*bound_text < '0' || *bound_text > '9'))
            return bad("%s: --bound must be none or a whole number from 0 to 64, not '%s'",
                       a->command, bound_text);
        if (whole(a, O_BOUND, (uint64_t)e->bound, &bound))
            return 2;
        if (bound > 64)
            return bad("%s: --bound must be at most 64, not %llu", a->command,
                       (unsigned long long)bound);
        e->bound = (int)bound;
    }
    if (whole(a, O_MAX_EXECUTIONS, e->max_executions, &e->max_executions) ||
        whole(a, O_SEED, 0, &st->seed) || whole(a, O_MAX_STEPS, e->max_steps, &st->max_steps))
        return 2;
    e->seed = st->seed;
    e->max_steps = st->max_steps;
    e->prune = a->value[O_NO_PRUNE] == NULL;
    /* (for the benchmarks only, bench/walks.mjs: runs from a reset, the old way) */
    const char *replay = getenv("LOCKSTEP_BENCH_REPLAY");
    if (replay && strcmp(replay, "root") == 0)
        e->replay = EXPLORE_REPLAY_ROOT;
    /* (for the benchmarks and tests only: walks stepped from the host, the old way) */
    const char *walk = getenv("LOCKSTEP_BENCH_WALK");
    e->walk_on_host = walk && strcmp(walk, "host") == 0;
    e->stateful = a->value[O_STATEFUL] != NULL;
    if (e->stateful && (e->strategy != EXPLORE_DFS || (bound_text && e->bound >= 0) || !e->prune ||
                        a->value[O_WORKERS]))
        return bad("%s: --stateful is the complete search with sleep sets on one worker: not "
                   "with --bound K, --strategy random or pct, --no-prune or --workers",
                   a->command);
    if (e->stateful)
        e->bound = EXPLORE_BOUND_NONE;
    if (a->value[O_DPOR] && (e->stateful || e->strategy != EXPLORE_DFS || e->bound >= 0))
        return bad("%s: --dpor is the complete search by partial-order reduction: give --bound "
                   "none (and dfs), not --stateful",
                   a->command);
    if (whole(a, O_MAX_TOTAL_STEPS, e->max_total_steps, &e->max_total_steps))
        return 2;
    if (a->value[O_MAX_TOTAL_STEPS] && e->max_total_steps < 1)
        return bad("%s: --max-total-steps must be at least 1 (a search must end), not 0",
                   a->command);
    if (whole(a, O_MAX_STATES, e->max_states, &e->max_states))
        return 2;
    if (a->value[O_MAX_STATES] && e->max_states < 1)
        return bad("%s: --max-states must be at least 1, not 0", a->command);
    if (seconds(a, O_MAX_SECONDS, &st->max_seconds))
        return 2;
    if (whole(a, O_WORKERS, 1, &st->workers))
        return 2;
    if (st->workers < 1 || st->workers > 64)
        return bad("%s: --workers must be a whole number from 1 to 64, not %llu", a->command,
                   (unsigned long long)st->workers);
    if (st->workers > 1 && e->strategy == EXPLORE_DFS && e->bound >= 0)
        return bad("%s: --workers splits the complete search and the walks: give --bound none, "
                   "or --strategy random or pct",
                   a->command);
    /* (for tests and benchmarks: a complete search's steps alone before it
     * goes on as units, 1: at once, so that small searches split too,
     * complete.c; walks per unit of split walks, walk_units.h) */
    return env_whole(a, "LOCKSTEP_ALONE_STEPS", "steps", &e->alone_steps) ||
                   env_whole(a, "LOCKSTEP_WALK_UNIT", "walks", &e->walk_unit)
               ? 2
               : 0;
}

static int run(const args *a, const settings *st, const script_program *p, script_world *w)
{
    sim_machine *m = script_world_machine(w);
    sim_schedule sched;
    sim_schedule_init(&sched);
    bool given;
    if (starting_schedule(a, p, m, &sched, &given)) {
        sim_schedule_free(&sched);
        return 2;
    }
    sim_run_result res;
    sim_run(m, (sim_policy)st->policy, given ? &sched : NULL, st->seed, st->max_steps, &res);
    sim_schedule_free(&sched);

    if (a->value[O_TRACE] && write_trace(a, m))
        return 2;
    jbuf out = {0};
    if (a->value[O_JSON]) {
        sim_report_json(m, &res, &out);
        jb_raw(&out, "\n");
    } else {
        sim_report_text(m, &res, &out);
    }
    fputs(out.text, stdout);
    jb_free(&out);
    return 0;
}

/* The explorer's progress on stderr, at most once a second (text mode):
 * the same line as `npx lockstep explore`. */
typedef struct progress_clock {
    double t0, reported;
} progress_clock;

static void explore_progress(const explore_result *r, void *ctx)
{
    progress_clock *c = ctx;
    double now = now_ms();
    if (now - c->reported < 1000)
        return;
    c->reported = now;
    fprintf(stderr, "explore: %llu executions", (unsigned long long)r->executions);
    if (r->bound >= 0)
        fprintf(stderr, ", bound %d", r->bound);
    fprintf(stderr, ", %llu steps, %.1f s", (unsigned long long)r->total_steps,
            (now - c->t0) / 1000);
    if (r->states > 0) { /* the stateful search: Knuth's estimate would count the tree its
                          * remembered states cut short (thousands of times too many) */
        fprintf(stderr, ", %llu states remembered", (unsigned long long)r->states);
    } else if (r->bound < 0 && r->done > 0) { /* DPOR: its estimate (estimate.c) */
        double all = (double)r->executions / r->done;
        double rate = (double)r->executions / ((now - c->t0) / 1000);
        fprintf(stderr, ", about %.0f in all, about %.0f s left", all,
                rate > 0 ? (all - (double)r->executions) / rate : 0);
    }
    fputc('\n', stderr);
}

static int explore(const args *a, const settings *st, script_world *w)
{
    sim_machine *m = script_world_machine(w);
    explore_config ecfg = st->explore;
    double t0 = now_ms();
    progress_clock clock = {t0, t0};
    if (!a->value[O_JSON]) {
        ecfg.progress = explore_progress;
        ecfg.progress_ctx = &clock;
    }
    /* --bound none runs the fastest sound complete search we have (measured:
     * bench/README.md): the stateful one wherever it remembers states, on one
     * worker whatever --workers says (so the count is the same), giving way to
     * DPOR where it meets a spin it cannot remember or nearly no state with a key;
     * DPOR elsewhere, or when asked for (--dpor), split over the workers.  The
     * report says which (--json: search, fell_back; the stateful one counts
     * its states). */
    if (ecfg.strategy == EXPLORE_DFS && ecfg.bound < 0 && ecfg.prune && !ecfg.stateful &&
        !a->value[O_DPOR] && explore_stateful_fits(m)) {
        ecfg.stateful = true;
        ecfg.fall_back_to_dpor = true; /* (where it meets what it cannot remember) */
    }
    explorer *e;
    size_t parts = 1; /* the units the search was split into */
    time_limit limit = time_limit_from_now(st->max_seconds);
    if (st->workers > 1) {
        bool lines = !a->value[O_JSON];
        e = ecfg.strategy == EXPLORE_DFS
                ? explore_in_workers(m, &ecfg, (int)st->workers, lines, &limit, &parts)
                : explore_walks_in_workers(m, &ecfg, (int)st->workers, lines, &limit, &parts);
        if (!e)
            return bad("%s: could not start %llu workers", a->command,
                       (unsigned long long)st->workers);
    } else {
        e = explore_new(m, &ecfg);
        time_limit_run(e, &limit);
        parts = explore_parts(e);
    }
    double elapsed = now_ms() - t0;
    const explore_result *r = explore_result_of(e);
    jbuf reads = {0}; /* under ra: which store each stale load of the counterexample read */
    if (r->found) {
        /* The search ran without a trace; replay what it found with one, as
         * `lockstep explore` does, for --trace and for the reads. */
        sim_run_result res;
        sim_set_trace(m, true);
        if (sim_reset(m) != 0) {
            explore_free(e);
            return bad("%s: %s", a->command, sim_error(m));
        }
        sim_run(m, SIM_POLICY_MANUAL, &r->schedule, st->seed, st->max_steps + 1, &res);
        if (a->value[O_TRACE] && write_trace(a, m)) {
            explore_free(e);
            return 2;
        }
        sim_report_reads(m, a->value[O_JSON] != NULL, &reads);
    }
    jbuf out = {0};
    if (a->value[O_JSON]) {
        jbuf found_text = {0};
        if (r->found)
            sim_schedule_text(m, &r->schedule, &found_text);
        jb_printf(&out, "{\"found\":%s,\"kind\":", r->found ? "true" : "false");
        if (r->found)
            jb_str(&out, r->kind);
        else
            jb_raw(&out, "null");
        jb_key(&out, "schedule");
        if (r->found)
            jb_str(&out, found_text.text);
        else
            jb_raw(&out, "null");
        jb_printf(&out,
                  ",\"steps\":%llu,\"preemptions\":%d,\"executions\":%llu,\"pruned\":%llu,"
                  "\"states\":%llu,\"search\":\"%s\",\"fell_back\":%s,\"bound\":%d,"
                  "\"complete\":%s,\"elapsed_ms\":%.3f,\"reason\":",
                  (unsigned long long)r->steps, r->preemptions, (unsigned long long)r->executions,
                  (unsigned long long)r->pruned, (unsigned long long)r->states,
                  explore_search_name(e), r->fell_back ? "true" : "false", r->bound,
                  r->complete ? "true" : "false", elapsed);
        jb_str(&out, r->reason);
        if (st->workers > 1 || parts > 1)
            jb_printf(&out, ",\"parts\":%zu", parts);
        if (reads.len)
            jb_printf(&out, ",%s", reads.text);
        jb_raw(&out, "}");
        jb_free(&found_text);
    } else {
        explore_summary_text(e, m, &out);
        jb_printf(&out, "\n%llu executions, %llu pruned, %.1f ms",
                  (unsigned long long)r->executions, (unsigned long long)r->pruned, elapsed);
        if (r->found)
            jb_printf(&out, "\n%s", r->message);
        if (reads.len) /* its lines end with a newline; printf adds the last */
            jb_printf(&out, "\n%.*s", (int)reads.len - 1, reads.text);
    }
    printf("%s\n", out.text);
    jb_free(&out);
    jb_free(&reads);
    explore_free(e);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 2 && strcmp(argv[1], "catalog") == 0) {
        jbuf b = {0};
        script_catalog_json(&b);
        printf("%s\n", b.text);
        jb_free(&b);
        return 0;
    }
    for (int i = 1; i < argc; i++)
        if (strcmp(argv[i], "--help") == 0 || strcmp(argv[i], "-h") == 0) {
            fputs(USAGE, stdout);
            return 0;
        }
    unsigned command = argc < 2                          ? 0
                       : strcmp(argv[1], "run") == 0     ? RUN
                       : strcmp(argv[1], "explore") == 0 ? EXPLORE
                                                         : 0;
    if (!command) {
        fputs(USAGE, stderr);
        return 2;
    }
    args a = {.command = command == RUN ? "lockstep-run run" : "lockstep-run explore"};
    settings st;
    if (parse_args(argc, argv, command, &a) || check_settings(&a, command, &st))
        return 2;

    size_t len;
    struct stat info;
    if (stat(a.file, &info) == 0 && S_ISDIR(info.st_mode))
        return bad("%s: cannot read %s: it is a directory", a.command, a.file);
    unsigned char *bytes = read_file(a.file, &len);
    if (!bytes) /* in the words of `npx lockstep` */
        return bad("%s: cannot read %s: %s", a.command, a.file,
                   errno == ENOENT ? "no such file" : strerror(errno));
    char err[400];
    script_program *p = script_decode(bytes, len, err, sizeof err);
    free(bytes);
    if (!p)
        return bad("%s: %s", a.file, err);
    int status = 2;
    script_world *w = NULL;
    const char *variant = script_program_variant(p, a.value[O_VARIANT], err, sizeof err);
    if (!variant) {
        bad("%s: --variant: '%s' is not a variant of %s; it has: %s", a.command,
            a.value[O_VARIANT] ? a.value[O_VARIANT] : p->variant, a.file, err);
        goto out;
    }
    sim_config cfg = {
        .trace = true, .variant = variant, .seed = st.seed, .memory = a.value[O_MEMORY]};
    w = script_world_new(p, &cfg, err, sizeof err);
    if (!w) {
        bad("%s: %s", a.file, err);
        goto out;
    }
    status = command == RUN ? run(&a, &st, p, w) : explore(&a, &st, w);
out:
    script_world_free(w);
    script_program_free(p);
    return status;
}
