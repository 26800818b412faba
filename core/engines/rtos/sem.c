/*
 * The semaphore (see sem.h).  Invariant (correct): count = available units -
 * waiting tasks, and bit n of wait_mask is set while task n waits here.
 *
 * Every operation is one critical section.  In pend that section also covers
 * recording the waiter and switching away: if an interrupt could land between
 * "my bit is in the mask" and "I am blocked", a post from it would clear the
 * bit and try to wake a task that is still running, which does nothing, and
 * the task would then block with nobody left to wake it (variant
 * block_outside_critical shows exactly that).
 */
#include "sem.h"
#include "critical.h"
#include "task.h"

void rtos_sem_init(rtos_sem *sem, int16_t count)
{
    const rtos_flags *f = &rtos_kernel_get()->flags;
    if (f->init_one && count == 0)
        count = 1; /* the variant: a signalling semaphore that starts "already posted" */
    plat_init16(&sem->count, (uint16_t)count);
    plat_init16(&sem->wait_mask, 0);
    sem->pend_decrements = f->pend_decrements;
    sem->post_increments = f->post_increments;
}

int rtos_sem_pend(rtos_sem *sem, uint32_t timeout)
{
    int me = rtos_task_current();
    if (me < 0) {
        plat_misuse(AT("sem_pend in an interrupt handler"),
                    "sem_pend from an interrupt handler: a handler has no context to block in; "
                    "only tasks may pend (handlers may post)");
        return RTOS_ERROR;
    }
    rtos_key key = rtos_enter_critical();
    int16_t count = (int16_t)plat_load16(&sem->count, PLAT_RELAXED, AT("count > 0?"));
    if (count > 0) {
        plat_store16(&sem->count, (uint16_t)(count - 1), PLAT_RELAXED, AT("count--: take a unit"));
        rtos_exit_critical(key);
        return RTOS_OK;
    }
    /* No unit: wait for one. */
    if (sem->pend_decrements)
        plat_store16(&sem->count, (uint16_t)(count - 1), PLAT_RELAXED,
                     AT("count--: negative, one more task waiting"));
    uint16_t bit = (uint16_t)(1u << me);
    plat_fetch_or16(&sem->wait_mask, bit, PLAT_RELAXED, AT("wait_mask |= 1 << id"));
    if (rtos_kernel_get()->flags.block_outside_critical) {
        /* The mistake: a window between recording the waiter and blocking. */
        rtos_exit_critical(key);
        key = rtos_enter_critical();
    }
    bool posted = rtos_task_block(sem, false, timeout, key);
    if (!posted) {
        /* Timed out: leave the mask, and give back the decrement (a task
         * that no longer waits must not be counted as waiting). */
        uint16_t mask =
            plat_load16(&sem->wait_mask, PLAT_RELAXED, AT("timed out: still in wait_mask?"));
        if (mask & bit) {
            plat_store16(&sem->wait_mask, (uint16_t)(mask & ~bit), PLAT_RELAXED,
                         AT("timed out: wait_mask &= ~(1 << id)"));
            if (sem->pend_decrements && !rtos_kernel_get()->flags.timeout_keeps_debt) {
                int16_t c = (int16_t)plat_load16(&sem->count, PLAT_RELAXED, AT("timed out: count"));
                plat_store16(&sem->count, (uint16_t)(c + 1), PLAT_RELAXED,
                             AT("timed out: count++, the debt is cancelled"));
            }
        }
    }
    /* Woken by a post: the unit was handed to us; the decrement (if any)
     * was made on the way in, so there is nothing to take now. */
    rtos_exit_critical(key);
    return posted ? RTOS_OK : RTOS_TIMEOUT;
}

/* The lowest set bit: __builtin_ctz in the reference, spelled out. */
static int rtos_lowest_bit(uint16_t mask)
{
    int n = 0;
    while (!(mask & 1u)) {
        mask >>= 1;
        n++;
    }
    return n;
}

int rtos_sem_post(rtos_sem *sem)
{
    rtos_key key = rtos_enter_critical();
    uint16_t mask = plat_load16(&sem->wait_mask, PLAT_RELAXED, AT("anybody waiting?"));
    if (mask == 0) {
        int16_t c = (int16_t)plat_load16(&sem->count, PLAT_RELAXED, AT("count"));
        plat_store16(&sem->count, (uint16_t)(c + 1), PLAT_RELAXED,
                     AT("count++: nobody waits, one more unit"));
    } else {
        int id = rtos_lowest_bit(mask); /* the most urgent waiter */
        plat_store16(&sem->wait_mask, (uint16_t)(mask & ~(1u << id)), PLAT_RELAXED,
                     AT("wait_mask &= ~(1 << id): the lowest set bit"));
        if (sem->post_increments) {
            int16_t c = (int16_t)plat_load16(&sem->count, PLAT_RELAXED, AT("count"));
            plat_store16(&sem->count, (uint16_t)(c + 1), PLAT_RELAXED,
                         AT("count++: one debt paid"));
        }
        rtos_task_wakeup(id); /* no schedule() here: no switch inside post */
    }
    rtos_exit_critical(key);
    return RTOS_OK;
}
