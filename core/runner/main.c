/*
 * lockstep-run: executes compiled scenario bytecode on the simulated machine,
 * natively.  The same outputs as `npx lockstep run` (which runs the wasm
 * module), so the two can be compared byte for byte.
 *
 *   lockstep-run catalog
 *   lockstep-run run FILE.bc [--variant V] [--schedule S] [--policy P]
 *                [--seed N] [--max-steps N] [--trace OUT.jsonl] [--json]
 *
 * Exit status: 0 when the run executed, 2 for bad input.
 */
#define _POSIX_C_SOURCE 200809L
#include "../script/world.h"
#include "../sim/explore.h"
#include "../sim/run.h"

#include <errno.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int usage(void)
{
    fprintf(stderr, "usage: lockstep-run catalog\n"
                    "       lockstep-run run FILE.bc [--variant V] [--schedule S] [--policy P]\n"
                    "                    [--seed N] [--max-steps N] [--trace OUT.jsonl] [--json]\n"
                    "       lockstep-run explore FILE.bc [--variant V] [--bound K]\n"
                    "                    [--max-executions N] [--strategy dfs|random|pct]\n"
                    "                    [--seed N] [--max-steps N] [--no-prune] [--json]\n");
    return 2;
}

static double now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

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
        unsigned char *bigger = realloc(buf, cap * 2);
        if (!bigger) {
            free(buf);
            buf = NULL;
            break;
        }
        buf = bigger;
        cap *= 2;
    }
    fclose(f);
    *len = n;
    return buf;
}

