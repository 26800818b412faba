/*
 * Schedule strings: the readable form people type ("v1 seed=7: A B [r:3]"),
 * the compact form in URLs ("v1.AQcCAgc"), the round trip between them, and
 * the exact error for each kind of bad string.
 *
 * The compact encoding is a compatibility promise: saved links must replay
 * forever.  The byte-level expectations below pin it down (including the
 * numbers of the action kinds in fingerprints); if one of these tests fails
 * after a change, old links broke.
 */
#include "check.h"
#include "tworld.h"

#include <stdlib.h>
#include <string.h>

enum { A, B, C };

static void work_twice(tworld *w, int self)
{
    tw_work("one");
    tw_work("two");
}

static void store_x_twice(tworld *w, int self)
{
    plat_store32(&w->x, 1, PLAT_RELAXED, AT("x = 1"));
    plat_cas32(&w->y, &(uint32_t){0}, 1, PLAT_RELAXED, AT("y: 0 -> 1"));
}

/* The error of parsing `text`, or "ok". */
static const char *parse_error(const char *text)
{
    static char err[200];
    sim_schedule s;
    if (sim_schedule_parse(text, strlen(text), &s, err, sizeof err) == 0) {
        sim_schedule_free(&s);
        return "ok";
    }
    CHECK_EQ(s.n, 0); /* nothing half-parsed is left behind */
    CHECK(s.entries == NULL);
    return err;
}

static char *compact_of(const sim_schedule *s)
{
    jbuf b = {0};
    sim_schedule_compact(s, &b);
    return b.text;
}

/* `text` parsed into *s, which must succeed. */
static void parse_ok(const char *text, sim_schedule *s)
{
    char err[200];
    CHECK_EQ(sim_schedule_parse(text, strlen(text), s, err, sizeof err), 0);
}

/* The compact form of `text` once its names are resolved as a replay would,
 * entry i to actor actors[i]; the caller frees it. */
static char *compact_as(const char *text, const int *actors)
{
    sim_schedule s;
    parse_ok(text, &s);
    for (size_t i = 0; i < s.n; i++)
        s.entries[i].actor = actors[i];
    char *compact = compact_of(&s);
    sim_schedule_free(&s);
    return compact;
}

TEST(readable_form_fields)
{
    const char *text = "v1 seed=7: A B [r:3] B@cas:m A";
    sim_schedule s;
    parse_ok(text, &s);
    CHECK_EQ(s.version, 1);
    CHECK(s.has_seed);
    CHECK_EQ(s.seed, 7);
    CHECK_EQ(s.n, 5);
    CHECK_STR(s.entries[0].actor_name, "A");
    CHECK_EQ(s.entries[0].actor, -1); /* by name: resolved when it is replayed */
    CHECK_EQ(s.entries[0].has_fp, 0);
    CHECK_STR(s.entries[1].actor_name, "B");
    CHECK_EQ(s.entries[2].is_random, 1);
    CHECK_EQ(s.entries[2].value, 3);
    CHECK_STR(s.entries[3].actor_name, "B");
    CHECK_EQ(s.entries[3].has_fp, 1);
    CHECK_EQ(s.entries[3].kind, SIM_ACT_CAS);
    CHECK_STR(s.entries[3].object_name, "m");
    CHECK_STR(s.entries[4].actor_name, "A");
    sim_schedule_free(&s);

    /* Spaces are free: around the whole string, between tokens, none after ':'. */
    CHECK_STR(parse_error("  v1:A\tB\n"), "ok");
    CHECK_STR(parse_error("v1:"), "ok"); /* no choices at all */
}

