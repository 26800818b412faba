/*
 * The native rtos port (core/plat/native/rtos_port.c) on real threads with a
 * real tick: a racy counter (a load, then a store of one more, as two
 * platform calls), compiled -DPLAT_NATIVE -DPLAT_NATIVE_RTOS, run by two
 * tasks of equal priority.  The counter is the test's own: the port is the
 * machine's, and tests no engine.
 *
 * What the rtos lessons claim must hold on real preemption too: only one
 * task runs at a time, yet a tick that lands between an increment's load
 * and its store loses an update; masking interrupts around the increment
 * (plat_irq_save) makes the count exact.  And a higher-priority task that
 * wakes from a timed block takes the processor from a busy lower one.
 */
#define _GNU_SOURCE
#define CHECK_MAIN
#include "check.h"
#include "plat/plat_tasks.h"

#include <stdatomic.h>

CHECK_WATCHDOG(60)

#define INCREMENTS 3000000
#define TICK_US 200

/* The shared count.  Its increment is two platform calls, so a tick may fall
 * between them. */
typedef struct counter {
    plat_a32 value;
} counter;

static counter shared;

static void counter_init(counter *c, uint32_t initial) { plat_init32(&c->value, initial); }

static void counter_increment(counter *c)
{
    uint32_t mine = plat_load32(&c->value, PLAT_RELAXED, AT("read value"));
    plat_store32(&c->value, mine + 1, PLAT_RELAXED, AT("write value + 1"));
}
static bool masked;
/* One at a time: between two platform calls nobody else may run, so a task
 * that claims `owner` and busies itself without a platform call must find
 * its claim still there.  (Plain C11 atomics: these are no platform calls.) */
static _Atomic int owner, overlaps;

static void alone_for_a_while(int me)
{
    atomic_store(&owner, me);
    for (volatile int k = 0; k < 200; k++) {
    }
    if (atomic_load(&owner) != me)
        atomic_fetch_add(&overlaps, 1);
}

static void incrementer(void *arg)
{
    int me = (int)(intptr_t)arg;
    for (int i = 0; i < INCREMENTS; i++) {
        plat_irq_state s = {0};
        if (masked)
            s = plat_irq_save(AT("mask"));
        counter_increment(&shared);
        if (masked)
            plat_irq_restore(s, AT("unmask"));
        if ((i & 63) == 0)
            alone_for_a_while(me);
    }
}

static uint32_t run_two(bool mask)
{
    masked = mask;
    counter_init(&shared, 0);
    atomic_store(&overlaps, 0);
    plat_native_rtos_task tasks[2] = {{incrementer, (void *)1, 1}, {incrementer, (void *)2, 1}};
    plat_native_rtos_run(tasks, 2, TICK_US);
    return shared.value.v;
}

TEST(one_task_at_a_time_and_a_tick_between_load_and_store_loses_updates)
{
    uint32_t total = run_two(false);
    check_note("racy counter under a %d us tick: %u of %d (lost %d)", TICK_US, total,
               2 * INCREMENTS, 2 * INCREMENTS - (int)total);
    /* A preemption between a load and its store loses the other task's whole
     * slice of increments, so many are lost; but never two tasks at once. */
    CHECK_EQ(atomic_load(&overlaps), 0);
    CHECK(total <= 2 * INCREMENTS);
    CHECK(total >= INCREMENTS);
    CHECK(total < 2 * INCREMENTS); /* the ticks interleaved the two tasks */
}

TEST(masking_interrupts_around_the_increment_makes_it_exact)
{
    CHECK_EQ(run_two(true), 2 * INCREMENTS);
    CHECK_EQ(atomic_load(&overlaps), 0);
}

static _Atomic uint32_t seen_by_high;
static _Atomic bool high_woken; /* checked by the test: never CHECK inside a task */
static _Atomic bool high_looked;
static _Atomic uint32_t low_did;

/* Busy until the high task has looked (plain C11, no platform call), so the
 * test does not depend on how fast an increment is; the cap ends it should
 * the high task never take the processor. */
#define BUSY_CAP 1000000000u

static void busy_low(void *arg)
{
    (void)arg;
    uint32_t n = 0;
    while (!atomic_load(&high_looked) && n < BUSY_CAP) {
        counter_increment(&shared);
        n++;
    }
    atomic_store(&low_did, n);
}

/* Sleeps 2 ms, then looks; again while the low task has not run yet (on a
 * loaded machine its thread may start late), at most 100 times. */
static void sleepy_high(void *arg)
{
    (void)arg;
    bool woken = false;
    uint32_t seen = 0;
    for (int round = 0; round < 100 && seen == 0; round++) {
        woken |= plat_task_block(plat_native_now_us() + 2000, AT("sleep 2 ms"));
        seen = plat_load32(&shared.value, PLAT_RELAXED, AT("look"));
    }
    atomic_store(&high_woken, woken);
    atomic_store(&seen_by_high, seen);
    atomic_store(&high_looked, true);
}

TEST(a_higher_priority_task_preempts_a_busy_one_when_its_timeout_ends)
{
    counter_init(&shared, 0);
    atomic_store(&high_looked, false);
    plat_native_rtos_task tasks[2] = {{busy_low, NULL, 1}, {sleepy_high, NULL, 2}};
    plat_native_rtos_run(tasks, 2, TICK_US);
    uint32_t seen = atomic_load(&seen_by_high), did = atomic_load(&low_did);
    check_note("the high task woke after 2 ms and saw %u increments; the low one did %u", seen,
               did);
    CHECK(!atomic_load(&high_woken)); /* its timeouts ended the blocks */
    CHECK(seen > 0);                  /* the low one ran while the high one slept */
    CHECK(did < BUSY_CAP);            /* the high one took the processor from the busy low one */
    CHECK(seen <= did);
    CHECK_EQ(shared.value.v, did); /* one at a time: nothing lost */
}
