/*
 * Fuzz target: schedule strings, parsed, re-encoded and replayed.
 *
 * A schedule comes from a URL, so sim_schedule_parse() must refuse anything
 * malformed with a message.  A string that parses must also:
 *
 *   1. survive the compact form: compact(parse(compact(s))) == compact(s);
 *   2. be safe to replay against a small fixed world (three actors, a lock, a
 *      racy counter, random draws, a sleep, a timed park), whatever actors,
 *      fingerprints, random values, flushes and reads-from it names, under
 *      the memory model its choices need (ra for a read_from, tso for a
 *      flush; otherwise sc, tso or ra by the input's length);
 *   3. when that replay did not diverge, produce a run whose own schedule, in
 *      every form (readable, readable with repeat counts, compact), replays to
 *      the very same run (same steps, same trace bytes).
 *
 * Property 3 is the promise a shared link makes: the schedule string of a run
 * reproduces it exactly.
 */
#include "sim/machine.h"
#include "sim/run.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_STEPS 300

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* ---- the fixed world --------------------------------------------------------------- */

static struct world {
    plat_a32 x, racy;
    plat_lock m;
} world;

static void racy_increment(void)
{
    uint32_t v = plat_load32(&world.racy, PLAT_RELAXED, AT("read"));
    plat_store32(&world.racy, v + 1, PLAT_RELAXED, AT("write"));
}

static void actor_a(void *arg)
{
    racy_increment();
    racy_increment();
    plat_lock_acquire(&world.m, AT("take m"));
    /* drawn after a step, never while the world is built */
    uint32_t r = sim_random(sim_running(), 4);
    plat_store32(&world.x, r, PLAT_RELAXED, AT("x = draw"));
    plat_lock_release(&world.m, AT("drop m"));
}

static void actor_b(void *arg)
{
    plat_lock_acquire(&world.m, AT("take m"));
    plat_fetch_add32(&world.x, 10, PLAT_RELAXED, AT("x += 10"));
    plat_lock_release(&world.m, AT("drop m"));
    plat_sleep_until(10, AT("sleep until 10"));
    plat_parker_prepare(plat_parker_self(), AT("prepare"));
    plat_parker_sleep_until(plat_parker_self(), 30, AT("park until 30"));
    uint32_t r = sim_random(sim_running(), 1000);
    plat_store32(&world.x, r, PLAT_RELAXED, AT("x = draw"));
}

static void actor_c(void *arg)
{
    plat_yield(AT("yield"));
    plat_yield(AT("yield"));
    plat_parker_wake(sim_parker_of(sim_running(), 1), AT("wake B"));
    racy_increment();
}

static int setup(sim_machine *m, void *arg)
{
    memset(&world, 0, sizeof world);
    plat_lock_init(&world.m);
    if (sim_add_region(m, "x", &world.x, sizeof world.x, 0, 0) < 0 ||
        sim_add_region(m, "racy", &world.racy, sizeof world.racy, 0, 0) < 0 ||
        sim_add_region(m, "m", &world.m, sizeof world.m, 0, 0) < 0)
        return -1;
    if (sim_add_actor(m, "A", SIM_THREAD, 0, actor_a, NULL) < 0 ||
        sim_add_actor(m, "B", SIM_THREAD, 0, actor_b, NULL) < 0 ||
        sim_add_actor(m, "C", SIM_THREAD, 0, actor_c, NULL) < 0)
        return -1;
    return 0;
}

/* ---- helpers ---------------------------------------------------------------------- */

/* The memory model a schedule replays under: the one its choices need. */
static const char *memory_for(const sim_schedule *s, size_t size)
{
    static const char *const models[] = {"sc", "tso", "ra"};
    bool flush = false;
    for (size_t i = 0; i < s->n; i++) {
        if (s->entries[i].is_random)
            continue;
        if (s->entries[i].what == SIM_CHOICE_READ_FROM)
            return "ra";
        flush = flush || s->entries[i].what == SIM_CHOICE_FLUSH;
    }
    return flush ? "tso" : models[size % 3];
}

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_schedule: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    abort();
}

