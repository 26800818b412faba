/*
 * Priority inheritance, three modes (see mutex.h).  Invariant: in mode
 * SIMPLE and TRANSITIVE an owner never runs at a less urgent priority than a
 * task that waits for a mutex it holds, as long as that task waits (SIMPLE may
 * keep it raised longer than needed; TRANSITIVE keeps it exact).
 *
 * Why it matters: High waits for a mutex that Low holds; Mid, which needs no
 * mutex, is more urgent than Low and takes the processor for as long as it
 * likes.  High now waits for Mid, a task it outranks: priority inversion.
 * Raised to High's priority, Low is no longer preempted by Mid, finishes its
 * critical section and gives the mutex, and High waits only for that.
 *
 * Called inside the mutex's critical section.  Priorities: smaller is more
 * urgent (task.h).
 */
#include "mutex.h"
#include "task.h"

static int rtos_owner_of(const rtos_mutex *m) { return (int)m->owner.v - 1; }

/* The most urgent priority among the tasks waiting for m, or `none`. */
static int rtos_most_urgent_waiter(const rtos_mutex *m, int none)
{
    int best = none;
    for (int id = 0; id < RTOS_MAX_TASKS; id++)
        if (m->wait_mask.v >> id & 1u) {
            int p = rtos_prio_effective(id);
            if (p < best)
                best = p;
        }
    return best;
}

/* TRANSITIVE: the priority task id should have now: its base, or the most
 * urgent waiter of any mutex it holds. */
static int rtos_inherited_priority(int id)
{
    rtos_kernel *k = rtos_kernel_get();
    int p = rtos_prio_base(id);
    for (int i = 0; i < k->n_mutexes; i++)
        if (rtos_owner_of(k->mutexes[i]) == id)
            p = rtos_most_urgent_waiter(k->mutexes[i], p);
    return p;
}

/* TRANSITIVE: bring id to its inherited priority, and on along the chain of
 * owners it waits for (at most one hop per task, so a cycle ends). */
static void rtos_inherit_update_chain(int id)
{
    rtos_kernel *k = rtos_kernel_get();
    for (int hops = 0; id >= 0 && hops < RTOS_MAX_TASKS; hops++) {
        int want = rtos_inherited_priority(id);
        if (want != rtos_prio_effective(id))
            rtos_prio_set(id, want);
        const rtos_tcb *t = &k->task[id];
        if (t->state.v != RTOS_BLOCKED || !t->waits_on_mutex || !t->waits_on)
            return;
        id = rtos_owner_of(t->waits_on);
    }
}

void rtos_inherit_on_wait(rtos_mutex *m, int waiter)
{
    int owner = rtos_owner_of(m);
    switch (m->inherit) {
    case RTOS_INHERIT_SIMPLE:
        /* FreeRTOS (xTaskPriorityInherit): raise the owner, nobody else. */
        if (rtos_prio_effective(waiter) < rtos_prio_effective(owner))
            rtos_prio_set(owner, rtos_prio_effective(waiter));
        return;
    case RTOS_INHERIT_TRANSITIVE: {
        /* The waiter's bit is already in the mask: the owner's inherited
         * priority counts it.  The waiter itself is not blocked yet, so the
         * chain starts at the owner. */
        rtos_inherit_update_chain(owner);
        return;
    }
    default: return; /* NONE: a binary semaphore raises nobody */
    }
}

void rtos_inherit_on_give(rtos_mutex *m, int id)
{
    rtos_kernel *k = rtos_kernel_get();
    switch (m->inherit) {
    case RTOS_INHERIT_SIMPLE:
        /* FreeRTOS (xTaskPriorityDisinherit): back to the base priority only
         * when it holds no mutex any more. */
        if (k->task[id].mutexes_held.v == 0 && rtos_prio_effective(id) != rtos_prio_base(id))
            rtos_prio_set(id, rtos_prio_base(id));
        return;
    case RTOS_INHERIT_TRANSITIVE: {
        rtos_inherit_update_chain(id);
        int next = rtos_owner_of(m); /* the waiters left now wait for the new owner */
        if (next >= 0)
            rtos_inherit_update_chain(next);
        return;
    }
    default: return;
    }
}

void rtos_inherit_on_timeout(rtos_mutex *m)
{
    int owner = rtos_owner_of(m);
    if (owner < 0)
        return;
    rtos_kernel *k = rtos_kernel_get();
    switch (m->inherit) {
    case RTOS_INHERIT_SIMPLE: {
        /* FreeRTOS (vTaskPriorityDisinheritAfterTimeout): only an owner of
         * this one mutex is lowered, to the most urgent remaining waiter. */
        if (k->task[owner].mutexes_held.v != 1)
            return;
        int want = rtos_most_urgent_waiter(m, rtos_prio_base(owner));
        if (want != rtos_prio_effective(owner))
            rtos_prio_set(owner, want);
        return;
    }
    case RTOS_INHERIT_TRANSITIVE: rtos_inherit_update_chain(owner); return;
    default: return;
    }
}
