/*
 * SpinWait (see spin_wait.h).  Invariant: counter never exceeds
 * SPIN_WAIT_ROUNDS, so a spinning thread always parks after a bounded number of
 * rounds.
 */
#include "spin_wait.h"

bool spin_wait_spin(spin_wait *s)
{
    if (s->counter >= SPIN_WAIT_ROUNDS)
        return false;
    s->counter++;
    plat_note(AT("spin round"), s->counter);
    if (s->counter <= SPIN_WAIT_SPIN_ROUNDS)
        plat_spin(1u << s->counter, AT("spin"));
    else
        plat_yield(AT("yield the CPU"));
    return true;
}