static char *compact_of(const sim_schedule *s)
{
    jbuf b = {0};
    sim_schedule_compact(s, &b);
    if (b.failed || !b.text)
        fail("compact form failed", NULL);
    return b.text;
}

static char *trace_of(sim_machine *m)
{
    jbuf b = {0};
    sim_trace_jsonl(m, 0, &b);
    return b.text ? b.text : calloc(1, 1);
}

/* Replays `text` on a fresh run of the world, the learner's way (manual: every
 * choice from the schedule), and checks it is the run `steps` and `trace`. */
static void replays_exactly(sim_machine *m, const char *text, uint64_t steps, const char *trace)
{
    sim_schedule s;
    char err[256];
    if (sim_schedule_parse(text, strlen(text), &s, err, sizeof err) != 0)
        fail("a run's own schedule does not parse", err);
    if (sim_reset(m) != 0)
        fail("reset failed", sim_error(m));
    sim_run_result res;
    if (sim_run(m, SIM_POLICY_MANUAL, &s, 0, MAX_STEPS, &res) != 0)
        fail("a run's own schedule diverged", res.message);
    if (sim_steps(m) != steps)
        fail("a run's own schedule replayed a different number of steps", text);
    char *again = trace_of(m);
    if (strcmp(again, trace) != 0)
        fail("a run's own schedule replayed a different trace", text);
    free(again);
    sim_schedule_free(&s);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    sim_schedule s;
    char err[256];
    if (sim_schedule_parse((const char *)data, size, &s, err, sizeof err) != 0) {
        if (strncmp(err, "schedule: ", 10) != 0)
            fail("refused without a proper message", err);
        return 0;
    }

    /* 1. the compact form is stable */
    char *c1 = compact_of(&s);
    sim_schedule s2;
    if (sim_schedule_parse(c1, strlen(c1), &s2, err, sizeof err) != 0)
        fail("the compact form does not parse", err);
    char *c2 = compact_of(&s2);
    if (strcmp(c1, c2) != 0)
        fail("the compact form changed on a round trip", c1);
    if (s2.n != s.n)
        fail("the compact form lost entries", c1);
    free(c1);
    free(c2);
    sim_schedule_free(&s2);

    /* 2. replaying it is safe */
    sim_config cfg = {.trace = true, .stack_size = 0, .memory = memory_for(&s, size)};
    sim_machine *m = sim_new(&cfg, setup, NULL, NULL);
    if (!m || sim_reset(m) != 0)
        fail("the world cannot be built", m ? sim_error(m) : NULL);
    sim_run_result res;
    int rc = sim_run(m, SIM_POLICY_ROUND_ROBIN, &s, 0, MAX_STEPS, &res);
    sim_schedule_free(&s);
    if (rc != 0 && sim_outcome_of(m) != SIM_ERROR)
        fail("a refused schedule left the run going", res.message);

    /* 3. the run's schedule reproduces the run, in both forms */
    if (rc == 0) {
        uint64_t steps = sim_steps(m);
        char *trace = trace_of(m);
        sim_schedule mine;
        if (sim_schedule_of(m, &mine) != 0)
            fail("no schedule for the run", NULL);
        jbuf readable = {0}, counted = {0};
        sim_schedule_text(m, &mine, &readable);
        /* the same with repeat counts ("A*3"), as the text report writes it */
        if (sim_schedule_text_counted(m, &mine, 2, mine.n, &counted) != mine.n)
            fail("the counted form left entries out", readable.text);
        char *compact = compact_of(&mine);
        sim_schedule_free(&mine);
        replays_exactly(m, readable.text, steps, trace);
        replays_exactly(m, counted.text, steps, trace);
        replays_exactly(m, compact, steps, trace);
        jb_free(&readable);
        jb_free(&counted);
        free(compact);
        free(trace);
    }
    sim_free(m);
    return 0;
}
