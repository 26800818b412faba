/*
 * Stackful coroutines (see coro.h for the promise).
 *
 * The native switch is the classic one: push the callee-saved registers on the
 * current stack, store the stack pointer, load the other stack pointer, pop its
 * registers and return into it.  A fresh stack is laid out as if it had been
 * suspended by a switch, with coro_boot as its return address, so the first
 * switch into it "returns" into coro_boot, which calls the entry function.
 */
#define _GNU_SOURCE
#include "coro.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#if defined(__EMSCRIPTEN__)
#define CORO_FIBER 1
#include <emscripten/fiber.h>
#elif defined(__x86_64__) || defined(__aarch64__)
#define CORO_ASM 1
#else
#define CORO_UCONTEXT 1
#include <setjmp.h>
#include <ucontext.h>
#endif

#if !defined(__EMSCRIPTEN__)
#define CORO_GUARD_PAGE 1
#include <signal.h>
#include <sys/mman.h>
#include <unistd.h>
#endif

#if defined(__SANITIZE_ADDRESS__)
#define CORO_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define CORO_ASAN 1
#endif
#endif
#ifdef CORO_ASAN
#include <sanitizer/asan_interface.h>
#include <sanitizer/common_interface_defs.h>
#endif
/* ThreadSanitizer keeps a shadow stack and a clock per thread; without being
 * told, it would take a switch of stacks for a thread returning into frames it
 * never entered.  Each coroutine is a tsan "fiber" instead (a native port's
 * suite may be built clang-tsan, mk/native-tests.mk). */
#if defined(__SANITIZE_THREAD__)
#define CORO_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define CORO_TSAN 1
#endif
#endif
#ifdef CORO_TSAN
#include <sanitizer/tsan_interface.h>
#endif

#define CORO_CANARY 0x5AFE57ACC0DE57ACull

struct coro {
    coro_fn fn;
    void *arg;
    unsigned char *mapping; /* what was allocated: guard page + stack */
    size_t mapping_size;
    unsigned char *stack_lo; /* lowest usable byte (the canary lives here) */
    size_t stack_size;
#if CORO_ASM
    void *sp;
#elif CORO_UCONTEXT
    jmp_buf jb;
    ucontext_t boot;
#elif CORO_FIBER
    emscripten_fiber_t fiber;
    unsigned char *asyncify_stack;
    size_t asyncify_size;
#endif
#ifdef CORO_ASAN
    const void *asan_bottom;
    size_t asan_size;
#endif
#ifdef CORO_TSAN
    void *tsan_fiber;
#endif
};

static CORO_THREAD_LOCAL coro host;
static CORO_THREAD_LOCAL bool host_ready;
#ifdef CORO_ASAN
static CORO_THREAD_LOCAL coro *switching_from;
#endif

/* ---- the raw switch ------------------------------------------------------ */

#if CORO_ASM
void coro_switch_raw(void **save_sp, void *load_sp);
void coro_boot(void);

#if defined(__x86_64__)
__asm__(".text\n"
        ".globl coro_switch_raw\n"
        ".type coro_switch_raw,@function\n"
        "coro_switch_raw:\n"
        "  pushq %rbp\n"
        "  pushq %rbx\n"
        "  pushq %r12\n"
        "  pushq %r13\n"
        "  pushq %r14\n"
        "  pushq %r15\n"
        "  movq %rsp, (%rdi)\n"
        "  movq %rsi, %rsp\n"
        "  popq %r15\n"
        "  popq %r14\n"
        "  popq %r13\n"
        "  popq %r12\n"
        "  popq %rbx\n"
        "  popq %rbp\n"
        "  ret\n"
        ".size coro_switch_raw,.-coro_switch_raw\n"
        /* First entry: r12 holds the coro, r13 the C entry point. */
        ".globl coro_boot\n"
        ".type coro_boot,@function\n"
        "coro_boot:\n"
        "  movq %r12, %rdi\n"
        "  callq *%r13\n"
        "  ud2\n"
        ".size coro_boot,.-coro_boot\n");
