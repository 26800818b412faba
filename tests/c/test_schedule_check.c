/*
 * Checking a schedule against the machine before running it
 * (core/sim/schedule_check.c): what can never replay is named by its entry,
 * and what may still replay passes (its divergence, if any, is the run's).
 */
#include "check.h"
#include "sim/schedule_check.h"
#include "tworld.h"

#include <string.h>

static void work_once(tworld *w, int self) { tw_work("one"); }

/* The checker's message for `text` on a world of actors A and B, or "ok". */
static const char *checked(const char *text)
{
    static char err[300];
    tworld w = {0};
    tw_actor(&w, "A", work_once);
    tw_actor(&w, "B", work_once);
    sim_machine *m = tw_start(&w, false);
    sim_schedule s;
    if (sim_schedule_parse(text, strlen(text), &s, err, sizeof err) != 0)
        check_fail(__FILE__, __LINE__, "cannot parse %s: %s", text, err);
    const char *out = sim_schedule_check(m, &s, err, sizeof err) == 0 ? "ok" : err;
    sim_schedule_free(&s);
    tw_free(&w);
    return out;
}

TEST(a_missing_actor_is_named_by_its_entry)
{
    CHECK_STR(checked("v1: A Z"),
              "schedule: entry 2 ('Z'): the scenario has no actor 'Z'; its actors are A, B");
    CHECK_STR(checked("v1: [r:3] B b"),
              "schedule: entry 3 ('b'): the scenario has no actor 'b'; its actors are A, B");
    /* the compact form numbers actors: entry 1 chooses actor 3 (tag 4) */
    CHECK_STR(checked("v1.AAEE"),
              "schedule: entry 1: actor number 3; the scenario has 2 actors (A, B)");
}

TEST(a_fingerprint_needs_an_object)
{
    CHECK_STR(checked("v1: A B@cas:"),
              "schedule: entry 2 ('B@cas:'): no object after 'cas:'; write it as B@cas:OBJECT");
    /* the compact form: an action kind that does not exist (99) */
    CHECK_STR(checked("v1.AgEAYwE"), "schedule: entry 1: unknown action kind 99");
}

TEST(what_may_still_replay_passes)
{
    CHECK_STR(checked("v1:"), "ok");
    CHECK_STR(checked("v1: A B A B A B"), "ok");   /* too long: the run says so */
    CHECK_STR(checked("v1: A@cas:nothing"), "ok"); /* a wrong fingerprint: it diverges */
    CHECK_STR(checked("v1: B@work:- [r:7]"), "ok");
}

/* A tick is a choice no actor makes: version 2 writes it without a name, and
 * the explorer's own schedules ("v2: tick tick") must replay. */
TEST(a_tick_names_no_actor)
{
    CHECK_STR(checked("v2: tick tick"), "ok");
    CHECK_STR(checked("v2: A tick B"), "ok");
    CHECK_STR(checked("v2.AAED"), "ok"); /* compact: one entry, tag 3 (other, 0 = tick) */
    CHECK_STR(checked("v2: A tick Z"),
              "schedule: entry 3 ('Z'): the scenario has no actor 'Z'; its actors are A, B");
}
