/*
 * The native backend (core/plat/native) under real pthreads: the `basic`
 * engine's counters, the parker, and the bucket lock.
 *
 * This is the same counter.c a learner steps through in the simulator,
 * compiled with -DPLAT_NATIVE: its plat_* calls are real atomics here.  What
 * the lesson claims must hold on real hardware too: fetch_add never loses an
 * update, load-then-store does.
 *
 * Every test runs under a watchdog (CHECK_WATCHDOG): a lost wakeup shows up
 * as a hang, and a hang must fail the test, not block the build.  make test
 * also runs this file under ThreadSanitizer.
 */
#define _GNU_SOURCE
#define CHECK_MAIN
#include "check.h"
#include "engines/basic/counter.h"

#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>

CHECK_WATCHDOG(60)

#define INCREMENTS 200000
#define MAX_THREADS 8

/* ---- running n threads that start together -------------------------------------- */

typedef struct crew {
    _Atomic int arrived; /* a spinning start line, so the threads really overlap */
    void *shared;
    int n;
    void (*body)(struct crew *c, int index);
} crew;

typedef struct member {
    crew *c;
    int index;
} member;

static void *member_main(void *arg)
{
    member *m = arg;
    /* Spin rather than sleep at the start line: threads woken from a sleep
     * start tens of microseconds apart, and the counters finish in less. */
    atomic_fetch_add(&m->c->arrived, 1);
    while (atomic_load(&m->c->arrived) < m->c->n)
        plat_spin_hint(AT("wait for the others"));
    m->c->body(m->c, m->index);
    return NULL;
}

/* Runs body(c, 0..n-1) on n threads and waits for all of them. */
static void run_crew(int n, void *shared, void (*body)(crew *c, int index))
{
    crew c = {.shared = shared, .n = n, .body = body};
    pthread_t threads[MAX_THREADS];
    member members[MAX_THREADS];
    for (int i = 0; i < n; i++) {
        members[i] = (member){&c, i};
        CHECK_EQ(pthread_create(&threads[i], NULL, member_main, &members[i]), 0);
    }
    for (int i = 0; i < n; i++)
        pthread_join(threads[i], NULL);
}

/* ---- the counters ----------------------------------------------------------------- */

static void increment_atomic(crew *c, int index)
{
    for (int k = 0; k < INCREMENTS; k++)
        atomic_counter_increment(c->shared);
}

static void increment_racy(crew *c, int index)
{
    for (int k = 0; k < INCREMENTS; k++)
        counter_increment(c->shared);
}

TEST(atomic_counter_2_threads_is_exact)
{
    atomic_counter a;
    atomic_counter_init(&a, 0);
    run_crew(2, &a, increment_atomic);
    CHECK_EQ(atomic_counter_get(&a), 2 * INCREMENTS);
}

TEST(atomic_counter_4_threads_is_exact)
{
    atomic_counter a;
    atomic_counter_init(&a, 7);
    run_crew(4, &a, increment_atomic);
    CHECK_EQ(atomic_counter_get(&a), 7 + 4 * INCREMENTS);
}

TEST(racy_counter_loses_updates_but_never_invents_them)
{
    /* Each increment is a load and a separate store: a store can overwrite
     * another thread's updates, never add one.  The lowest possible result
     * is 2, as the lesson shows step by step; how many are lost on real
     * hardware depends on the machine and the moment.  The threads overlap
     * for well under a millisecond, so a round may happen to lose nothing:
     * try a few rounds and report the first that lost updates. */
    uint32_t value = 0;
    int round;
    for (round = 1; round <= 10; round++) {
        counter c;
        counter_init(&c, 0);
        run_crew(2, &c, increment_racy);
        value = counter_get(&c);
        CHECK(value <= 2 * INCREMENTS);
        CHECK(value >= 2);
        if (value < 2 * INCREMENTS)
            break;
    }
    check_note("racy counter: %u of %u increments survived, %u lost (round %d)", value,
               2 * INCREMENTS, 2 * INCREMENTS - value, round > 10 ? 10 : round);
}

/* ---- the parker ------------------------------------------------------------------- */

/* A sleeper publishes its parker, then parks; the test wakes it. */
typedef struct sleeper {
    _Atomic(plat_parker *) parker;
    _Atomic int prepared, returned;
    int64_t deadline_us; /* < 0: sleep without a deadline */
    bool woken;
} sleeper;

static void *sleeper_main(void *arg)
{
    sleeper *s = arg;
    plat_parker *self = plat_parker_self();
    plat_parker_prepare(self, AT("prepare"));
    atomic_store(&s->parker, self);
    atomic_store(&s->prepared, 1);
    if (s->deadline_us < 0) {
        plat_parker_sleep(self, AT("park"));
        s->woken = true;
    } else {
        s->woken = plat_parker_sleep_until(self, s->deadline_us, AT("park until"));
    }
    atomic_store(&s->returned, 1);
    return NULL;
}

static void wait_until_prepared(sleeper *s)
{
    while (!atomic_load(&s->prepared))
        plat_yield(AT("wait"));
}

