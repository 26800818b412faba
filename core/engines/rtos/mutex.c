/*
 * The mutex (see mutex.h).  Invariant: owner is the holder's id + 1 (0: free),
 * only the owner gives, and a give hands the mutex to the most urgent waiter.
 *
 * It is the semaphore's shape (a count of one, a wait mask, one critical
 * section per operation) plus two things a semaphore cannot have, because a
 * semaphore's unit belongs to nobody: an owner, so giving from another task is
 * caught, and priority inheritance, which needs to know whom to raise.
 */
#include "mutex.h"
#include "critical.h"
#include "task.h"

void rtos_mutex_init(rtos_mutex *m, int inherit)
{
    plat_init16(&m->owner, 0);
    plat_init16(&m->wait_mask, 0);
    rtos_kernel *k = rtos_kernel_get();
    m->inherit = k->flags.no_inheritance ? RTOS_INHERIT_NONE : (uint8_t)inherit;
    if (k->n_mutexes < RTOS_MAX_MUTEXES)
        k->mutexes[k->n_mutexes++] = m;
    else
        plat_misuse(AT("mutex_init"), "mutex_init: at most 8 mutexes");
}

static int rtos_mutex_lowest_bit(uint16_t mask)
{
    int n = 0;
    while (!(mask & 1u)) {
        mask >>= 1;
        n++;
    }
    return n;
}

int rtos_mutex_take(rtos_mutex *m, uint32_t timeout)
{
    int me = rtos_task_current();
    if (me < 0) {
        plat_misuse(AT("mutex_take in an interrupt handler"),
                    "mutex_take from an interrupt handler: a handler cannot wait, and cannot own");
        return RTOS_ERROR;
    }
    rtos_kernel *k = rtos_kernel_get();
    rtos_key key = rtos_enter_critical();
    uint16_t owner = plat_load16(&m->owner, PLAT_RELAXED, AT("owner == 0?"));
    if (owner == 0) {
        plat_store16(&m->owner, (uint16_t)(me + 1), PLAT_RELAXED, AT("owner = me"));
        plat_fetch_add8(&k->task[me].mutexes_held, 1, PLAT_RELAXED, AT("mutexes held++"));
        rtos_exit_critical(key);
        return RTOS_OK;
    }
    if (owner == me + 1) {
        rtos_exit_critical(key);
        plat_misuse(AT("mutex_take by its owner"),
                    "mutex_take: the task already holds this mutex (it is not recursive)");
        return RTOS_ERROR;
    }
    uint16_t bit = (uint16_t)(1u << me);
    plat_fetch_or16(&m->wait_mask, bit, PLAT_RELAXED, AT("wait_mask |= 1 << id"));
    rtos_inherit_on_wait(m, me);
    bool given = rtos_task_block(m, true, timeout, key);
    if (!given) {
        uint16_t mask = plat_load16(&m->wait_mask, PLAT_RELAXED, AT("timed out: still waiting?"));
        if (mask & bit) {
            plat_store16(&m->wait_mask, (uint16_t)(mask & ~bit), PLAT_RELAXED,
                         AT("timed out: wait_mask &= ~(1 << id)"));
            rtos_inherit_on_timeout(m);
        }
    }
    /* Given: the giver made us the owner and counted the mutex as ours. */
    rtos_exit_critical(key);
    return given ? RTOS_OK : RTOS_TIMEOUT;
}

int rtos_mutex_give(rtos_mutex *m)
{
    int me = rtos_task_current();
    rtos_key key = rtos_enter_critical();
    uint16_t owner = plat_load16(&m->owner, PLAT_RELAXED, AT("owner == me?"));
    if (me < 0 || owner != me + 1) {
        rtos_exit_critical(key);
        plat_misuse(AT("mutex_give by a non-owner"),
                    me < 0 ? "mutex_give from an interrupt handler: only the owner may give a mutex"
                    : owner == 0 ? "mutex_give: the mutex is not held"
                                 : "mutex_give: only the task that took the mutex may give it");
        return RTOS_ERROR;
    }
    rtos_kernel *k = rtos_kernel_get();
    plat_fetch_add8(&k->task[me].mutexes_held, (uint8_t)-1, PLAT_RELAXED, AT("mutexes held--"));
    uint16_t mask = plat_load16(&m->wait_mask, PLAT_RELAXED, AT("anybody waiting?"));
    if (mask == 0) {
        plat_store16(&m->owner, 0, PLAT_RELAXED, AT("owner = 0: free"));
    } else {
        int id = rtos_mutex_lowest_bit(mask);
        plat_store16(&m->wait_mask, (uint16_t)(mask & ~(1u << id)), PLAT_RELAXED,
                     AT("wait_mask &= ~(1 << id)"));
        plat_store16(&m->owner, (uint16_t)(id + 1), PLAT_RELAXED, AT("owner = the woken task"));
        plat_fetch_add8(&k->task[id].mutexes_held, 1, PLAT_RELAXED, AT("its mutexes held++"));
        rtos_task_wakeup(id);
    }
    rtos_inherit_on_give(m, me);
    rtos_exit_critical(key);
    return RTOS_OK;
}