TEST(compact_form_bytes)
{
    /* flags 0, 3 entries: B (tag 2*1), A (tag 0), [r:3] (tag 2*3+1) */
    sim_schedule s;
    sim_schedule_init(&s);
    sim_sched_entry b = {.actor = 1, .region = -1}, a = {.actor = 0, .region = -1},
                    r = {.is_random = 1, .actor = -1, .region = -1, .value = 3};
    sim_schedule_push(&s, &b);
    sim_schedule_push(&s, &a);
    sim_schedule_push(&s, &r);
    char *text = compact_of(&s);
    CHECK_STR(text, "v1.AAMCAAc"); /* base64url of 00 03 02 00 07 */
    free(text);

    /* with a seed: flags 1, seed 7, 2 entries: B, [r:3] */
    sim_schedule_free(&s);
    s.has_seed = true;
    s.seed = 7;
    sim_schedule_push(&s, &b);
    sim_schedule_push(&s, &r);
    text = compact_of(&s);
    CHECK_STR(text, "v1.AQcCAgc"); /* 01 07 02 02 07 */

    sim_schedule back;
    char err[200];
    CHECK_EQ(sim_schedule_parse(text, strlen(text), &back, err, sizeof err), 0);
    CHECK(back.has_seed);
    CHECK_EQ(back.seed, 7);
    CHECK_EQ(back.n, 2);
    CHECK_EQ(back.entries[0].actor, 1);
    CHECK_EQ(back.entries[1].is_random, 1);
    CHECK_EQ(back.entries[1].value, 3);
    free(text);
    sim_schedule_free(&back);
    sim_schedule_free(&s);
}

TEST(a_runs_schedule_carries_fingerprints)
{
    tworld w = {0};
    tw_actor(&w, "A", work_twice);
    tw_actor(&w, "B", store_x_twice);
    sim_machine *m = tw_start(&w, true);
    sim_run_result res;
    sim_run(m, SIM_POLICY_ROUND_ROBIN, NULL, 0, 100, &res);
    char *text = tw_schedule_text(m), *compact = tw_schedule_compact(m);
    /* ABAB; the last step (B's CAS) was B's alone. */
    CHECK_STR(text, "v1: A B A");
    /* flags 2 (fingerprints), 3 entries, each: tag, kind, 1 + region:
     * A work (16) on nothing (0), B store (2) on x (region 0 -> 1), A work.
     * 02 03 00 10 00 02 02 01 00 10 00 */
    CHECK_STR(compact, "v1.AgMAEAACAgEAEAA");

    sim_schedule s;
    char err[200];
    CHECK_EQ(sim_schedule_parse(compact, strlen(compact), &s, err, sizeof err), 0);
    CHECK_EQ(s.n, 3);
    CHECK_EQ(s.entries[1].actor, B);
    CHECK_EQ(s.entries[1].has_fp, 1);
    CHECK_EQ(s.entries[1].kind, SIM_ACT_STORE);
    CHECK_EQ(s.entries[1].region, 0);
    /* ... and it replays on a fresh machine, fingerprints checked. */
    tw_free(&w);
    m = tw_start(&w, true);
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 100, &res), 0);
    CHECK_EQ(sim_outcome_of(m), SIM_DONE);
    sim_schedule_free(&s);

    /* The same compact string on a world where B does something else at that
     * point is caught by the fingerprint. */
    tw_free(&w);
    memset(&w, 0, sizeof w);
    tw_actor(&w, "A", work_twice);
    tw_actor(&w, "B", work_twice);
    m = tw_start(&w, true);
    CHECK_EQ(sim_schedule_parse(compact, strlen(compact), &s, err, sizeof err), 0);
    CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 100, &res), -1);
    CHECK_STR(res.message, "schedule diverged at step 2: expected B store on x, got B work on -");
    sim_schedule_free(&s);
    free(text);
    free(compact);
    tw_free(&w);
}

static void draw_and_work(tworld *w, int self)
{
    for (int i = 0; i < 3; i++) {
        tw_work("work");
        plat_store32(&w->x, sim_random(sim_running(), 100), PLAT_RELAXED, AT("x = draw"));
    }
}