enum { SAVED_WORDS = 7 }; /* r15 r14 r13 r12 rbx rbp, return address */
#define BOOT_SLOT_CORO 3  /* r12 */
#define BOOT_SLOT_FN 2    /* r13 */
#define BOOT_SLOT_RET 6
#elif defined(__aarch64__)
__asm__(".text\n"
        ".globl coro_switch_raw\n"
        ".type coro_switch_raw,%function\n"
        "coro_switch_raw:\n"
        "  sub sp, sp, #160\n"
        "  stp x19, x20, [sp, #0]\n"
        "  stp x21, x22, [sp, #16]\n"
        "  stp x23, x24, [sp, #32]\n"
        "  stp x25, x26, [sp, #48]\n"
        "  stp x27, x28, [sp, #64]\n"
        "  stp x29, x30, [sp, #80]\n"
        "  stp d8, d9, [sp, #96]\n"
        "  stp d10, d11, [sp, #112]\n"
        "  stp d12, d13, [sp, #128]\n"
        "  stp d14, d15, [sp, #144]\n"
        "  mov x2, sp\n"
        "  str x2, [x0]\n"
        "  mov sp, x1\n"
        "  ldp x19, x20, [sp, #0]\n"
        "  ldp x21, x22, [sp, #16]\n"
        "  ldp x23, x24, [sp, #32]\n"
        "  ldp x25, x26, [sp, #48]\n"
        "  ldp x27, x28, [sp, #64]\n"
        "  ldp x29, x30, [sp, #80]\n"
        "  ldp d8, d9, [sp, #96]\n"
        "  ldp d10, d11, [sp, #112]\n"
        "  ldp d12, d13, [sp, #128]\n"
        "  ldp d14, d15, [sp, #144]\n"
        "  add sp, sp, #160\n"
        "  ret\n"
        ".size coro_switch_raw,.-coro_switch_raw\n"
        /* First entry: x19 holds the coro, x20 the C entry point. */
        ".globl coro_boot\n"
        ".type coro_boot,%function\n"
        "coro_boot:\n"
        "  mov x0, x19\n"
        "  blr x20\n"
        "  brk #0\n"
        ".size coro_boot,.-coro_boot\n");
enum { SAVED_WORDS = 20 }; /* x19..x30 then d8..d15 */
#define BOOT_SLOT_CORO 0 /* x19 */
#define BOOT_SLOT_FN 1   /* x20 */
#define BOOT_SLOT_RET 11 /* x30 */
#endif
#endif /* CORO_ASM */

/* ---- running an entry function ------------------------------------------- */

static void coro_enter(coro *c)
{
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(NULL, &switching_from->asan_bottom, &switching_from->asan_size);
#endif
    c->fn(c->arg);
    fprintf(stderr, "lockstep: a coroutine's entry function returned\n");
    abort();
}

#if CORO_UCONTEXT
static CORO_THREAD_LOCAL coro *booting;
static CORO_THREAD_LOCAL jmp_buf *boot_return;
static void coro_ucontext_boot(void)
{
    coro *c = booting;
    /* Park this fresh stack in a jmp_buf, go back to coro_restart. */
    if (_setjmp(c->jb) == 0)
        _longjmp(*boot_return, 1);
    coro_enter(c);
}
#endif

#if CORO_FIBER
static void coro_fiber_entry(void *arg) { coro_enter(arg); }
#endif

/* ---- guard pages and overflow reports ------------------------------------- */

#if CORO_GUARD_PAGE && !defined(CORO_ASAN)
/* Guard pages of live coroutines, checked by the SIGSEGV handler. */
#define MAX_GUARDS 256
static struct {
    unsigned char *lo;
    size_t size, stack_size;
} guards[MAX_GUARDS];
static unsigned char alt_stack[16384];

static void overflow_handler(int sig, siginfo_t *info, void *ctx)
{
    (void)ctx;
    unsigned char *addr = info->si_addr;
    for (int i = 0; i < MAX_GUARDS; i++) {
        if (guards[i].lo && addr >= guards[i].lo && addr < guards[i].lo + guards[i].size) {
            char msg[160];
            int n = snprintf(msg, sizeof msg,
                             "lockstep: an actor overflowed its %zu-byte stack "
                             "(raise the stack size)\n",
                             guards[i].stack_size);
            if (write(2, msg, (size_t)n) < 0) {
            }
            _exit(70);
        }
    }
    signal(sig, SIG_DFL); /* not ours: crash as usual */
}

