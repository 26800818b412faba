/*
 * Snapshots (core/sim/snapshot.h): a restore gives the same future as the run
 * that was saved, and random walks started from a snapshot are the walks
 * started from a reset; and walks whose steps are taken where the last step
 * ended (core/sim/step.c, sim_pass_turn) are the walks stepped from the host.
 *
 * For generated worlds under every scheduling model and memory model, and
 * for scenarios of the script layer, a run is taken to a random step and
 * saved, then carried to its end by random choices with the trace on.  The
 * snapshot is restored (after the machine went elsewhere) and the same
 * choices are taken again: the trace after the saved step, the timeline, the
 * state and the outcome must be the same, byte for byte, and the same as a
 * fresh run from a reset that takes every choice again without saving.
 */
#include "bcbuild.h"
#include "bcsamples.h"
#include "check.h"
#include "plat/plat_tasks.h"
#include "script/world.h"
#include "sim/explore.h"
#include "sim/snapshot.h"
#include "tworld.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 2026;
static unsigned next(unsigned bound)
{
    uint64_t z = (rng += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return (unsigned)((z ^ (z >> 31)) % bound);
}

/* ---- generated worlds ------------------------------------------------------------ */

#define OPS 3
static struct {
    uint8_t kind[TW_MAX_ACTORS][OPS], cell[TW_MAX_ACTORS][OPS], value[TW_MAX_ACTORS][OPS];
    uint8_t other[TW_MAX_ACTORS][OPS];
} gen;

static plat_a32 *cell_of(tworld *w, int c) { return c ? &w->y : &w->x; }

/* Stores, adds, loads and CAS (each seen), a locked add, a wake, a block and
 * local work: what moves cells, locks, parkers, store buffers and views. */
static void run_ops(tworld *w, int self)
{
    for (int k = 0; k < OPS; k++) {
        plat_a32 *c = cell_of(w, gen.cell[self][k]);
        uint32_t v = gen.value[self][k];
        switch (gen.kind[self][k]) {
        case 0: plat_store32(c, v, PLAT_RELEASE, AT("store")); break;
        case 1: tw_saw(w, self, plat_fetch_add32(c, v, PLAT_RELAXED, AT("add"))); break;
        case 2: tw_saw(w, self, plat_load32(c, PLAT_ACQUIRE, AT("load"))); break;
        case 3: {
            uint32_t expected = 0;
            tw_saw(w, self, plat_cas32(c, &expected, v, PLAT_SEQ_CST, AT("cas")));
            break;
        }
        case 4:
            plat_lock_acquire(&w->m, AT("lock"));
            tw_saw(w, self, plat_fetch_add32(c, 1, PLAT_RELAXED, AT("add")));
            plat_lock_release(&w->m, AT("unlock"));
            break;
        case 5: plat_task_wake(gen.other[self][k], AT("wake")); break;
        case 6: tw_saw(w, self, plat_task_block(100, AT("block"))); break;
        default: tw_work("work"); break;
        }
    }
}

static void generate(tworld *w)
{
    const char *names[] = {"A", "B", "C"};
    int n = 2 + (int)next(2);
    for (int i = 0; i < n; i++) {
        tw_actor_as(w, names[i], SIM_TASK, 1 + (int)next(2), run_ops);
        for (int k = 0; k < OPS; k++) {
            gen.kind[i][k] = (uint8_t)next(8);
            gen.cell[i][k] = (uint8_t)next(2);
            gen.value[i][k] = (uint8_t)(1 + next(3));
            gen.other[i][k] = (uint8_t)next((unsigned)n);
        }
    }
}

/* ---- one comparison --------------------------------------------------------------- */

/* Everything a learner could see of the run from here: the trace after step
 * `after`, the timeline, the state and the outcome. */
static char *seen_from(sim_machine *m, uint64_t after)
{
    jbuf b = {0};
    sim_trace_jsonl(m, after, &b);
    jb_printf(&b, "\n-- history:");
    for (size_t i = 0; i < sim_history_len(m); i++) {
        const sim_step_record *r = &sim_history(m)[i];
        jb_printf(&b, " %d/%d/%d/%d", r->actor, r->kind, r->what, r->arg);
    }
    jb_printf(&b, "\n-- state: ");
    sim_state_json(m, &b);
    jb_printf(&b, "\n-- %s %s %llu", sim_outcome_name(sim_outcome_of(m)), sim_end_message(m),
              (unsigned long long)sim_steps(m));
    return b.text;
}

/* Random choices to the end (at most `limit`), appended to `taken`. */
static int run_random(sim_machine *m, sim_choice *taken, int n, int limit)
{
    while (sim_outcome_of(m) == SIM_RUNNING && n < limit) {
        sim_choice c[SIM_MAX_CHOICES];
        int k = sim_choices(m, c);
        if (k == 0)
            break;
        taken[n] = c[next((unsigned)k)];
        CHECK(sim_take(m, taken[n]) == 0);
        n++;
    }
    return n;
}

static void take_all(sim_machine *m, const sim_choice *taken, int from, int to)
{
    for (int i = from; i < to; i++)
        CHECK(sim_take(m, taken[i]) == 0);
}

#define LIMIT 400

/* Save at a random step, finish, go elsewhere, restore, finish the same way:
 * the same as the first time, and as a fresh run.  Returns 1 when compared. */
static int compare_restore(sim_machine *m, sim_snapshot *s)
{
    sim_choice taken[LIMIT];
    sim_set_trace(m, false);
    CHECK(sim_reset(m) == 0);
    int total = run_random(m, taken, 0, LIMIT);
    if (total < 2)
        return 0;
    int cut = (int)next((unsigned)total);
    /* to the cut, saved there */
    CHECK(sim_reset(m) == 0);
    take_all(m, taken, 0, cut);
    CHECK(sim_snapshot_save(m, s) == 0);
    uint64_t at = sim_steps(m);
    sim_set_trace(m, true);
    take_all(m, taken, cut, total);
    char *first = seen_from(m, at);
    /* elsewhere: another random run, then back */
    sim_set_trace(m, false);
    CHECK(sim_reset(m) == 0);
    sim_choice other[LIMIT];
    run_random(m, other, 0, LIMIT);
    CHECK(sim_snapshot_restore(m, s) == 0);
    CHECK(sim_steps(m) == at);
    sim_set_trace(m, true);
    take_all(m, taken, cut, total);
    char *again = seen_from(m, at);
    /* fresh: from a reset, every choice again, never saved (the trace from
     * the cut on: what came before it is not part of a snapshot's future) */
    sim_set_trace(m, false);
    CHECK(sim_reset(m) == 0);
    take_all(m, taken, 0, cut);
    sim_set_trace(m, true);
    take_all(m, taken, cut, total);
    char *fresh = seen_from(m, at);
    if (strcmp(first, again) != 0 || strcmp(first, fresh) != 0) {
        const char *differs = strcmp(first, again) != 0 ? again : fresh;
        size_t d = 0;
        while (first[d] == differs[d])
            d++;
        d = d > 60 ? d - 60 : 0;
        check_note("first difference (%s): ...%.160s\n   against ...%.160s",
                   differs == again ? "restored" : "fresh", first + d, differs + d);
    }
    if (strcmp(first, again) != 0 || strcmp(first, fresh) != 0)
        check_fail(__FILE__, __LINE__,
                   "restored at step %llu of %d:\n%s\n-- again:\n%s\n-- fresh:\n%s",
                   (unsigned long long)at, total, first, again, fresh);
    free(first);
    free(again);
    free(fresh);
    sim_set_trace(m, false);
    return 1;
}

/* Hands `each` a machine of each of `worlds` generated worlds (a fresh one
 * every time, from the one stream of `generate`) under every scheduling
 * model and every memory model, models outermost; adds up what it returns. */
typedef uint64_t (*on_world)(sim_machine *m, const char *model, int world, void *ctx);
static uint64_t under_every_model(int worlds, on_world each, void *ctx)
{
    const char *models[] = {"threads", "rtos", "executor"};
    const char *memories[] = {"sc", "tso", "ra"};
    uint64_t sum = 0;
    for (int k = 0; k < 3; k++)
        for (int mem = 0; mem < 3; mem++)
            for (int world = 0; world < worlds; world++) {
                tworld w = {0};
                generate(&w);
                sim_config cfg = {.model = models[k], .memory = memories[mem]};
                sum += each(tw_start_cfg(&w, &cfg), models[k], world, ctx);
                tw_free(&w);
            }
    return sum;
}

/* Three restores of one run, each compared (compare_restore); how many were. */
static uint64_t restores_of(sim_machine *m, const char *model, int world, void *snapshot)
{
    (void)model;
    (void)world;
    uint64_t compared = 0;
    for (int round = 0; round < 3; round++)
        compared += (uint64_t)compare_restore(m, snapshot);
    return compared;
}

TEST(a_restore_gives_the_same_future_under_every_model)
{
    sim_snapshot *s = sim_snapshot_new();
    uint64_t compared = under_every_model(40, restores_of, s);
    sim_snapshot_free(s);
    check_note("%llu restores compared", (unsigned long long)compared);
    CHECK(compared > 500);
}

static sim_machine *script_machine(bc_bytes bc, const char *variant, const char *memory,
                                   script_program **p, script_world **w)
{
    char err[300];
    *p = script_decode(bc.p, bc.n, err, sizeof err);
    if (!*p)
        check_fail(__FILE__, __LINE__, "decode: %s", err);
    sim_config cfg = {.variant = variant, .memory = memory};
    *w = script_world_new(*p, &cfg, err, sizeof err);
    if (!*w)
        check_fail(__FILE__, __LINE__, "world: %s", err);
    return script_world_machine(*w);
}

TEST(a_restore_gives_the_same_future_in_scenarios)
{
    bc_bytes samples[] = {sample_mutex(3, 2), sample_everything(), sample_counter(3, 2, 0)};
    const char *memories[] = {"sc", "tso", "ra"};
    int compared = 0;
    sim_snapshot *s = sim_snapshot_new();
    for (size_t k = 0; k < sizeof samples / sizeof samples[0]; k++) {
        for (int mem = 0; mem < 3; mem++) {
            script_program *p;
            script_world *w;
            sim_machine *m = script_machine(samples[k], NULL, memories[mem], &p, &w);
            for (int round = 0; round < 30; round++)
                compared += compare_restore(m, s);
            script_world_free(w);
            script_program_free(p);
        }
        free(samples[k].p);
    }
    sim_snapshot_free(s);
    check_note("%d restores compared", compared);
    CHECK(compared > 200);
}

/* ---- walks ------------------------------------------------------------------------- */

typedef struct ends {
    jbuf b; /* a line per run */
    size_t n;
} ends;

/* Each walk's end, in order: its outcome, steps and state, and its timeline
 * (every step: who, its kind, whether it was a choice, its region, as what). */
static void note_end(sim_machine *m, void *ctx)
{
    ends *e = ctx;
    jb_printf(&e->b, "%s %llu ", sim_outcome_name(sim_outcome_of(m)),
              (unsigned long long)sim_steps(m));
    sim_state_json(m, &e->b);
    const sim_step_record *h = sim_history(m);
    for (size_t k = 0; k < sim_history_len(m); k++)
        jb_printf(&e->b, " %d.%d%s%d.%d.%d", h[k].actor, h[k].kind, h[k].choice ? "?" : "",
                  h[k].region, h[k].what, (int)h[k].arg);
    jb_printf(&e->b, "\n");
    e->n++;
}

static ends walks(sim_machine *m, explore_strategy strategy, explore_replay replay, bool on_host)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.strategy = strategy;
    cfg.replay = replay;
    cfg.walk_on_host = on_host;
    cfg.seed = 7;
    cfg.max_executions = 60;
    cfg.all_runs = true;
    ends e = {0};
    cfg.on_end = note_end;
    cfg.on_end_ctx = &e;
    explorer *x = explore_new(m, &cfg);
    while (!explore_run(x, 1000)) {
    }
    explore_free(x);
    return e;
}