TEST(readable_and_compact_round_trip)
{
    /* readable -> run -> compact -> parse -> run -> readable gives the text
     * back, and both runs are the same run.  Each actor works, draws (within
     * that same step, so the value follows the choice) and stores the draw,
     * three times; the twelfth step is B's alone and needs no entry. */
    const char *text = "v1: B [r:41] A [r:7] A B B [r:99] A [r:5] A A [r:0] B B [r:63] A";
    char *compact = NULL, *trace1 = NULL;
    for (int round = 0; round < 2; round++) {
        tworld w = {0};
        tw_actor(&w, "A", draw_and_work);
        tw_actor(&w, "B", draw_and_work);
        sim_machine *m = tw_start(&w, true);
        const char *input = round == 0 ? text : compact;
        sim_schedule s;
        char err[200];
        CHECK_EQ(sim_schedule_parse(input, strlen(input), &s, err, sizeof err), 0);
        sim_run_result res;
        CHECK_EQ(sim_run(m, SIM_POLICY_MANUAL, &s, 0, 100, &res), 0);
        CHECK_STR(res.message, "");
        CHECK_EQ(sim_outcome_of(m), SIM_DONE);
        sim_schedule_free(&s);
        char *again = tw_schedule_text(m);
        CHECK_STR(again, text);
        free(again);
        char *trace = tw_trace(m, 0);
        if (round == 0) {
            compact = tw_schedule_compact(m);
            trace1 = trace;
        } else {
            CHECK_STR(trace, trace1);
            free(trace);
        }
        tw_free(&w);
    }
    free(compact);
    free(trace1);
}

