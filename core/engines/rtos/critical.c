/*
 * Critical sections (see critical.h).  Invariant: exit_critical(key) restores
 * the state enter_critical found, so sections nest.
 *
 * On a single-core microcontroller this is "clear the global interrupt-enable
 * bit and remember what it was" (RISC-V: csrrc mstatus.MIE; Cortex-M: PRIMASK).
 * Restoring the remembered bit, rather than setting it, is the whole point:
 * a function that needs interrupts masked can be called both from a section
 * and from outside one.
 */
#include "critical.h"
#include "task.h"

rtos_key rtos_enter_critical(void)
{
    return plat_irq_save(AT("enter_critical: mask interrupts, remember the old state"));
}

void rtos_exit_critical(rtos_key key)
{
    if (rtos_kernel_get()->flags.naive_enable) {
        /* The mistake: enable, whatever the state was before. */
        plat_irq_restore((rtos_key){0}, AT("exit_critical: enable interrupts (always!)"));
        return;
    }
    plat_irq_restore(key, AT("exit_critical: restore the old interrupt state"));
}
