/*
 * coro.h: stackful coroutines, the bodies of virtual threads.
 *
 * A coroutine owns a stack and runs one C function on it.  coro_switch() saves
 * the running context and resumes another; nothing runs in parallel, so the
 * simulated machine needs no locks and every run is deterministic.
 *
 * Three implementations sit behind this header:
 *   - x86-64 and aarch64: a hand-written switch that saves the callee-saved
 *     registers and the stack pointer (about 10 ns);
 *   - other POSIX systems: makecontext() once to boot a stack, then
 *     _setjmp/_longjmp for every switch (never swapcontext, whose signal-mask
 *     system call costs microseconds);
 *   - WebAssembly: emscripten fibers under Asyncify.
 *
 * Natively every stack has a guard page below it: an overflow stops the process
 * with a message naming the stack size instead of corrupting a neighbour.  On
 * every platform the lowest bytes of the stack hold a canary that the machine
 * checks after each step.
 */
#ifndef LOCKSTEP_CORO_H
#define LOCKSTEP_CORO_H

#include <stdbool.h>
#include <stddef.h>

/* Each thread has its own coroutines (and its host).  A wasm module without
 * threads runs on one thread; there thread-local storage would keep it from
 * linking with bulk memory (memory.copy for memcpy, mk/wasm.mk), so its
 * coroutines' globals are plain. */
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define CORO_THREAD_LOCAL
#else
#define CORO_THREAD_LOCAL _Thread_local
#endif

typedef struct coro coro;
typedef void (*coro_fn)(void *arg);

/* The smallest and the default stack of a coroutine. */
#define CORO_MIN_STACK (16u * 1024u)
#define CORO_DEFAULT_STACK (64u * 1024u)

/* The context of the calling (host) thread, to switch back to. */
coro *coro_host(void);

/* A new coroutine that will run fn(arg) when first switched to.  fn must never
 * return: a finished actor switches away for the last time instead.  NULL when
 * memory runs out. */
coro *coro_new(size_t stack_size, coro_fn fn, void *arg);

/* Reuse a coroutine's stack for a fresh start of fn(arg). */
void coro_restart(coro *c, coro_fn fn, void *arg);

void coro_free(coro *c);

/* Suspend `from` (the running coroutine) and resume `to`.  Aborts, with a
 * message, while coro_no_switch is positive. */
void coro_switch(coro *from, coro *to);

/* Raised around calls that must return without any switch, such as the
 * machine asking a model whether an actor may step: asking must never act.
 * The wasm build relies on it, as Asyncify does not instrument such callers
 * (tools/asyncify-only.mjs), and a switch under one would corrupt a stack
 * silently; this turns the mistake into an abort in every build. */
extern CORO_THREAD_LOCAL int coro_no_switch;

/* False if the coroutine has written past the end of its stack. */
bool coro_stack_intact(const coro *c);

size_t coro_stack_size(const coro *c);

/* A suspended coroutine's image: everything a later coro_image_restore needs
 * to put it back exactly as it was (its saved context and the used part of
 * its stack; in WebAssembly also the fiber and its Asyncify buffer; under
 * AddressSanitizer which bytes of the stack were poisoned).  The image is
 * tied to this coroutine's stack: restored into another it would be garbage.
 * coro_image_size says how many bytes coro_image_save writes now. */
size_t coro_image_size(const coro *c);
void coro_image_save(const coro *c, unsigned char *image);
/* Only for a suspended coroutine (not the one running), with an image saved
 * from this coroutine. */
void coro_image_restore(coro *c, const unsigned char *image);

#endif