static void same_walks(sim_machine *m, const char *what)
{
    for (int st = EXPLORE_RANDOM; st <= EXPLORE_PCT; st++) {
        const char *name = st == EXPLORE_RANDOM ? "random" : "pct";
        ends root = walks(m, (explore_strategy)st, EXPLORE_REPLAY_ROOT, false);
        ends snap = walks(m, (explore_strategy)st, EXPLORE_REPLAY_SNAPSHOT, false);
        ends host = walks(m, (explore_strategy)st, EXPLORE_REPLAY_SNAPSHOT, true);
        CHECK(root.n == 60);
        if (root.n != snap.n || strcmp(root.b.text, snap.b.text) != 0)
            check_fail(__FILE__, __LINE__, "%s, %s: walks from a snapshot differ", what, name);
        if (host.n != snap.n || strcmp(host.b.text, snap.b.text) != 0)
            check_fail(__FILE__, __LINE__, "%s, %s: walks stepped from the host differ", what,
                       name);
        jb_free(&root.b);
        jb_free(&snap.b);
        jb_free(&host.b);
    }
}

static uint64_t walks_of(sim_machine *m, const char *model, int world, void *ctx)
{
    (void)world;
    (void)ctx;
    same_walks(m, model);
    return 0;
}

TEST(walks_from_a_snapshot_or_stepped_from_the_host_are_the_same)
{
    under_every_model(5, walks_of, NULL);
    bc_bytes bc = sample_mutex(3, 2);
    script_program *p;
    script_world *w;
    sim_machine *m = script_machine(bc, NULL, "sc", &p, &w);
    same_walks(m, "sample_mutex");
    script_world_free(w);
    script_program_free(p);
    free(bc.p);
}