TEST(bad_strings_say_what_and_where)
{
    CHECK_STR(parse_error("hello"),
              "schedule: must start with 'v1:', 'v2:' or 'v3:' (readable) or 'v1.', 'v2.' or 'v3.' "
              "(compact)");
    CHECK_STR(parse_error(""),
              "schedule: must start with 'v1:', 'v2:' or 'v3:' (readable) or 'v1.', 'v2.' or 'v3.' "
              "(compact)");
    CHECK_STR(parse_error("v4: A"), "schedule: unsupported version (this is version 3)");
    CHECK_STR(parse_error("v1"), "schedule: expected ':' at column 3");
    CHECK_STR(parse_error("v1 A"), "schedule: expected ':' at column 4");
    CHECK_STR(parse_error("v1: A ? B"), "schedule: unexpected character at column 7: '?'");
    CHECK_STR(parse_error("v1 seed=: A"), "schedule: expected a number after seed= at column 9");
    CHECK_STR(parse_error("v1 seed=99999999999999999999: A"),
              "schedule: the seed at column 28 is too large");
    CHECK_STR(parse_error("v1: A [x:3]"), "schedule: expected [r:N] at column 7");
    CHECK_STR(parse_error("v1: [r:]"), "schedule: bad random value at column 5");
    CHECK_STR(parse_error("v1: [r:3"), "schedule: bad random value at column 5");
    CHECK_STR(parse_error("v1: [r:4294967296]"), "schedule: bad random value at column 5");
    CHECK_STR(parse_error("v1: [r:4294967295]"), "ok"); /* the largest value */
    CHECK_STR(parse_error("v1: A B@frob:m"), "schedule: unknown action at column 7: 'frob'");
    CHECK_STR(parse_error("v1: A@cas"), "schedule: expected ACTOR@action:object at column 5");
    CHECK_STR(parse_error("v1: ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
              "schedule: actor name too long at column 5");
    CHECK_STR(parse_error("v1: A@cas:0123456789012345678901234567890123456789"),
              "schedule: object name too long at column 5");
    CHECK_STR(parse_error("v1: A\0B"), "ok"); /* strlen stops at the NUL: "v1: A" */
    sim_schedule s;
    char err[200];
    CHECK_EQ(sim_schedule_parse("v1: A\0B", 7, &s, err, sizeof err), -1);
    CHECK_STR(err, "schedule: contains a NUL byte");
}

TEST(bad_compact_strings_say_what_and_where)
{
    CHECK_STR(parse_error("v1."), "schedule: the compact form is empty");
    CHECK_STR(parse_error("v1.A*"), "schedule: character 5 is not base64url");
    CHECK_STR(parse_error("v1.AA=="), "schedule: character 6 is not base64url"); /* no padding */
    CHECK_STR(parse_error("v1.BA"), "schedule: unknown flags in byte 1");        /* flags 0x04 */
    CHECK_STR(parse_error("v1.AAE"), "schedule: truncated or malformed near byte 2");
    CHECK_STR(parse_error("v1.AAEAAA"), "schedule: 1 unexpected bytes at the end");
    /* 2^40 entries claimed in a few bytes */
    CHECK_STR(parse_error("v1.AICAgICAIA"), "schedule: bad entry count near byte 7");
}

/* ---- version 2: choices that are not steps ------------------------------------------ */

/* ---- repeat counts: "tick*399" ------------------------------------------------------ */

/* The entries of a readable string as the full readable form writes them back
 * on machine m's names (NULL: by name), to compare two strings' meanings. */
static char *spelled_out(const char *text)
{
    sim_schedule s;
    char err[200];
    jbuf b = {0};
    if (sim_schedule_parse(text, strlen(text), &s, err, sizeof err) != 0) {
        jb_raw(&b, err);
        return b.text;
    }
    sim_schedule_text(NULL, &s, &b);
    sim_schedule_free(&s);
    return b.text;
}

TEST(a_repeat_count_stands_for_that_many_entries)
{
    char *a = spelled_out("v2: A*3 tick*2 B [r:5]*2 ~B*2 A@cas:m*2");
    CHECK_STR(a, "v2: A A A tick tick B [r:5] [r:5] ~B ~B A A");
    free(a);
    sim_schedule s;
    char err[200];
    const char *fp = "v1: A@cas:m*2";
    CHECK_EQ(sim_schedule_parse(fp, strlen(fp), &s, err, sizeof err), 0);
    CHECK_EQ(s.n, 2);
    CHECK_STR(s.entries[1].object_name, "m"); /* the count is not part of the object's name */
    CHECK_EQ(s.entries[1].kind, SIM_ACT_CAS);
    sim_schedule_free(&s);
    /* a string without counts reads as it always did */
    char *old = spelled_out("v1: A B B A");
    CHECK_STR(old, "v1: A B B A");
    free(old);
    CHECK_STR(parse_error("v1: A*"),
              "schedule: expected a count from 1 to 1000000 after '*' at column 7");
    CHECK_STR(parse_error("v1: A*0"),
              "schedule: expected a count from 1 to 1000000 after '*' at column 8");
    CHECK_STR(parse_error("v1: A*1000001"),
              "schedule: expected a count from 1 to 1000000 after '*' at column 14");
    CHECK_STR(parse_error("v1: A*999999999999"),
              "schedule: expected a count from 1 to 1000000 after '*' at column 15");
    CHECK_STR(parse_error("v1: A*600000 B*400000"), "ok");
    CHECK_STR(parse_error("v1: A*600000 B*400001"), "schedule: more than 1000000 entries");
}

TEST(the_counted_form_writes_runs_and_reads_back_the_same)
{
    const char *text = "v2: A A B B B tick tick tick [r:4] [r:4] [r:5] ~B ~B ~B";
    sim_schedule s;
    parse_ok(text, &s);
    jbuf two = {0}, three = {0}, cut = {0};
    CHECK_EQ(sim_schedule_text_counted(NULL, &s, 2, 100, &two), s.n);
    CHECK_STR(two.text, "v2: A*2 B*3 tick*3 [r:4]*2 [r:5] ~B*3");
    CHECK_EQ(sim_schedule_text_counted(NULL, &s, 3, 100, &three), s.n);
    /* runs shorter than min_run are written out */
    CHECK_STR(three.text, "v2: A A B*3 tick*3 [r:4] [r:4] [r:5] ~B*3");
    CHECK_EQ(sim_schedule_text_counted(NULL, &s, 3, 3, &cut), 5);
    CHECK_STR(cut.text, "v2: A A B*3"); /* cut after three tokens: five entries written */
    char *back = spelled_out(two.text);
    CHECK_STR(back, "v2: A A B B B tick tick tick [r:4] [r:4] [r:5] ~B ~B ~B");
    free(back);
    jb_free(&two);
    jb_free(&three);
    jb_free(&cut);
    sim_schedule_free(&s);
}

TEST(v2_readable_form_fields)
{
    const char *text = "v2 seed=3: A !H tick ~B =tick [r:2] B@cas:m";
    sim_schedule s;
    parse_ok(text, &s);
    CHECK_EQ(s.version, 2);
    CHECK_EQ(s.seed, 3);
    CHECK_EQ(s.n, 7);
    CHECK_EQ(s.entries[0].what, SIM_CHOICE_STEP);
    CHECK_STR(s.entries[0].actor_name, "A");
    CHECK_EQ(s.entries[1].what, SIM_CHOICE_IRQ);
    CHECK_STR(s.entries[1].actor_name, "H");
    CHECK_EQ(s.entries[2].what, SIM_CHOICE_TICK);
    CHECK_EQ(s.entries[3].what, SIM_CHOICE_DROP);
    CHECK_STR(s.entries[3].actor_name, "B");
    CHECK_EQ(s.entries[4].what, SIM_CHOICE_STEP); /* an actor called "tick" */
    CHECK_STR(s.entries[4].actor_name, "tick");
    CHECK_EQ(s.entries[5].is_random, 1);
    CHECK_EQ(s.entries[6].has_fp, 1);
    CHECK_EQ(s.entries[6].kind, SIM_ACT_CAS);
    sim_schedule_free(&s);
    /* v1 knows no such tokens: a v1 string reads exactly as it always did */
    CHECK_STR(parse_error("v1: A !H"), "schedule: unexpected character at column 7: '!'");
    CHECK_STR(parse_error("v2: A ! B"), "schedule: expected an actor's name after '!' at column 7");
    /* found by the fuzzer: '=' at the very end was read past */
    CHECK_STR(parse_error("v2 seed=7: A [r:3] B Cd="),
              "schedule: expected an actor's name after '=' at column 24");
    CHECK_STR(parse_error("v2: ~"), "schedule: expected an actor's name after '~' at column 5");
}

/* ---- version 3: the memory models' choices --------------------------------------- */

/* One of the memory models' choices as both forms carry it: `text` reads as
 * version 3 with `n` entries, `entry` naming where the choice is and what it
 * is; with its names resolved to `actors`, its compact form is `compact`,
 * which reads back to the same choice by actor index; and each bad string is
 * refused with its message. */
typedef struct {
    size_t at;       /* which entry */
    int what;        /* its sim_choice_kind */
    const char *who; /* its actor by name (the readable form) */
    int actor;       /* and by index (the compact form) */
    int arg;         /* its number, or -1 for none */
} v3_entry;

typedef struct {
    const char *text;
    size_t n;
    v3_entry entry;
    const int *actors;
    const char *compact;
    const char *bad[5][2]; /* {string, its error}, up to the first {NULL} */
} v3_choice;

static void check_entry(const sim_sched_entry *e, const v3_entry *want)
{
    CHECK_EQ(e->what, want->what);
    if (want->arg >= 0)
        CHECK_EQ(e->arg, want->arg);
}

static void check_v3_choice(const v3_choice *c)
{
    const v3_entry *want = &c->entry;
    sim_schedule s;
    parse_ok(c->text, &s);
    CHECK_EQ(s.version, 3);
    CHECK_EQ(s.n, c->n);
    check_entry(&s.entries[want->at], want);
    CHECK_STR(s.entries[want->at].actor_name, want->who);
    sim_schedule_free(&s);
    char *compact = compact_as(c->text, c->actors);
    CHECK_STR(compact, c->compact);
    parse_ok(compact, &s);
    free(compact);
    check_entry(&s.entries[want->at], want);
    CHECK_EQ(s.entries[want->at].actor, want->actor);
    sim_schedule_free(&s);
    for (size_t i = 0; i < sizeof c->bad / sizeof c->bad[0] && c->bad[i][0]; i++)
        CHECK_STR(parse_error(c->bad[i][0]), c->bad[i][1]);
}

TEST(v3_flushes_need_version_3)
{
    check_v3_choice(&(v3_choice){
        .text = "v3: A ^A B",
        .n = 3,
        .entry = {1, SIM_CHOICE_FLUSH, "A", 0, -1},
        .actors = (const int[]){0, 0, 1},
        /* flags 0, 3 entries: step A (0), flush (2<<2|3 = 11, then actor 0), step B (1<<2) */
        .compact = "v3.AAMACwAE",
        .bad =
            {
                /* a version-2 string cannot hold a flush: the version says a weak model ran */
                {"v2: A ^A", "schedule: flush at column 7 needs version 3 (start with 'v3:')"},
                {"v3: ^", "schedule: expected an actor's name after '^' at column 5"},
            },
    });
}

TEST(v3_read_from_names_its_store)
{
    /* MP under ra: B's load of data reads store 0 (the initial value) */
    check_v3_choice(&(v3_choice){
        .text = "v3: A A B <B:0",
        .n = 4,
        .entry = {3, SIM_CHOICE_READ_FROM, "B", 1, 0},
        .actors = (const int[]){0, 0, 1, 1},
        /* flags 0, 4 entries: A, A, B (1<<2), read_from (3<<2|3 = 15, actor 1, store 0) */
        .compact = "v3.AAQAAAQPAQA",
        .bad =
            {
                {"v2: A <B:0",
                 "schedule: read_from at column 7 needs version 3 (start with 'v3:')"},
                {"v3: <B", "schedule: expected ':N' after '<B' at column 5"},
                {"v3: <B:x", "schedule: expected ':N' after '<B' at column 5"},
                {"v3: <B:99999999999", "schedule: the number at column 5 is too large"},
                {"v3: <:1", "schedule: expected an actor's name after '<' at column 5"},
            },
    });
    /* a store index past one byte is a varint: store 200 of actor 1 */
    sim_schedule s;
    parse_ok("v3.AAEPAcgB", &s);
    CHECK_EQ(s.entries[0].what, SIM_CHOICE_READ_FROM);
    CHECK_EQ(s.entries[0].actor, 1);
    CHECK_EQ(s.entries[0].arg, 200);
    sim_schedule_free(&s);
    /* the compact form's store must fit: a varint past 2^31 is refused */
    CHECK(strcmp(parse_error("v3.AAEPAYCAgIAI"), "ok") != 0);
}

TEST(v3_place_names_where_the_store_goes)
{
    /* 2+2W under ra: B's store of x takes place 1, before A's store */
    check_v3_choice(&(v3_choice){
        .text = "v3: A A B >B:1 B A",
        .n = 6,
        .entry = {3, SIM_CHOICE_PLACE, "B", 1, 1},
        .actors = (const int[]){0, 0, 1, 1, 1, 0},
        /* flags 0, 6 entries: A, A, B (1<<2), place (4<<2|3 = 19, actor 1, place 1), B, A */
        .compact = "v3.AAYAAAQTAQEEAA",
        .bad =
            {
                {"v2: A >B:1", "schedule: place at column 7 needs version 3 (start with 'v3:')"},
                {"v3: A >B", "schedule: expected ':N' after '>B' at column 7"},
                {"v3: >B:x", "schedule: expected ':N' after '>B' at column 5"},
                {"v3: >:1", "schedule: expected an actor's name after '>' at column 5"},
            },
    });
}

TEST(v2_compact_form_bytes)
{
    /* flags 0, 5 entries: step B (tag 1<<2), irq of actor 3 (3<<2|2), tick
     * (0<<2|3), drop of actor 2 (1<<2|3, then 2), [r:3] (3<<2|1) */
    sim_schedule s;
    sim_schedule_init(&s);
    sim_sched_entry e[5] = {
        {.actor = 1, .region = -1},
        {.what = SIM_CHOICE_IRQ, .actor = 3, .region = -1},
        {.what = SIM_CHOICE_TICK, .actor = -1, .region = -1},
        {.what = SIM_CHOICE_DROP, .actor = 2, .region = -1},
        {.is_random = 1, .actor = -1, .region = -1, .value = 3},
    };
    for (int i = 0; i < 5; i++)
        sim_schedule_push(&s, &e[i]);
    char *text = compact_of(&s);
    CHECK_STR(text, "v2.AAUEDgMHAg0"); /* base64url of 00 05 04 0e 03 07 02 0d */
    sim_schedule back;
    char err[200];
    CHECK_EQ(sim_schedule_parse(text, strlen(text), &back, err, sizeof err), 0);
    CHECK_EQ(back.n, 5);
    for (int i = 0; i < 5; i++) {
        CHECK_EQ(back.entries[i].what, e[i].what);
        CHECK_EQ(back.entries[i].is_random, e[i].is_random);
        CHECK_EQ(back.entries[i].actor, e[i].actor);
    }
    CHECK_EQ(back.entries[4].value, 3);
    free(text);
    sim_schedule_free(&back);
    sim_schedule_free(&s);
    CHECK_STR(parse_error("v2.AAEP"), "schedule: truncated or malformed near byte 3");
}

static void read_x_once(tworld *w, int self)
{
    tw_saw(w, self, plat_load32(&w->x, PLAT_RELAXED, AT("read x")));
}

TEST(v2_readable_and_compact_round_trip_on_an_rtos)
{
    /* A prefix with an interrupt and a tick, then round-robin to the end;
     * the run's schedule, read back in either form, replays the same run. */
    char *text = NULL, *compact = NULL, *history = NULL, *trace = NULL;
    for (int round = 0; round < 3; round++) {
        tworld w = {0};
        tw_actor_as(&w, "A", SIM_TASK, 1, store_x_twice);
        tw_actor_as(&w, "B", SIM_TASK, 1, work_twice);
        tw_actor_as(&w, "H", SIM_ISR, 9, read_x_once);
        sim_config cfg = {.trace = true, .model = "rtos"};
        sim_machine *m = tw_start_cfg(&w, &cfg);
        const char *input = round == 0 ? "v2: A !H tick" : round == 1 ? text : compact;
        sim_schedule s;
        char err[200];
        CHECK_EQ(sim_schedule_parse(input, strlen(input), &s, err, sizeof err), 0);
        sim_run_result res;
        CHECK_EQ(
            sim_run(m, round == 0 ? SIM_POLICY_ROUND_ROBIN : SIM_POLICY_MANUAL, &s, 0, 100, &res),
            0);
        CHECK_STR(res.message, "");
        CHECK_EQ(sim_outcome_of(m), SIM_DONE);
        CHECK_EQ(w.seen[2][0], 1); /* H ran after A's first store */
        sim_schedule_free(&s);
        char *h = tw_history(m), *t = tw_trace(m, 0), *again = tw_schedule_text(m);
        if (round == 0) {
            text = again;
            compact = tw_schedule_compact(m);
            history = h;
            trace = t;
            CHECK(strncmp(text, "v2: A !H tick", 13) == 0);
            CHECK(strncmp(compact, "v2.", 3) == 0);
        } else {
            CHECK_STR(again, text);
            CHECK_STR(h, history);
            CHECK_STR(t, trace);
            free(again);
            free(h);
            free(t);
        }
        tw_free(&w);
    }
    free(text);
    free(compact);
    free(history);
    free(trace);
}
