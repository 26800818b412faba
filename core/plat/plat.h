/*
 * plat.h: everything an engine may ask of the machine it runs on.
 *
 * Engines (core/engines/...) include this header and nothing else from the
 * platform.  The same engine source is compiled against one of two backends:
 *
 *   native (PLAT_NATIVE): C11 <stdatomic.h>, pthreads and a futex parker.  Every
 *       call is a static inline function; the call site arguments (file, line,
 *       label) are constants the compiler throws away.
 *   sim (PLAT_SIM): every call is a *scheduling point* of the simulated machine.
 *       The calling virtual thread announces what it is about to do, gives the
 *       scheduler a chance to run somebody else, and performs the operation only
 *       when it is picked again.  That is what lets a learner interleave two
 *       threads one atomic action at a time.
 *
 * The contract, call by call:
 *
 *   plat_load, _store, _cas, _swap, _fetch_add, _fetch_or, _fetch_and (8/16/32)
 *       Atomic operations on 8-, 16- and 32-bit cells (plat_a8, plat_a16,
 *       plat_a32) with an explicit memory order.  The simulator hands each to
 *       the run's memory model (core/sim/mem/): sequential consistency by
 *       default, or x86-TSO's store buffers.  cas returns whether it
 *       succeeded and writes the value it saw into *expected.
 *   plat_fence
 *       A memory fence of the given order (atomic_thread_fence).
 *   plat_lock_*
 *       A plain blocking mutex (the parking lot's bucket lock).  Not reentrant.
 *   plat_parker_*
 *       One parker per thread.  prepare() clears its flag, sleep() blocks until
 *       the flag is set (returning at once if it already is), wake() sets the
 *       flag and wakes the owner.  A wake that comes before the sleep is not
 *       lost.  sleep_until() also gives up at a deadline and says which it was.
 *   plat_spin_hint, plat_spin, plat_yield
 *       A busy-wait hint (plat_spin: n of them in a row) and "let somebody else
 *       run".  The simulator shows each call as one step and the explorer
 *       deprioritises an actor that only spins.
 *   plat_now, plat_sleep_until
 *       A monotonic clock in microseconds.  In the simulator it is virtual time
 *       that only moves when every actor waits for it.
 *   plat_now_coarse
 *       The same clock read cheaply, for bookkeeping only (a task table's idle
 *       time), never for a deadline.  The simulator gives plat_now's value;
 *       natively it is the kernel's coarse clock, a few milliseconds behind at
 *       worst, because a fine reading costs more than the poll it would
 *       measure.
 *   plat_key
 *       The key of an object (its address).  The simulator gives every object a
 *       deterministic virtual address so that hashing keys gives the same
 *       bucket natively, in WebAssembly, and run after run.
 *   plat_global_get
 *       The process-wide state of an engine (the parking lot's table).
 *       Natively there is one instance, initialised on first use; in the
 *       simulator every machine has its own, rebuilt on every reset, so worlds
 *       never share it.
 *   plat_note
 *       Tells the trace what just happened in the engine's own words ("validate
 *       ok").  Free natively.
 *   (promises to the explorer)
 *       Three calls that cost nothing natively and change no run in the
 *       simulator: they tell the stateful search (core/sim/visited.c) what a
 *       thread keeps on its stack (and what it will read of its parker), so
 *       that it may treat as one the runs that bring a thread to the same
 *       place with the same things in hand.  Each
 *       is a promise about the code, checked by no test but the ones that
 *       exercise it: say nothing when unsure.
 *   plat_sleep_state
 *       Says, just before a parker sleep, that everything the caller will do
 *       after waking depends only on its current operation (what it was asked
 *       to do) and the `size` bytes at `node` (a waiter node on its stack that
 *       other threads write while it sleeps).
 *   plat_parker_done
 *       Says, after a sleep on the caller's own parker returned, that the
 *       caller prepares that parker before it sleeps on it again: until then
 *       whether its flag is set matters to nobody (a wake that comes now is
 *       cleared by the prepare).  The simulator checks this one: sleeping on
 *       the parker first is a misuse.
 *   plat_loop_state(at, v1, v2, ...)
 *       Says, at the top of a retry loop, that everything the caller will do
 *       from here to the end of its operation depends only on its operation,
 *       this place and the values listed (what the loop carries from one round
 *       to the next: the value it read, how long it has spun), whatever it did
 *       in earlier rounds.  Under a plat lock it says the same just before
 *       the next call, after the last plain read of what the lock guards,
 *       listing what the caller kept of those reads (the waiter it dequeued):
 *       without it the explorer remembers no state while the lock is held.
 *   plat_variant_is
 *       Whether the variant being run is `name` ("validate_outside"; the
 *       faithful one is "correct").  The one way an engine reads a variant:
 *       once, where the state it changes is made (an object's init, a
 *       global's init), into a bool field named after the variant, and the
 *       code branches on that field.  So a variant is a flag, never a copy
 *       of the code.  (plat_variant, its name, is for the machine and tests.)
 *   plat_misuse
 *       The caller broke the primitive's contract (unlocking a free mutex).  The
 *       simulator reports a `misuse` violation; natively the process aborts with
 *       the message.
 *   plat_misuse_thrown
 *       The same, for an engine that follows a reference implementation which
 *       reports this misuse in its own words: `reference` names it ("java") and
 *       `thrown` is exactly what it prints ("java.lang.Error: Maximum permit
 *       count exceeded").  The message stays the explanation for learners; the
 *       simulator shows `thrown` beside it (a "java" field of the violation and
 *       of its trace event), so a run can be compared line by line with the
 *       real thing.  Natively the abort message ends with it.
 *   plat_init8, _16, _32
 *       An initial value, written before anybody runs (never a step).  Engines
 *       set up their cells with these, never through the backend's layout.
 *   (tasks, interrupts, blocking and wakers)
 *       The vocabulary of the rtos and executor scheduling models is not
 *       here: an engine of those models includes plat_tasks.h, which adds
 *       it (an engine of the threads model never sees it).
 *
 * Every call takes a plat_site made by AT("label"): where in the engine the call
 * is and what it is for, so the simulator can tell the learner which line of the
 * engine each thread is about to run.
 */
