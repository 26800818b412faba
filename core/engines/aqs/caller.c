/*
 * The caller patterns (see caller.h).
 *
 * Invariant of the right pattern: a release happens exactly when an acquire
 * succeeded, so every permit that leaves the pool comes back once and the
 * count never drifts.  Each variant breaks it on one path, marked below.
 */
#include "caller.h"

int semaphore_guarded(semaphore *s, int32_t permits, aqs_thread *me, void (*body)(void *arg),
                      void *arg)
{
    if (s->acquire_in_try) {
        /* try { acquire(permits); body(); } finally { release(permits); } */
        int got = semaphore_acquire(s, permits, me);
        if (got == AQS_ACQUIRED)
            body(arg);
        else
            plat_note(AT("acquire_in_try: acquire threw, finally still releases"), permits);
        semaphore_release(s, permits); /* the bug: also when acquire threw */
        return got;
    }
    int got = semaphore_acquire(s, permits, me);
    if (got != AQS_ACQUIRED) {
        plat_note(AT("acquire threw before try: nothing to release"), permits);
        return got;
    }
    body(arg);
    semaphore_release(s, permits); /* finally */
    return got;
}

bool semaphore_try_guarded(semaphore *s, int32_t permits, void (*body)(void *arg), void *arg)
{
    if (!semaphore_try_acquire(s, permits)) {
        if (s->compensating_release) {
            plat_note(AT("compensating_release: release what was never taken"), permits);
            semaphore_release(s, permits); /* the bug */
        }
        return false;
    }
    body(arg);
    semaphore_release(s, permits); /* finally */
    return true;
}
