/*
 * critical.h: critical sections that save and restore.
 *
 * Invariant: rtos_exit_critical(key) puts the interrupt-enable state back to
 * what it was when the rtos_enter_critical that returned `key` was called.
 * So critical sections nest: an inner exit inside an outer section leaves
 * interrupts masked, and only the outermost exit enables them.
 *
 * Variant naive_enable: exit always enables.  An inner exit then opens the
 * outer section to interrupts, and a handler can land in the middle of it.
 */
#ifndef LOCKSTEP_RTOS_CRITICAL_H
#define LOCKSTEP_RTOS_CRITICAL_H

#include "../../plat/plat_tasks.h"

/* The interrupt state before the section: was it masked already? */
typedef plat_irq_state rtos_key;

rtos_key rtos_enter_critical(void);
void rtos_exit_critical(rtos_key key);

#endif