static void guard_register(unsigned char *lo, size_t size, size_t stack_size)
{
    static bool installed;
    if (!installed) {
        stack_t ss = {.ss_sp = alt_stack, .ss_size = sizeof alt_stack};
        sigaltstack(&ss, NULL);
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_sigaction = overflow_handler;
        sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
        sigaction(SIGSEGV, &sa, NULL);
        sigaction(SIGBUS, &sa, NULL);
        installed = true;
    }
    for (int i = 0; i < MAX_GUARDS; i++) {
        if (!guards[i].lo) {
            guards[i].lo = lo;
            guards[i].size = size;
            guards[i].stack_size = stack_size;
            return;
        }
    }
}

static void guard_forget(unsigned char *lo)
{
    for (int i = 0; i < MAX_GUARDS; i++)
        if (guards[i].lo == lo)
            guards[i].lo = NULL;
}
#elif CORO_GUARD_PAGE
/* Under AddressSanitizer the sanitizer itself reports stack overflows. */
static void guard_register(unsigned char *lo, size_t size, size_t stack_size)
{
    (void)lo, (void)size, (void)stack_size;
}
static void guard_forget(unsigned char *lo) { (void)lo; }
#endif

/* ---- the public functions -------------------------------------------------- */

coro *coro_host(void)
{
    if (!host_ready) {
        memset(&host, 0, sizeof host);
#if CORO_FIBER
        static unsigned char host_asyncify[16384];
        emscripten_fiber_init_from_current_context(&host.fiber, host_asyncify,
                                                   sizeof host_asyncify);
#endif
#ifdef CORO_TSAN
        host.tsan_fiber = __tsan_get_current_fiber();
#endif
        host_ready = true;
    }
    return &host;
}

