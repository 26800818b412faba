/*
 * The native backend of plat.h: real atomics, real threads.
 *
 * Everything here is a static inline function over <stdatomic.h>, so an engine
 * compiled natively costs exactly its atomic instructions.  The plat_site
 * arguments are compile-time constants that the optimiser discards.
 *
 * The parker is a 32-bit futex word: 0 = nobody woke me, 1 = woken.  sleep()
 * waits while the word is 0; wake() stores 1 and then wakes one waiter, so a
 * wake that lands before the sleep is seen by the sleeper's first check and not
 * lost.  (The futex system call itself re-checks the word under the kernel's
 * bucket lock: the very protocol the parking lot lesson teaches.)
 */
#ifndef LOCKSTEP_PLAT_NATIVE_H
#define LOCKSTEP_PLAT_NATIVE_H

#include <pthread.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct plat_a8 {
    _Atomic uint8_t v;
} plat_a8;
typedef struct plat_a16 {
    _Atomic uint16_t v;
} plat_a16;
typedef struct plat_a32 {
    _Atomic uint32_t v;
} plat_a32;

typedef struct plat_lock {
    pthread_mutex_t mutex;
} plat_lock;

typedef struct plat_parker {
    _Atomic uint32_t woken;
} plat_parker;

static inline memory_order plat_native_order(plat_order order)
{
    switch (order) {
    case PLAT_RELAXED: return memory_order_relaxed;
    case PLAT_ACQUIRE: return memory_order_acquire;
    case PLAT_RELEASE: return memory_order_release;
    case PLAT_ACQ_REL: return memory_order_acq_rel;
    case PLAT_SEQ_CST: break;
    }
    return memory_order_seq_cst;
}

/* The failure order of a CAS may not be release or acq_rel. */
static inline memory_order plat_native_fail_order(plat_order order)
{
    switch (order) {
    case PLAT_RELEASE:
    case PLAT_RELAXED: return memory_order_relaxed;
    case PLAT_ACQ_REL:
    case PLAT_ACQUIRE: return memory_order_acquire;
    case PLAT_SEQ_CST: break;
    }
    return memory_order_seq_cst;
}

/*
 * The native rtos port (-DPLAT_NATIVE_RTOS, rtos_port.c) runs one task at a
 * time and preempts at a platform call after a tick: every call below is a
 * point where that may happen.  Without the port it compiles to nothing.
 */
#ifdef PLAT_NATIVE_RTOS
extern _Atomic int plat_native_preempt; /* a tick asked the running task to give way */
void plat_native_preempted(void);
/* One relaxed load when nobody asked: the fast path costs no lock, no
 * system call and no switch. */
static inline void plat_native_point(void)
{
    if (atomic_load_explicit(&plat_native_preempt, memory_order_relaxed))
        plat_native_preempted();
}
#define PLAT_NATIVE_POINT() plat_native_point()
#else
#define PLAT_NATIVE_POINT() ((void)0)
#endif

/*
 * The atomic operations, once per cell width.  One macro writes them all so
 * that the three widths cannot drift apart; each expands to plain functions.
 */