/* ---- the bounded search -------------------------------------------------------- */

typedef struct search_seen {
    ends ends;
    uint64_t executions, pruned, total_steps, progress_calls;
    bool found, complete;
} search_seen;

static void count_progress(const explore_result *r, void *ctx)
{
    (void)r;
    ((search_seen *)ctx)->progress_calls++;
}

static search_seen bounded_search(sim_machine *m, int bound, bool prune, explore_replay replay)
{
    explore_config cfg;
    explore_config_default(&cfg);
    cfg.bound = bound;
    cfg.prune = prune;
    cfg.replay = replay;
    cfg.all_runs = true;
    cfg.max_steps = 300;
    search_seen s;
    memset(&s, 0, sizeof s);
    cfg.on_end = note_end;
    cfg.on_end_ctx = &s.ends;
    cfg.progress = count_progress;
    cfg.progress_ctx = &s;
    explorer *x = explore_new(m, &cfg);
    while (!explore_run(x, 500)) {
    }
    const explore_result *r = explore_result_of(x);
    s.executions = r->executions;
    s.pruned = r->pruned;
    s.total_steps = r->total_steps;
    s.found = r->found;
    s.complete = r->complete;
    explore_free(x);
    return s;
}

/* The same runs in the same order, the same counts, whether each run starts
 * from the root or from a point kept on the path (replay.c); the steps taken
 * in all, and the progress calls that come every so many of them, are fewer
 * from points (those before a point are not taken again), never more. */
