/*
 * The sim backend of plat.h: every call is a scheduling point.
 *
 * The types are plain integers: only one virtual thread runs at a time, and the
 * machine (core/sim/perform.c) performs each operation at the moment the
 * scheduler picks the thread, so the simulated memory is sequentially
 * consistent by construction.  The functions are defined in plat_sim.c.
 */
#ifndef LOCKSTEP_PLAT_SIM_H
#define LOCKSTEP_PLAT_SIM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct plat_a8 {
    uint8_t v;
} plat_a8;
typedef struct plat_a16 {
    uint16_t v;
} plat_a16;
typedef struct plat_a32 {
    uint32_t v;
} plat_a32;

/* owner: 1 + the holding actor's index, 0 when free. */
typedef struct plat_lock {
    int32_t owner;
} plat_lock;

/* owner: the actor this parker belongs to; woken_by: who set the flag. */
typedef struct plat_parker {
    uint8_t woken;
    int16_t owner;
    int16_t woken_by;
} plat_parker;

#define PLAT_SIM_ATOMICS(W)                                                                        \
    uint##W##_t plat_load##W(plat_a##W *c, plat_order o, plat_site at);                            \
    void plat_store##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at);                   \
    bool plat_cas##W(plat_a##W *c, uint##W##_t *expected, uint##W##_t desired, plat_order o,       \
                     plat_site at);                                                                \
    uint##W##_t plat_swap##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at);             \
    uint##W##_t plat_fetch_add##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at);        \
    uint##W##_t plat_fetch_or##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at);         \
    uint##W##_t plat_fetch_and##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at);

PLAT_SIM_ATOMICS(8)
PLAT_SIM_ATOMICS(16)
PLAT_SIM_ATOMICS(32)
#undef PLAT_SIM_ATOMICS

void plat_lock_init(plat_lock *l);
void plat_lock_acquire(plat_lock *l, plat_site at);
void plat_lock_release(plat_lock *l, plat_site at);

plat_parker *plat_parker_self(void);
void plat_parker_prepare(plat_parker *p, plat_site at);
void plat_parker_sleep(plat_parker *p, plat_site at);
bool plat_parker_sleep_until(plat_parker *p, int64_t deadline_us, plat_site at);
void plat_parker_wake(plat_parker *p, plat_site at);

void plat_fence(plat_order o, plat_site at);
void plat_spin_hint(plat_site at);
void plat_spin(unsigned n, plat_site at);
void *plat_global_get(plat_global *g);
void plat_yield(plat_site at);
int64_t plat_now(plat_site at);
int64_t plat_now_coarse(plat_site at);
void plat_sleep_until(int64_t deadline_us, plat_site at);

/* Tasks, interrupts, blocking and wakers: plat_sim_tasks.h (plat_tasks.h). */

void plat_init8(plat_a8 *c, uint8_t v);
void plat_init16(plat_a16 *c, uint16_t v);
void plat_init32(plat_a32 *c, uint32_t v);

uintptr_t plat_key(const void *object);
void plat_note(plat_site at, int64_t value);
void plat_sleep_state(const void *node, size_t size);
void plat_parker_done(plat_parker *p);
void plat_loop_state_of(plat_site at, const uint64_t *values, size_t n);
const char *plat_variant(void);
bool plat_variant_is(const char *name);
void plat_misuse(plat_site at, const char *message);
void plat_misuse_thrown(plat_site at, const char *message, const char *reference,
                        const char *thrown);

#endif