#define PLAT_NATIVE_ATOMICS(W)                                                                     \
    static inline uint##W##_t plat_load##W(plat_a##W *c, plat_order o, plat_site at)               \
    {                                                                                              \
        (void)at;                                                                                  \
        PLAT_NATIVE_POINT();                                                                       \
        return atomic_load_explicit(&c->v, plat_native_order(o));                                  \
    }                                                                                              \
    static inline void plat_store##W(plat_a##W *c, uint##W##_t v, plat_order o, plat_site at)      \
    {                                                                                              \
        (void)at;                                                                                  \
        PLAT_NATIVE_POINT();                                                                       \
        atomic_store_explicit(&c->v, v, plat_native_order(o));                                     \
    }                                                                                              \
    static inline bool plat_cas##W(plat_a##W *c, uint##W##_t *expected, uint##W##_t desired,       \
                                   plat_order o, plat_site at)                                     \
    {                                                                                              \
        (void)at;                                                                                  \
        PLAT_NATIVE_POINT();                                                                       \
        return atomic_compare_exchange_strong_explicit(                                            \
            &c->v, expected, desired, plat_native_order(o), plat_native_fail_order(o));            \
    }                                                                                              \
    static inline uint##W##_t plat_swap##W(plat_a##W *c, uint##W##_t v, plat_order o,              \
                                           plat_site at)                                           \
    {                                                                                              \
        (void)at;                                                                                  \
        PLAT_NATIVE_POINT();                                                                       \
        return atomic_exchange_explicit(&c->v, v, plat_native_order(o));                           \
    }                                                                                              \
    static inline uint##W##_t plat_fetch_add##W(plat_a##W *c, uint##W##_t v, plat_order o,         \
                                                plat_site at)                                      \
    {                                                                                              \
        (void)at;                                                                                  \
        PLAT_NATIVE_POINT();                                                                       \
        return atomic_fetch_add_explicit(&c->v, v, plat_native_order(o));                          \
    }                                                                                              \
    static inline uint##W##_t plat_fetch_or##W(plat_a##W *c, uint##W##_t v, plat_order o,          \
                                               plat_site at)                                       \
    {                                                                                              \
        (void)at;                                                                                  \
        PLAT_NATIVE_POINT();                                                                       \
        return atomic_fetch_or_explicit(&c->v, v, plat_native_order(o));                           \
    }                                                                                              \
    static inline uint##W##_t plat_fetch_and##W(plat_a##W *c, uint##W##_t v, plat_order o,         \
                                                plat_site at)                                      \
    {                                                                                              \
        (void)at;                                                                                  \
        PLAT_NATIVE_POINT();                                                                       \
        return atomic_fetch_and_explicit(&c->v, v, plat_native_order(o));                          \
    }

PLAT_NATIVE_ATOMICS(8)
PLAT_NATIVE_ATOMICS(16)
PLAT_NATIVE_ATOMICS(32)
#undef PLAT_NATIVE_ATOMICS

static inline void plat_fence(plat_order o, plat_site at)
{
    (void)at;
    PLAT_NATIVE_POINT();
    atomic_thread_fence(plat_native_order(o));
}

/* ---- bucket lock ---------------------------------------------------------- */

static inline void plat_lock_init(plat_lock *l) { pthread_mutex_init(&l->mutex, NULL); }
static inline void plat_lock_acquire(plat_lock *l, plat_site at)
{
    (void)at;
    PLAT_NATIVE_POINT();
    pthread_mutex_lock(&l->mutex);
}
static inline void plat_lock_release(plat_lock *l, plat_site at)
{
    (void)at;
    pthread_mutex_unlock(&l->mutex);
}

/* ---- parker ---------------------------------------------------------------- */

/* Defined in plat_native.c: the futex calls and the calling thread's parker. */
plat_parker *plat_parker_self(void);
void plat_native_futex_wait(_Atomic uint32_t *word, uint32_t expected, int64_t timeout_us);
void plat_native_futex_wake(_Atomic uint32_t *word);
int64_t plat_native_now_us(void);

static inline void plat_parker_prepare(plat_parker *p, plat_site at)
{
    (void)at;
    /* seq_cst, not relaxed: the caller checks its condition next, and that
     * load must not overtake this store (x86 lets a later load pass an
     * earlier store), or a wake that lands in between is overwritten: the
     * very lost wakeup the lessons teach. */
    atomic_store_explicit(&p->woken, 0, memory_order_seq_cst);
}

static inline void plat_parker_sleep(plat_parker *p, plat_site at)
{
    (void)at;
    while (atomic_load_explicit(&p->woken, memory_order_acquire) == 0)
        plat_native_futex_wait(&p->woken, 0, -1);
}