coro *coro_new(size_t stack_size, coro_fn fn, void *arg)
{
    if (stack_size < CORO_MIN_STACK)
        stack_size = CORO_MIN_STACK;
    stack_size = (stack_size + 4095) & ~(size_t)4095;
    coro *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->stack_size = stack_size;
#if CORO_GUARD_PAGE
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    c->mapping_size = stack_size + page;
    c->mapping =
        mmap(NULL, c->mapping_size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (c->mapping == MAP_FAILED) {
        free(c);
        return NULL;
    }
    mprotect(c->mapping, page, PROT_NONE);
    guard_register(c->mapping, page, stack_size);
    c->stack_lo = c->mapping + page;
#else
    c->mapping_size = stack_size;
    c->mapping = malloc(stack_size);
    if (!c->mapping) {
        free(c);
        return NULL;
    }
    c->stack_lo = c->mapping;
#endif
#if CORO_FIBER
    c->asyncify_size = stack_size / 2;
    c->asyncify_stack = malloc(c->asyncify_size);
    if (!c->asyncify_stack) {
        free(c->mapping);
        free(c);
        return NULL;
    }
#endif
#ifdef CORO_TSAN
    c->tsan_fiber = __tsan_create_fiber(0);
#endif
    coro_restart(c, fn, arg);
    return c;
}

void coro_restart(coro *c, coro_fn fn, void *arg)
{
    c->fn = fn;
    c->arg = arg;
    unsigned char *top = c->stack_lo + c->stack_size;
#ifdef CORO_ASAN
    /* Frames of the previous run never returned, so their redzones are still
     * poisoned; gcc's instrumentation does not repaint a whole frame on entry,
     * so a fresh frame over them would be reported as an overflow.  The same
     * holds for the canary written below. */
    __asan_unpoison_memory_region(c->stack_lo, c->stack_size);
    c->asan_bottom = c->stack_lo;
    c->asan_size = c->stack_size;
#endif
    memcpy(c->stack_lo, &(uint64_t){CORO_CANARY}, sizeof(uint64_t));
#if CORO_ASM
    uintptr_t aligned = (uintptr_t)top & ~(uintptr_t)15;
    void **frame = (void **)aligned - SAVED_WORDS;
#if defined(__aarch64__)
    frame -= (SAVED_WORDS & 1); /* keep sp 16-byte aligned */
#endif
    memset(frame, 0, SAVED_WORDS * sizeof(void *));
    frame[BOOT_SLOT_CORO] = c;
    frame[BOOT_SLOT_FN] = (void *)coro_enter;
    frame[BOOT_SLOT_RET] = (void *)coro_boot;
    c->sp = frame;
#elif CORO_UCONTEXT
    getcontext(&c->boot);
    c->boot.uc_stack.ss_sp = c->stack_lo + 64;
    c->boot.uc_stack.ss_size = c->stack_size - 64;
    c->boot.uc_link = NULL;
    makecontext(&c->boot, coro_ucontext_boot, 0);
    jmp_buf back;
    booting = c;
    boot_return = &back;
    ucontext_t here;
    if (_setjmp(back) == 0)
        swapcontext(&here, &c->boot); /* once per stack, never per step */
#elif CORO_FIBER
    (void)top;
    emscripten_fiber_init(&c->fiber, coro_fiber_entry, c, c->stack_lo + 64, c->stack_size - 64,
                          c->asyncify_stack, c->asyncify_size);
#endif
}

void coro_free(coro *c)
{
    if (!c)
        return;
#ifdef CORO_ASAN
    /* Frames that never returned leave their redzones poisoned; memory that
     * reuses these addresses (a later stack, a malloc) must not inherit that. */
    __asan_unpoison_memory_region(c->stack_lo, c->stack_size);
#endif
#ifdef CORO_TSAN
    __tsan_destroy_fiber(c->tsan_fiber);
#endif
#if CORO_GUARD_PAGE
    guard_forget(c->mapping);
    munmap(c->mapping, c->mapping_size);
#else
    free(c->mapping);
#endif
#if CORO_FIBER
    free(c->asyncify_stack);
#endif
    free(c);
}

CORO_THREAD_LOCAL int coro_no_switch;

void coro_switch(coro *from, coro *to)
{
    if (coro_no_switch) {
        fprintf(stderr, "lockstep: a coroutine switched inside a call that must not switch "
                        "(a model's or a scenario's answer to a question acted)\n");
        abort();
    }
#ifdef CORO_ASAN
    void *fake = NULL;
    switching_from = from;
    __sanitizer_start_switch_fiber(&fake, to->asan_bottom, to->asan_size);
#endif
#ifdef CORO_TSAN
    __tsan_switch_to_fiber(to->tsan_fiber, 0);
#endif
#if CORO_ASM
    coro_switch_raw(&from->sp, to->sp);
#elif CORO_UCONTEXT
    if (_setjmp(from->jb) == 0)
        _longjmp(to->jb, 1);
#elif CORO_FIBER
    emscripten_fiber_swap(&from->fiber, &to->fiber);
#endif
#ifdef CORO_ASAN
    __sanitizer_finish_switch_fiber(fake, &switching_from->asan_bottom, &switching_from->asan_size);
#endif
}

bool coro_stack_intact(const coro *c)
{
    uint64_t v;
    memcpy(&v, c->stack_lo, sizeof v);
    return v == CORO_CANARY;
}

size_t coro_stack_size(const coro *c) { return c->stack_size; }

/* ---- images of a suspended coroutine ---------------------------------------- */

/* What an image starts with: the context a switch saved, and how many bytes
 * of the stack (and, in wasm, of the Asyncify buffer) follow it. */
typedef struct coro_image_head {
    coro_fn fn;
    void *arg;
#if CORO_ASM
    void *sp;
#elif CORO_UCONTEXT
    jmp_buf jb;
#elif CORO_FIBER
    emscripten_fiber_t fiber;
    size_t asyncify_used;
#endif
    size_t stack_used;
} coro_image_head;

/* The used part of the stack: from the saved stack pointer to the top (the
 * whole stack where the switch hides the pointer in a jmp_buf). */
static unsigned char *image_stack_from(const coro *c)
{
#if CORO_ASM
    return c->sp;
#elif CORO_FIBER
    return c->fiber.stack_ptr;
#else
    return c->stack_lo;
#endif
}

static size_t image_stack_used(const coro *c)
{
#if CORO_FIBER
    return (size_t)((unsigned char *)c->fiber.stack_base - (unsigned char *)c->fiber.stack_ptr);
#else
    return (size_t)(c->stack_lo + c->stack_size - image_stack_from(c));
#endif
}

#if CORO_FIBER
static size_t image_asyncify_used(const coro *c)
{
    return (size_t)((unsigned char *)c->fiber.asyncify_data.stack_ptr - c->asyncify_stack);
}
#endif

#ifdef CORO_ASAN
/* A suspended stack holds poisoned redzones of frames that have not returned:
 * read without the sanitizer's checks (a memcpy would be reported), a word at
 * a time where both sides are aligned, the volatile accesses keeping the
 * compiler from making it a memcpy.  Also used on the shadow itself. */
__attribute__((no_sanitize_address)) static void copy_unchecked(void *dst, const void *src,
                                                                size_t n)
{
    unsigned char *d = dst;
    const unsigned char *sp = src;
    size_t words = n / sizeof(uint64_t);
    /* (the image's side may sit anywhere in its buffer: a fixed-size memcpy
     * there is a plain move; the stack's or the shadow's side is read and
     * written unchecked) */
    for (size_t i = 0; i < words; i++) {
        uint64_t w;
        const unsigned char *from = sp + i * sizeof w;
        unsigned char *to = d + i * sizeof w;
        if ((uintptr_t)from % sizeof w == 0)
            w = *(const volatile uint64_t *)from;
        else
            memcpy(&w, from, sizeof w);
        if ((uintptr_t)to % sizeof w == 0)
            *(volatile uint64_t *)to = w;
        else
            memcpy(to, &w, sizeof w);
    }
    for (size_t i = words * sizeof(uint64_t); i < n; i++)
        ((volatile unsigned char *)d)[i] = ((const volatile unsigned char *)sp)[i];
}
#define image_copy copy_unchecked

/* The sanitizer's shadow of a stack byte: one shadow byte per 8 bytes (the
 * granule) says which of them may be touched.  An image keeps the shadow of
 * the used part of the stack as it was, byte for byte (redzones, partial
 * granules), and puts it back. */
static unsigned char *shadow_of(const void *p)
{
    size_t scale, offset;
    __asan_get_shadow_mapping(&scale, &offset);
    return (unsigned char *)(((uintptr_t)p >> scale) + offset);
}
#define SHADOW_BYTES(n) ((n) / 8) /* (a used part starts and ends on a granule) */
#else
#define image_copy memcpy
#endif

size_t coro_image_size(const coro *c)
{
    size_t used = image_stack_used(c), n = sizeof(coro_image_head) + used;
#if CORO_FIBER
    n += image_asyncify_used(c);
#endif
#ifdef CORO_ASAN
    n += SHADOW_BYTES(used);
#endif
    return n;
}

void coro_image_save(const coro *c, unsigned char *image)
{
    coro_image_head h;
    memset(&h, 0, sizeof h);
    h.fn = c->fn;
    h.arg = c->arg;
#if CORO_ASM
    h.sp = c->sp;
#elif CORO_UCONTEXT
    memcpy(h.jb, c->jb, sizeof h.jb);
#elif CORO_FIBER
    h.fiber = c->fiber;
    h.asyncify_used = image_asyncify_used(c);
#endif
    h.stack_used = image_stack_used(c);
    memcpy(image, &h, sizeof h);
    unsigned char *at = image + sizeof h;
    image_copy(at, image_stack_from(c), h.stack_used);
    at += h.stack_used;
#if CORO_FIBER
    memcpy(at, c->asyncify_stack, h.asyncify_used);
    at += h.asyncify_used;
#endif
#ifdef CORO_ASAN
    copy_unchecked(at, shadow_of(image_stack_from(c)), SHADOW_BYTES(h.stack_used));
#endif
}

void coro_image_restore(coro *c, const unsigned char *image)
{
    coro_image_head h;
    memcpy(&h, image, sizeof h);
    c->fn = h.fn;
    c->arg = h.arg;
#if CORO_ASM
    c->sp = h.sp;
#elif CORO_UCONTEXT
    memcpy(c->jb, h.jb, sizeof h.jb);
#elif CORO_FIBER
    c->fiber = h.fiber;
#endif
    unsigned char *to = image_stack_from(c);
    const unsigned char *at = image + sizeof h;
#ifdef CORO_ASAN
    /* The stack as the saved run left it: below the used part every byte
     * addressable (stale redzones of frames since entered deeper would be
     * reported when new frames reuse the bytes), the used part's shadow as it
     * was (put back below). */
    __asan_unpoison_memory_region(c->stack_lo, (size_t)(to - c->stack_lo));
#endif
    image_copy(to, at, h.stack_used);
    at += h.stack_used;
#if CORO_FIBER
    memcpy(c->asyncify_stack, at, h.asyncify_used);
    at += h.asyncify_used;
#endif
#ifdef CORO_ASAN
    copy_unchecked(shadow_of(to), at, SHADOW_BYTES(h.stack_used));
#endif
    /* the canary below the stack is never part of a frame: it stays */
}