#ifndef LOCKSTEP_PLAT_H
#define LOCKSTEP_PLAT_H

#include <stdbool.h>
#include <stdint.h>

typedef enum plat_order {
    PLAT_RELAXED,
    PLAT_ACQUIRE,
    PLAT_RELEASE,
    PLAT_ACQ_REL,
    PLAT_SEQ_CST,
} plat_order;

/* Where an engine calls the platform, and why. */
typedef struct plat_site {
    const char *file;
    int line;
    const char *label;
} plat_site;

#define AT(label) ((plat_site){__FILE__, __LINE__, (label)})

/* Describes an engine's process-wide state; see plat_global_get. */
typedef struct plat_global {
    const char *name;         /* how the simulator names it ("lot") */
    unsigned size;            /* bytes */
    unsigned elem_size;       /* > 0 if it is an array: elements are named "lot[3]" */
    void (*init)(void *data); /* gets zeroed memory */
    void *native_storage;     /* the native instance: static, `size` bytes */
    int native_ready;         /* native: set once init has run */
} plat_global;

#if defined(PLAT_SIM) == defined(PLAT_NATIVE)
#error "define exactly one of PLAT_SIM and PLAT_NATIVE"
#endif

#ifdef PLAT_NATIVE
#include "native/plat_native.h"
#else
#include "sim/plat_sim.h"
#endif

/* plat_loop_state(AT("label"), a, b, ...): the values as an array and its
 * length, for the backend's plat_loop_state_of. */
#define plat_loop_state(at, ...)                                                                   \
    plat_loop_state_of((at), (const uint64_t[]){__VA_ARGS__},                                      \
                       sizeof((const uint64_t[]){__VA_ARGS__}) / sizeof(uint64_t))

#endif