/* Returns true if woken, false if the deadline passed first. */
static inline bool plat_parker_sleep_until(plat_parker *p, int64_t deadline_us, plat_site at)
{
    (void)at;
    for (;;) {
        if (atomic_load_explicit(&p->woken, memory_order_acquire) != 0)
            return true;
        int64_t left = deadline_us - plat_native_now_us();
        if (left <= 0)
            return false;
        plat_native_futex_wait(&p->woken, 0, left);
    }
}

static inline void plat_parker_wake(plat_parker *p, plat_site at)
{
    (void)at;
    atomic_store_explicit(&p->woken, 1, memory_order_release);
    plat_native_futex_wake(&p->woken);
}

/* ---- spinning, yielding, time ---------------------------------------------- */

static inline void plat_spin_hint(plat_site at)
{
    (void)at;
#if defined(__x86_64__) || defined(__i386__)
    __builtin_ia32_pause();
#elif defined(__aarch64__)
    __asm__ __volatile__("yield");
#endif
}

static inline void plat_spin(unsigned n, plat_site at)
{
    for (unsigned i = 0; i < n; i++)
        plat_spin_hint(at);
}

void plat_native_yield(void);
static inline void plat_yield(plat_site at)
{
    (void)at;
    plat_native_yield();
}

static inline int64_t plat_now(plat_site at)
{
    (void)at;
    return plat_native_now_us();
}

int64_t plat_native_now_coarse_us(void);
static inline int64_t plat_now_coarse(plat_site at)
{
    (void)at;
    return plat_native_now_coarse_us();
}

void plat_native_sleep_us(int64_t us);
static inline void plat_sleep_until(int64_t deadline_us, plat_site at)
{
    (void)at;
    int64_t left = deadline_us - plat_native_now_us();
    if (left > 0)
        plat_native_sleep_us(left);
}

/* ---- initial values ------------------------------------------------------------ */

static inline void plat_init8(plat_a8 *c, uint8_t v) { atomic_init(&c->v, v); }
static inline void plat_init16(plat_a16 *c, uint16_t v) { atomic_init(&c->v, v); }
static inline void plat_init32(plat_a32 *c, uint32_t v) { atomic_init(&c->v, v); }

/* Tasks, interrupts, blocking and wakers: plat_native_tasks.h (plat_tasks.h). */

/* ---- keys, notes, misuse ---------------------------------------------------- */

void plat_native_global_init(plat_global *g);
static inline void *plat_global_get(plat_global *g)
{
    if (!__atomic_load_n(&g->native_ready, __ATOMIC_ACQUIRE))
        plat_native_global_init(g);
    return g->native_storage;
}

static inline uintptr_t plat_key(const void *object) { return (uintptr_t)object; }

static inline void plat_note(plat_site at, int64_t value)
{
    (void)at;
    (void)value;
}

static inline void plat_sleep_state(const void *node, size_t size)
{
    (void)node;
    (void)size;
}

static inline void plat_parker_done(plat_parker *p) { (void)p; }

static inline void plat_loop_state_of(plat_site at, const uint64_t *values, size_t n)
{
    (void)at;
    (void)values;
    (void)n;
}

/* The variant the engines run ("correct" unless a test or benchmark says). */
const char *plat_variant(void);
static inline bool plat_variant_is(const char *name) { return strcmp(plat_variant(), name) == 0; }
void plat_native_set_variant(const char *variant);

_Noreturn void plat_native_misuse(plat_site at, const char *message, const char *reference,
                                  const char *thrown);
static inline void plat_misuse(plat_site at, const char *message)
{
    plat_native_misuse(at, message, NULL, NULL);
}
static inline void plat_misuse_thrown(plat_site at, const char *message, const char *reference,
                                      const char *thrown)
{
    plat_native_misuse(at, message, reference, thrown);
}

#endif
