/*
 * raw_mutex.h: the blocking raw mutex every primitive guards its state with.
 *
 * Invariant: between embassy_raw_lock and embassy_raw_unlock nothing else
 * runs on this core (a critical section: interrupts are masked), and the code
 * inside never awaits, so it is held for a few instructions only.  Like
 * embassy's CriticalSectionRawMutex.
 */
#ifndef LOCKSTEP_EMBASSY_RAW_MUTEX_H
#define LOCKSTEP_EMBASSY_RAW_MUTEX_H

#include "../../plat/plat_tasks.h"

static inline plat_irq_state embassy_raw_lock(void)
{
    return plat_irq_save(AT("raw mutex: enter critical section"));
}

static inline void embassy_raw_unlock(plat_irq_state s)
{
    plat_irq_restore(s, AT("raw mutex: leave critical section"));
}

#endif