static uint64_t same_search(sim_machine *m, int bound, bool prune, const char *what)
{
    search_seen root = bounded_search(m, bound, prune, EXPLORE_REPLAY_ROOT);
    search_seen snap = bounded_search(m, bound, prune, EXPLORE_REPLAY_SNAPSHOT);
    if (root.executions != snap.executions || root.pruned != snap.pruned ||
        root.total_steps < snap.total_steps || root.progress_calls < snap.progress_calls ||
        root.found != snap.found || root.complete != snap.complete || root.ends.n != snap.ends.n ||
        (root.ends.n && strcmp(root.ends.b.text, snap.ends.b.text) != 0))
        check_fail(__FILE__, __LINE__,
                   "%s, bound %d%s: from the root %llu executions, %llu pruned, %llu steps; "
                   "from points %llu, %llu, %llu",
                   what, bound, prune ? "" : " (no sleep sets)",
                   (unsigned long long)root.executions, (unsigned long long)root.pruned,
                   (unsigned long long)root.total_steps, (unsigned long long)snap.executions,
                   (unsigned long long)snap.pruned, (unsigned long long)snap.total_steps);
    jb_free(&root.ends.b);
    jb_free(&snap.ends.b);
    return root.executions;
}

/* A search with bound 2, with sleep sets in every other world; its executions. */
static uint64_t search_of(sim_machine *m, const char *model, int world, void *ctx)
{
    (void)ctx;
    return same_search(m, 2, world % 2 == 0, model);
}

TEST(the_bounded_search_runs_the_same_from_kept_points)
{
    uint64_t executions = under_every_model(4, search_of, NULL);
    bc_bytes samples[] = {sample_mutex(2, 2), sample_everything()};
    for (size_t k = 0; k < sizeof samples / sizeof samples[0]; k++) {
        script_program *p;
        script_world *w;
        sim_machine *m = script_machine(samples[k], NULL, "sc", &p, &w);
        executions += same_search(m, 1, k == 0, "scenario");
        script_world_free(w);
        script_program_free(p);
        free(samples[k].p);
    }
    check_note("%llu executions, each run twice", (unsigned long long)executions);
    CHECK(executions > 1000);
}

/* A world that does not say it keeps its state in the machine is never
 * saved, and a snapshot goes back only into the machine it was taken of. */
static void returns_at_once(void *arg) { (void)arg; }
static int bare_setup(sim_machine *m, void *arg)
{
    (void)arg;
    return sim_add_actor(m, "A", SIM_THREAD, 0, returns_at_once, NULL) < 0 ? -1 : 0;
}

TEST(a_snapshot_is_refused_where_it_cannot_hold)
{
    sim_snapshot *s = sim_snapshot_new();
    sim_machine *bare = sim_new(NULL, bare_setup, NULL, NULL);
    CHECK(sim_reset(bare) == 0);
    CHECK(!sim_snapshot_possible(bare));
    CHECK(sim_snapshot_save(bare, s) == -1);
    CHECK(strstr(sim_error(bare), "outside the machine") != NULL);
    tworld w = {0};
    generate(&w);
    sim_machine *m = tw_start(&w, false);
    CHECK(sim_snapshot_save(m, s) == 0);
    CHECK(sim_snapshot_restore(bare, s) == -1);
    CHECK(strstr(sim_error(bare), "another machine") != NULL);
    sim_set_trace(m, true);
    sim_choice c[SIM_MAX_CHOICES];
    CHECK(sim_choices(m, c) > 0);
    CHECK(sim_take(m, c[0]) == 0);
    CHECK(sim_snapshot_save(m, s) == -1); /* the trace holds events */
    CHECK(strstr(sim_error(m), "trace empty") != NULL);
    sim_free(bare);
    tw_free(&w);
    sim_snapshot_free(s);
}
