/*
 * The semaphore (see semaphore.h): Java's Sync, NonfairSync and FairSync.
 *
 * Invariant: the permit count changes only by a successful CAS on the state
 * that read the value it replaces, so no update is lost and no acquire takes
 * a permit twice.  An acquire that would leave the count below zero writes
 * nothing; a release that would pass INT32_MAX, or a reduction below
 * INT32_MIN, writes nothing and is reported.
 *
 * After a failed CAS the loops go on with the value the CAS saw, where Java
 * reads the state again: the same algorithm, one step shorter.
 *
 * Errors say two things: why, for the learner, and what Java throws, word for
 * word as it prints it (Throwable.toString()), so a run can be compared line
 * by line with a real JVM: a negative count throws IllegalArgumentException
 * with no message, the two range checks throw java.lang.Error.
 */
#include "semaphore.h"

static int32_t semaphore_as_int(uint32_t bits) { return (int32_t)bits; }

/* nonfairTryAcquireShared: the permits left after taking `acquires`; a
 * negative result means there were not enough and nothing was taken. */
static int32_t semaphore_nonfair_try(semaphore *s, int32_t acquires)
{
    uint32_t available = plat_load32(&s->sync.state, PLAT_SEQ_CST, AT("read permits"));
    for (;;) {
        int64_t remaining = (int64_t)semaphore_as_int(available) - acquires;
        if (remaining < 0)
            return remaining < INT32_MIN ? INT32_MIN : (int32_t)remaining;
        if (plat_cas32(&s->sync.state, &available, (uint32_t)(int32_t)remaining, PLAT_SEQ_CST,
                       AT("CAS permits: take")))
            return (int32_t)remaining;
    }
}

/* The tryAcquireShared hook: NonfairSync barges; FairSync first asks whether
 * anybody is queued ahead of the caller, and if so does not even try. */
static int32_t semaphore_try_acquire_shared(aqs *q, int32_t acquires, aqs_thread *me)
{
    semaphore *s = (semaphore *)q;
    if (s->fair && aqs_has_queued_predecessors(q, me))
        return -1;
    return semaphore_nonfair_try(s, acquires);
}

/* The tryReleaseShared hook: always true (every release may let somebody in),
 * unless the count would overflow. */
static bool semaphore_try_release_shared(aqs *q, int32_t releases)
{
    uint32_t current = plat_load32(&q->state, PLAT_SEQ_CST, AT("read permits"));
    for (;;) {
        int64_t next = (int64_t)semaphore_as_int(current) + releases;
        if (next > INT32_MAX) {
            plat_misuse_thrown(AT("release: overflow"),
                               "the release would take the count past the largest int, 2147483647",
                               "java", SEMAPHORE_THROWS_OVERFLOW);
            return false;
        }
        if (plat_cas32(&q->state, &current, (uint32_t)(int32_t)next, PLAT_SEQ_CST,
                       AT("CAS permits: give back")))
            return true;
    }
}

void semaphore_init(semaphore *s, int32_t permits, bool fair)
{
    s->fair = fair;
    s->acquire_in_try = plat_variant_is("acquire_in_try");
    s->compensating_release = plat_variant_is("compensating_release");
    aqs_init(&s->sync, permits, semaphore_try_acquire_shared, semaphore_try_release_shared);
}

/* A negative count is the caller's mistake: IllegalArgumentException, checked
 * before anything else (acquire, tryAcquire, release, reducePermits alike). */
static bool semaphore_bad_count(int32_t n)
{
    if (n >= 0)
        return false;
    plat_misuse_thrown(AT("permits < 0"), "the number of permits is negative", "java",
                       SEMAPHORE_THROWS_NEGATIVE);
    return true;
}

int semaphore_acquire(semaphore *s, int32_t permits, aqs_thread *me)
{
    if (semaphore_bad_count(permits))
        return SEMAPHORE_ERROR;
    return aqs_acquire_shared_interruptibly(&s->sync, permits, me);
}

int semaphore_acquire_uninterruptibly(semaphore *s, int32_t permits, aqs_thread *me)
{
    if (semaphore_bad_count(permits))
        return SEMAPHORE_ERROR;
    aqs_acquire_shared(&s->sync, permits, me);
    return AQS_ACQUIRED;
}

bool semaphore_try_acquire(semaphore *s, int32_t permits)
{
    if (semaphore_bad_count(permits))
        return false;
    return semaphore_nonfair_try(s, permits) >= 0; /* even when fair */
}

int semaphore_try_acquire_for(semaphore *s, int32_t permits, int64_t timeout_us, aqs_thread *me)
{
    if (semaphore_bad_count(permits))
        return SEMAPHORE_ERROR;
    return aqs_try_acquire_shared_for(&s->sync, permits, timeout_us, me);
}

void semaphore_release(semaphore *s, int32_t permits)
{
    if (semaphore_bad_count(permits))
        return;
    aqs_release_shared(&s->sync, permits);
}

int32_t semaphore_available_permits(semaphore *s)
{
    return semaphore_as_int(plat_load32(&s->sync.state, PLAT_SEQ_CST, AT("read permits")));
}

int32_t semaphore_drain_permits(semaphore *s)
{
    uint32_t current = plat_load32(&s->sync.state, PLAT_SEQ_CST, AT("read permits"));
    while (current != 0 &&
           !plat_cas32(&s->sync.state, &current, 0, PLAT_SEQ_CST, AT("CAS permits: drain to 0"))) {
        /* the CAS saw another value: drain that */
    }
    return semaphore_as_int(current);
}

void semaphore_reduce_permits(semaphore *s, int32_t reductions)
{
    if (semaphore_bad_count(reductions))
        return;
    uint32_t current = plat_load32(&s->sync.state, PLAT_SEQ_CST, AT("read permits"));
    for (;;) {
        int64_t next = (int64_t)semaphore_as_int(current) - reductions;
        if (next < INT32_MIN) {
            plat_misuse_thrown(AT("reduce: underflow"),
                               "the reduction would take the count below the smallest int, "
                               "-2147483648",
                               "java", SEMAPHORE_THROWS_UNDERFLOW);
            return;
        }
        if (plat_cas32(&s->sync.state, &current, (uint32_t)(int32_t)next, PLAT_SEQ_CST,
                       AT("CAS permits: reduce")))
            return;
    }
}