static int parse_u64(const char *s, uint64_t *out)
{
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (errno || end == s || *end || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 2 && strcmp(argv[1], "catalog") == 0) {
        jbuf b = {0};
        script_catalog_json(&b);
        printf("%s\n", b.text);
        jb_free(&b);
        return 0;
    }
    if (argc < 3 || (strcmp(argv[1], "run") != 0 && strcmp(argv[1], "explore") != 0))
        return usage();
    bool exploring = strcmp(argv[1], "explore") == 0;
    explore_config ecfg;
    explore_config_default(&ecfg);
    const char *file = argv[2], *variant = "correct", *schedule = NULL, *policy_name = "round-robin";
    const char *trace_path = NULL;
    uint64_t seed = 0, max_steps = 100000;
    bool json = false;
    uint64_t u;
    for (int i = 3; i < argc; i++) {
        const char *a = argv[i];
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (strcmp(a, "--json") == 0) {
            json = true;
            continue;
        }
        if (strcmp(a, "--no-prune") == 0) {
            ecfg.prune = false;
            continue;
        }
        if (!v) {
            fprintf(stderr, "lockstep-run: %s needs a value\n", a);
            return 2;
        }
        i++;
        if (strcmp(a, "--variant") == 0)
            variant = v;
        else if (strcmp(a, "--schedule") == 0)
            schedule = v;
        else if (strcmp(a, "--policy") == 0)
            policy_name = v;
        else if (strcmp(a, "--trace") == 0)
            trace_path = v;
        else if (strcmp(a, "--seed") == 0 && parse_u64(v, &seed) == 0)
            continue;
        else if (strcmp(a, "--max-steps") == 0 && parse_u64(v, &max_steps) == 0)
            continue;
        else if (strcmp(a, "--max-executions") == 0 && parse_u64(v, &ecfg.max_executions) == 0)
            continue;
        else if (strcmp(a, "--bound") == 0 && parse_u64(v, &u) == 0 && u <= 64)
            ecfg.bound = (int)u;
        else if (strcmp(a, "--strategy") == 0 && explore_strategy_from_name(v) >= 0)
            ecfg.strategy = (explore_strategy)explore_strategy_from_name(v);
        else {
            fprintf(stderr, "lockstep-run: bad option %s %s\n", a, v);
            return 2;
        }
    }
    int policy = sim_policy_from_name(policy_name);
    if (policy < 0) {
        fprintf(stderr, "lockstep-run: --policy must be manual, round-robin, random, priority or pct\n");
        return 2;
    }
    size_t len;
    unsigned char *bytes = read_file(file, &len);
    if (!bytes) {
        fprintf(stderr, "lockstep-run: cannot read %s: %s\n", file, strerror(errno));
        return 2;
    }
    char err[300];
    script_program *p = script_decode(bytes, len, err, sizeof err);
    free(bytes);
    if (!p) {
        fprintf(stderr, "%s: %s\n", file, err);
        return 2;
    }
    sim_schedule sched;
    sim_schedule_init(&sched);
    if (schedule && sim_schedule_parse(schedule, strlen(schedule), &sched, err, sizeof err) != 0) {
        fprintf(stderr, "lockstep-run: --schedule: %s\n", err);
        script_program_free(p);
        return 2;
    }
    sim_config cfg = {.trace = true, .variant = variant, .seed = seed};
    script_world *w = script_world_new(p, &cfg, err, sizeof err);
    if (!w) {
        fprintf(stderr, "%s: %s\n", file, err);
        sim_schedule_free(&sched);
        script_program_free(p);
        return 2;
    }
    sim_machine *m = script_world_machine(w);
    if (exploring) {
        ecfg.seed = seed;
        if (max_steps != 100000)
            ecfg.max_steps = max_steps;
        double t0 = now_ms();
        explorer *e = explore_new(m, &ecfg);
        while (!explore_run(e, 1000)) {
        }
        double elapsed = now_ms() - t0;
        jbuf out = {0};
        if (json) {
            const explore_result *r = explore_result_of(e);
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
                      "\"bound\":%d,\"complete\":%s,\"elapsed_ms\":%.3f,\"reason\":",
                      (unsigned long long)r->steps, r->preemptions,
                      (unsigned long long)r->executions, (unsigned long long)r->pruned, r->bound,
                      r->complete ? "true" : "false", elapsed);
            jb_str(&out, r->reason);
            jb_raw(&out, "}");
            jb_free(&found_text);
        } else {
            explore_summary_text(e, m, &out);
            jb_printf(&out, "\n%llu executions, %llu pruned, %.1f ms",
                      (unsigned long long)explore_result_of(e)->executions,
                      (unsigned long long)explore_result_of(e)->pruned, elapsed);
            if (explore_result_of(e)->found)
                jb_printf(&out, "\n%s", explore_result_of(e)->message);
        }
        printf("%s\n", out.text);
        jb_free(&out);
        explore_free(e);
        sim_schedule_free(&sched);
        script_world_free(w);
        script_program_free(p);
        return 0;
    }
    sim_run_result res;
    sim_run(m, (sim_policy)policy, schedule ? &sched : NULL, seed, max_steps, &res);
    sim_schedule_free(&sched);

    jbuf out = {0};
    if (trace_path) {
        sim_trace_jsonl(m, 0, &out);
        FILE *f = fopen(trace_path, "w");
        if (!f || fwrite(out.text ? out.text : "", 1, out.len, f) != out.len) {
            fprintf(stderr, "lockstep-run: cannot write %s\n", trace_path);
            return 2;
        }
        fclose(f);
        jb_clear(&out);
    }
    sim_schedule now;
    sim_schedule_of(m, &now);
    jbuf sched_text = {0};
    sim_schedule_text(m, &now, &sched_text);
    sim_schedule_free(&now);
    const char *outcome = res.end == SIM_RUN_LIMIT     ? "limit"
                          : res.end == SIM_RUN_WAITING ? "waiting"
                                                       : sim_outcome_name(sim_outcome_of(m));
    if (json) {
        jb_raw(&out, "{");
        jb_key(&out, "outcome");
        jb_str(&out, outcome);
        jb_key(&out, "steps");
        jb_int(&out, (int64_t)sim_steps(m));
        jb_key(&out, "schedule");
        jb_str(&out, sched_text.text);
        jb_key(&out, "virtual_time");
        jb_int(&out, sim_now(m));
        jb_key(&out, "stuck");
        sim_stuck_json(m, &out);
        jb_key(&out, "violation");
        sim_violation_json(m, &out);
        jb_key(&out, "prints");
        sim_prints_json(m, &out);
        jb_raw(&out, "}");
        printf("%s\n", out.text);
    } else {
        printf("outcome: %s after %llu steps (virtual time %lld us)\n", outcome,
               (unsigned long long)sim_steps(m), (long long)sim_now(m));
        printf("schedule: %s\n", sched_text.text);
        if (res.message[0])
            printf("note: %s\n", res.message);
    }
    jb_free(&out);
    jb_free(&sched_text);
    script_world_free(w);
    script_program_free(p);
    return 0;
}
