/*
 * The out-of-line half of the native backend: system calls and the per-thread
 * parker.  Kept out of the header so engines do not see <linux/futex.h>.
 */
#define _GNU_SOURCE
#include "../plat.h"

#include <errno.h>
#include <sched.h>
#include <string.h>

#ifdef __linux__
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

static _Thread_local plat_parker self_parker;
static const char *variant = "correct";

const char *plat_variant(void) { return variant; }
void plat_native_set_variant(const char *name) { variant = name; }

plat_parker *plat_parker_self(void) { return &self_parker; }

int64_t plat_native_now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

void plat_native_sleep_us(int64_t us)
{
    struct timespec ts = {(time_t)(us / 1000000), (long)(us % 1000000) * 1000};
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {
    }
}

void plat_native_yield(void) { sched_yield(); }

#ifdef __linux__
void plat_native_futex_wait(_Atomic uint32_t *word, uint32_t expected, int64_t timeout_us)
{
    struct timespec ts, *tsp = NULL;
    if (timeout_us >= 0) {
        ts.tv_sec = (time_t)(timeout_us / 1000000);
        ts.tv_nsec = (long)(timeout_us % 1000000) * 1000;
        tsp = &ts;
    }
    /* The kernel sleeps only if *word still equals expected: no lost wakeup. */
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAIT_PRIVATE, expected, tsp, NULL, 0);
}

void plat_native_futex_wake(_Atomic uint32_t *word)
{
    syscall(SYS_futex, (uint32_t *)word, FUTEX_WAKE_PRIVATE, 1, NULL, NULL, 0);
}
#else
/* Without futexes: poll with a short sleep.  Correct, not fast. */
void plat_native_futex_wait(_Atomic uint32_t *word, uint32_t expected, int64_t timeout_us)
{
    if (atomic_load(word) == expected)
        plat_native_sleep_us(timeout_us >= 0 && timeout_us < 50 ? timeout_us : 50);
}
void plat_native_futex_wake(_Atomic uint32_t *word) { (void)word; }
#endif

void plat_native_misuse(plat_site at, const char *message, const char *reference,
                        const char *thrown)
{
    fprintf(stderr, "lockstep: misuse at %s:%d (%s): %s", at.file, at.line, at.label, message);
    if (reference && thrown)
        fprintf(stderr, " (%s: %s)", reference, thrown);
    fprintf(stderr, "\n");
    abort();
}

/* Runs g->init exactly once, whichever thread gets here first. */
void plat_native_global_init(plat_global *g)
{
    static pthread_mutex_t once = PTHREAD_MUTEX_INITIALIZER;
    pthread_mutex_lock(&once);
    if (!__atomic_load_n(&g->native_ready, __ATOMIC_RELAXED)) {
        memset(g->native_storage, 0, g->size);
        g->init(g->native_storage);
        __atomic_store_n(&g->native_ready, 1, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&once);
}