TEST(parker_wake_ends_a_sleep)
{
    sleeper s = {.deadline_us = -1};
    pthread_t t;
    CHECK_EQ(pthread_create(&t, NULL, sleeper_main, &s), 0);
    wait_until_prepared(&s);
    /* Give it time to really be asleep in the kernel, then wake it. */
    plat_native_sleep_us(2000);
    CHECK_EQ(atomic_load(&s.returned), 0);
    plat_parker_wake(atomic_load(&s.parker), AT("wake"));
    pthread_join(t, NULL);
    CHECK(s.woken);
}

TEST(parker_wake_before_sleep_is_not_lost)
{
    /* On one thread: prepare, wake myself, then sleep returns at once. */
    plat_parker *self = plat_parker_self();
    plat_parker_prepare(self, AT("prepare"));
    plat_parker_wake(self, AT("wake"));
    plat_parker_sleep(self, AT("park")); /* would hang here if the wake were lost */

    /* Across threads: the wake lands between the sleeper's prepare and its
     * sleep (the sleeper checks first, then really sleeps). */
    for (int round = 0; round < 200; round++) {
        sleeper s = {.deadline_us = -1};
        pthread_t t;
        CHECK_EQ(pthread_create(&t, NULL, sleeper_main, &s), 0);
        wait_until_prepared(&s);
        plat_parker_wake(atomic_load(&s.parker), AT("wake"));
        pthread_join(t, NULL);
        CHECK(s.woken);
    }
}

TEST(parker_sleep_until_times_out)
{
    plat_parker *self = plat_parker_self();
    plat_parker_prepare(self, AT("prepare"));
    int64_t t0 = plat_now(AT("now"));
    bool woken = plat_parker_sleep_until(self, t0 + 20000, AT("park 20 ms"));
    int64_t waited = plat_now(AT("now")) - t0;
    CHECK(!woken);
    CHECK(waited >= 20000);
    CHECK(waited < 5000000);
    /* A deadline already past returns at once. */
    CHECK(!plat_parker_sleep_until(self, t0, AT("park until the past")));
}

TEST(parker_sleep_until_woken_in_time_returns_true)
{
    int64_t t0 = plat_now(AT("now"));
    sleeper s = {.deadline_us = t0 + 10 * 1000000};
    pthread_t t;
    CHECK_EQ(pthread_create(&t, NULL, sleeper_main, &s), 0);
    wait_until_prepared(&s);
    plat_native_sleep_us(1000);
    plat_parker_wake(atomic_load(&s.parker), AT("wake"));
    pthread_join(t, NULL);
    CHECK(s.woken);
    CHECK(plat_now(AT("now")) - t0 < 5 * 1000000);
}

/* Two threads hand a turn back and forth through their parkers.  Each waits
 * with the parker protocol: prepare, check the condition, sleep.  A single
 * lost wakeup would hang both (and trip the watchdog). */
#define HANDOFFS 20000

typedef struct relay {
    _Atomic int turn; /* 0 or 1: who may go */
    _Atomic(plat_parker *) parkers[2];
    _Atomic int ready;
    int counts[2];
} relay;

static void relay_leg(crew *c, int me)
{
    relay *r = c->shared;
    plat_parker *self = plat_parker_self();
    atomic_store(&r->parkers[me], self);
    atomic_fetch_add(&r->ready, 1);
    while (atomic_load(&r->ready) < 2)
        plat_yield(AT("wait for the other"));
    plat_parker *other = atomic_load(&r->parkers[1 - me]);
    for (int k = 0; k < HANDOFFS; k++) {
        for (;;) {
            plat_parker_prepare(self, AT("prepare"));
            if (atomic_load(&r->turn) == me)
                break;
            plat_parker_sleep(self, AT("wait for my turn"));
        }
        r->counts[me]++;
        atomic_store(&r->turn, 1 - me);
        plat_parker_wake(other, AT("your turn"));
    }
}

TEST(parker_relay_loses_no_wakeup)
{
    relay r = {0};
    run_crew(2, &r, relay_leg);
    CHECK_EQ(r.counts[0], HANDOFFS);
    CHECK_EQ(r.counts[1], HANDOFFS);
}

/* ---- the bucket lock ----------------------------------------------------------------- */

#define LOCKED_INCREMENTS 100000

typedef struct guarded {
    plat_lock lock;
    long plain;         /* an ordinary variable: only the lock protects it */
    _Atomic int inside; /* how many threads are between acquire and release */
    _Atomic int overlaps;
} guarded;

static void increment_under_lock(crew *c, int index)
{
    guarded *g = c->shared;
    for (int k = 0; k < LOCKED_INCREMENTS; k++) {
        plat_lock_acquire(&g->lock, AT("take"));
        if (atomic_fetch_add(&g->inside, 1) != 0)
            atomic_fetch_add(&g->overlaps, 1);
        g->plain++;
        atomic_fetch_sub(&g->inside, 1);
        plat_lock_release(&g->lock, AT("drop"));
    }
}

TEST(plat_lock_excludes)
{
    guarded g = {0};
    plat_lock_init(&g.lock);
    run_crew(4, &g, increment_under_lock);
    CHECK_EQ(g.plain, 4 * LOCKED_INCREMENTS);
    CHECK_EQ(atomic_load(&g.overlaps), 0);
}
