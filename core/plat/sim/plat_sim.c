/*
 * The sim backend of plat.h: each call becomes one announced action of the
 * running virtual thread (see core/sim/machine.h).  These functions only
 * describe the action; the machine decides when it happens and performs it.
 */
#include "../../sim/machine.h"
#include "../plat_tasks.h"

#include <string.h>

static sim_machine *machine(void) { return sim_running(); }

/* An atomic access: the memory model performs it, honouring its order. */
static uint64_t atomic(sim_act_kind kind, unsigned width, void *target, uint64_t a, uint64_t b,
                       plat_order order, plat_site at)
{
    sim_action x = {.kind = kind,
                    .width = (uint8_t)width,
                    .order = (uint8_t)order,
                    .target = target,
                    .a = a,
                    .b = b,
                    .deadline = -1,
                    .site = at};
    return sim_do(machine(), &x);
}

/* Locks, parkers and the rest: they synchronise as a mutex and a futex do. */
static uint64_t act(sim_act_kind kind, unsigned width, void *target, uint64_t a, uint64_t b,
                    plat_site at)
{
    return atomic(kind, width, target, a, b, PLAT_SEQ_CST, at);
}

#define PLAT_SIM_ATOMICS(W)                                                                        \
    uint##W##_t plat_load##W(plat_a##W *c, plat_order o, plat_site at)                             \
    {                                                                                              \
        return (uint##W##_t)atomic(SIM_ACT_LOAD, W / 8, &c->v, 0, 0, o, at);                       \
    }                                                                                              \
    void plat_store##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at)                    \
    {                                                                                              \
        atomic(SIM_ACT_STORE, W / 8, &c->v, v, 0, o, at);                                          \
    }                                                                                              \
    bool plat_cas##W(plat_a##W *c, uint##W##_t *expected, uint##W##_t desired, plat_order o,       \
                     plat_site at)                                                                 \
    {                                                                                              \
        uint##W##_t seen =                                                                         \
            (uint##W##_t)atomic(SIM_ACT_CAS, W / 8, &c->v, *expected, desired, o, at);             \
        bool ok = seen == *expected;                                                               \
        *expected = seen;                                                                          \
        return ok;                                                                                 \
    }                                                                                              \
    uint##W##_t plat_swap##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at)              \
    {                                                                                              \
        return (uint##W##_t)atomic(SIM_ACT_SWAP, W / 8, &c->v, v, 0, o, at);                       \
    }                                                                                              \
    uint##W##_t plat_fetch_add##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at)         \
    {                                                                                              \
        return (uint##W##_t)atomic(SIM_ACT_FETCH_ADD, W / 8, &c->v, v, 0, o, at);                  \
    }                                                                                              \
    uint##W##_t plat_fetch_or##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at)          \
    {                                                                                              \
        return (uint##W##_t)atomic(SIM_ACT_FETCH_OR, W / 8, &c->v, v, 0, o, at);                   \
    }                                                                                              \
    uint##W##_t plat_fetch_and##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at)         \
    {                                                                                              \
        return (uint##W##_t)atomic(SIM_ACT_FETCH_AND, W / 8, &c->v, v, 0, o, at);                  \
    }

PLAT_SIM_ATOMICS(8)
PLAT_SIM_ATOMICS(16)
PLAT_SIM_ATOMICS(32)

void plat_lock_init(plat_lock *l) { l->owner = 0; }
void plat_lock_acquire(plat_lock *l, plat_site at) { act(SIM_ACT_LOCK, 0, l, 0, 0, at); }
void plat_lock_release(plat_lock *l, plat_site at) { act(SIM_ACT_UNLOCK, 0, l, 0, 0, at); }

plat_parker *plat_parker_self(void)
{
    sim_machine *m = machine();
    return sim_parker_of(m, sim_current_actor(m));
}

void plat_parker_prepare(plat_parker *p, plat_site at)
{
    act(SIM_ACT_PARK_PREPARE, 0, p, 0, 0, at);
}

void plat_parker_sleep(plat_parker *p, plat_site at) { act(SIM_ACT_PARK, 0, p, 0, 0, at); }

bool plat_parker_sleep_until(plat_parker *p, int64_t deadline_us, plat_site at)
{
    sim_action x = {.kind = SIM_ACT_PARK, .target = p, .deadline = deadline_us, .site = at};
    return sim_do(machine(), &x) != 0;
}

void plat_parker_wake(plat_parker *p, plat_site at) { act(SIM_ACT_UNPARK, 0, p, 0, 0, at); }

void plat_fence(plat_order o, plat_site at) { atomic(SIM_ACT_FENCE, 0, NULL, 0, 0, o, at); }

void plat_spin_hint(plat_site at) { act(SIM_ACT_SPIN, 0, NULL, 1, 0, at); }
void plat_spin(unsigned n, plat_site at) { act(SIM_ACT_SPIN, 0, NULL, n, 0, at); }
void *plat_global_get(plat_global *g) { return sim_global(machine(), g); }
void plat_yield(plat_site at) { act(SIM_ACT_YIELD, 0, NULL, 0, 0, at); }

int64_t plat_now(plat_site at)
{
    (void)at;
    sim_machine *m = machine();
    sim_story_saw(m, (uint64_t)sim_now(m)); /* what it saw, though not a step */
    return sim_now(m);
}

/* Virtual time costs nothing to read: the coarse clock is the exact one. */
int64_t plat_now_coarse(plat_site at) { return plat_now(at); }

void plat_sleep_until(int64_t deadline_us, plat_site at)
{
    sim_action x = {
        .kind = SIM_ACT_SLEEP, .a = (uint64_t)deadline_us, .deadline = deadline_us, .site = at};
    sim_do(machine(), &x);
}

uintptr_t plat_key(const void *object) { return (uintptr_t)sim_vaddr(machine(), object); }

void plat_note(plat_site at, int64_t value) { sim_note(machine(), at, value); }

void plat_sleep_state(const void *node, size_t size) { sim_sleep_state(machine(), node, size); }

void plat_parker_done(plat_parker *p) { sim_parker_done(machine(), p); }

void plat_loop_state_of(plat_site at, const uint64_t *values, size_t n)
{
    sim_loop_state(machine(), at, values, n);
}

const char *plat_variant(void)
{
    sim_machine *m = machine();
    return m ? sim_variant(m) : "correct";
}

bool plat_variant_is(const char *name) { return strcmp(plat_variant(), name) == 0; }

void plat_misuse(plat_site at, const char *message)
{
    sim_violation(machine(), "misuse", message, at);
}

void plat_misuse_thrown(plat_site at, const char *message, const char *reference,
                        const char *thrown)
{
    sim_violation_thrown(machine(), "misuse", message, at, reference, thrown);
}

/* ---- for the rtos and the executor ------------------------------------------------ */

static plat_parker *parker_of(int actor) { return sim_parker_of(machine(), actor); }

plat_irq_state plat_irq_save(plat_site at)
{
    return (plat_irq_state){(uint8_t)act(SIM_ACT_IRQ_SAVE, 0, NULL, 0, 0, at)};
}

void plat_irq_restore(plat_irq_state s, plat_site at)
{
    act(SIM_ACT_IRQ_RESTORE, 0, NULL, s.was_masked, 0, at);
}

void plat_irq_raise(int handler, plat_site at)
{
    act(SIM_ACT_RAISE, 0, parker_of(handler), 0, 0, at);
}

int plat_task_self(void) { return sim_current_actor(machine()); }

bool plat_in_interrupt(void)
{
    sim_machine *m = machine();
    return m && sim_actor_kind_of(m, sim_current_actor(m)) == SIM_ISR;
}
int plat_task_priority(int task) { return sim_priority(machine(), task); }
int plat_task_base_priority(int task) { return sim_base_priority(machine(), task); }

void plat_task_set_priority(int task, int priority, plat_site at)
{
    act(SIM_ACT_SET_PRIO, 0, parker_of(task), (uint64_t)(int64_t)priority, 0, at);
}

void plat_timer_late(int64_t late_us, int64_t jitter_us)
{
    sim_set_timer_late(machine(), late_us, jitter_us);
}

/* A block until woken or a deadline: the time driver delivers the deadline
 * its lateness after it passes, or earlier by a tick (see plat.h). */
static sim_action block_action(int64_t deadline_us, plat_site at)
{
    sim_action x = {.kind = SIM_ACT_BLOCK,
                    .target = parker_of(plat_task_self()),
                    .deadline = -1,
                    .earliest = -1,
                    .site = at};
    if (deadline_us >= 0) {
        int64_t jitter, late = sim_timer_late(machine(), &jitter);
        x.deadline = deadline_us + late;
        x.earliest = x.deadline - jitter > deadline_us ? x.deadline - jitter : deadline_us;
    }
    return x;
}

bool plat_task_block(int64_t deadline_us, plat_site at)
{
    sim_action x = block_action(deadline_us, at);
    return sim_do(machine(), &x) != 0;
}

bool plat_task_await(int64_t deadline_us, plat_site at)
{
    /* b = 1 marks the block as an await point whose future may be dropped. */
    sim_action x = block_action(deadline_us, at);
    x.b = 1;
    sim_do(machine(), &x);
    return sim_task_take_drop(machine(), plat_task_self());
}

void plat_task_wake(int task, plat_site at) { act(SIM_ACT_UNPARK, 0, parker_of(task), 0, 0, at); }

void plat_waker_register(plat_waker *w, plat_site at)
{
    plat_store16(&w->slot, (uint16_t)(plat_task_self() + 1), PLAT_RELEASE, at);
}

void plat_waker_wake(plat_waker *w, plat_site at)
{
    uint16_t task = plat_swap16(&w->slot, 0, PLAT_ACQ_REL, at);
    if (task)
        plat_task_wake(task - 1, at);
}

void plat_waker_drop(plat_waker *w, plat_site at) { plat_store16(&w->slot, 0, PLAT_RELEASE, at); }

/* Initial values are written before anybody runs: no step. */
void plat_init8(plat_a8 *c, uint8_t v) { c->v = v; }
void plat_init16(plat_a16 *c, uint16_t v) { c->v = v; }
void plat_init32(plat_a32 *c, uint32_t v) { c->v = v; }
